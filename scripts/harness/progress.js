// Progress on stderr: a redrawn bar (cells done, ETA, current cell) on a
// terminal, one plain line per finished job otherwise (CI logs, nohup), so
// stdout stays free for the summary table.
'use strict';

function duration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor(s / 60) % 60).padStart(2, '0')}m`;
}

function label(job) {
  const c = job.cell;
  return `${c.runtime} ${c.scenario}/${c.mode} ${c.variant} n=${c.n} rep ${job.rep}`;
}

// Expected cost of a job, for the ETA: process start and loading (~150 ms
// here) plus the I/O floor, which dominates I/O-bound cells. A scenario
// whose cells say what a job costs (scenarios/chains/descriptor.js) is taken at its word.
function weight(job) {
  if (job.cell.estimateMs) return job.cell.estimateMs;
  // Each warm batch (warm.js) costs about a cold batch's work, and
  // warmBatches of them run.
  const batches = 1 + (job.cell.warmBatches || 0);
  return 150 + batches * (job.cell.ioFloorMs + job.cell.n * 0.05);
}

class Progress {
  constructor(jobs, { stream = process.stderr, tty = stream.isTTY } = {}) {
    this.stream = stream;
    this.tty = Boolean(tty);
    this.total = jobs.length;
    this.done = 0;
    this.totalWeight = jobs.reduce((s, j) => s + weight(j), 0);
    this.doneWeight = 0;
    this.started = Date.now();
  }

  // Jobs scheduled after the start (adaptive repetitions).
  add(jobs) {
    this.total += jobs.length;
    this.totalWeight += jobs.reduce((s, j) => s + weight(j), 0);
  }

  eta() {
    if (this.doneWeight === 0) return NaN;
    const elapsed = Date.now() - this.started;
    return elapsed / this.doneWeight * (this.totalWeight - this.doneWeight);
  }

  start(job) {
    if (!this.tty) return;
    const width = 24;
    const filled = this.total ? Math.round(width * this.done / this.total) : width;
    const bar = '#'.repeat(filled) + '.'.repeat(width - filled);
    const line = `[${bar}] ${this.done}/${this.total} ETA ${duration(this.eta())}  ${label(job)}`;
    const cols = this.stream.columns || 100;
    this.stream.write(`\r${line.slice(0, cols - 1).padEnd(cols - 1)}`);
  }

  finish(job, sample) {
    this.done++;
    this.doneWeight += weight(job);
    if (this.tty) return;
    let result = sample.status === 'ok' ? `${sample.timeMs} ms` : `${sample.status}: ${String(sample.error).slice(0, 120)}`;
    if (sample.retries) result += `, after ${sample.retries.length} loaded attempt(s)`;
    if (sample.interfered) result += ' [interfered]';
    this.stream.write(`[${this.done}/${this.total}] ${label(job)}: ${result} (ETA ${duration(this.eta())})\n`);
  }

  note(message) {
    this.stream.write(`${this.tty ? '\r\x1b[K' : ''}${message}\n`);
  }

  end() {
    if (this.tty) this.stream.write('\r\x1b[K');
    this.stream.write(`${this.done} jobs in ${duration(Date.now() - this.started)}\n`);
  }
}

module.exports = { Progress, duration, weight };
