// CPU time beside wall time (issue 41, item 3), on fixture data: the
// /proc/self/stat fallback's parser, the GC events' attribution to batches by
// their start time, the schema's new sample fields, and the CPU figures the
// data file derives (warmCpuMs, the cells' cpu and warmCpu summaries).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const cpuClock = require('../../scripts/harness/cpu-clock');
const { attribute } = require('../../scripts/harness/gc-events');
const { validateSample, summarizeCell } = require('../../scripts/harness/datafile');
const { formatSummary } = require('../../scripts/harness/summary-formats');

const STAT = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'cpu', 'proc-self-stat.txt'), 'utf8');

test('proc-stat: utime and stime are counted from the last ")", so a process name with spaces and parentheses is read right', () => {
  assert.deepEqual(cpuClock.parseProcStat(STAT), { utime: 1234, stime: 56 });
  assert.equal(cpuClock.parseProcStat('not a stat line'), null);
  assert.equal(cpuClock.parseProcStat('1 (x) S 0 0'), null, 'too few fields');
});

test('proc-stat: without process.cpuUsage the clock reads /proc/self/stat in 10 ms ticks; with neither, no clock', () => {
  const clock = cpuClock.cpuClock({}, () => STAT);
  assert.equal(clock.source, 'proc-stat');
  assert.equal(clock.now(), (1234 + 56) * 10);
  assert.equal(cpuClock.cpuClock({}, () => { throw Object.assign(new Error('no /proc'), { code: 'ENOENT' }); }), null);
  assert.equal(cpuClock.cpuClock({}, () => 'garbage'), null);
  const usage = cpuClock.cpuClock({ cpuUsage: () => ({ user: 1500, system: 500 }) }, () => STAT);
  assert.equal(usage.source, 'process.cpuUsage');
  assert.equal(usage.now(), 2, 'µs of user + system, in ms');
});

test('gc: each event counts in the batch whose span holds its start, none outside every span', () => {
  const spans = [{ from: 100, to: 200 }, { from: 250, to: 300 }];
  const entries = [
    { startTime: 90, duration: 50 }, // the forced collection before the cold batch: nowhere
    { startTime: 100, duration: 1 },
    { startTime: 199.5, duration: 4 }, // starts inside, ends after: all of it in the first
    { startTime: 220, duration: 7 }, // between batches: nowhere
    { startTime: 300, duration: 2 },
    { startTime: 301, duration: 8 },
  ];
  assert.deepEqual(attribute(entries, spans), [5, 2]);
  assert.deepEqual(attribute([], spans), [0, 0]);
});

const ok = (extra) => ({ rep: 1, run: 'r', status: 'ok', timeMs: 10, p50Ms: 5, p99Ms: 9, peakRssMb: 1, heapMb: 1, failed: 0, ...extra });

test('schema: the CPU and GC fields are accepted, a negative cpuMs or a cpuMs without its source is not', () => {
  const warm = { warmMs: 4, warmBatchesMs: [6, 4, 4], warmSteady: true };
  assert.deepEqual(validateSample(ok({ cpuMs: 12.5, cpuSource: 'process.cpuUsage', gcMs: 0.4, gcSource: 'perf_hooks', ...warm,
    warmCpuBatchesMs: [7, 5, 5], warmGcBatchesMs: [0, 0.2, 0], warmCpuMs: 5 })), []);
  assert.deepEqual(validateSample(ok({ cpuMs: 10, cpuSource: 'proc-stat', ...warm, warmCpuBatchesMs: [0, 10, 0], warmCpuMs: null })), []);
  assert.match(validateSample(ok({ cpuMs: -1, cpuSource: 'proc-stat' })).join(), /cpuMs must be >= 0/);
  assert.match(validateSample(ok({ cpuMs: 1 })).join(), /cpuSource/);
  assert.match(validateSample(ok({ gcMs: -0.1, gcSource: 'perf_hooks' })).join(), /gcMs must be >= 0/);
  assert.match(validateSample(ok({ cpuMs: 1, cpuSource: 'getrusage' })).join(), /cpuSource/);
});

function cellWith(samples) {
  return { key: 'k', runtime: 'node-24@24.0.0', scenario: 'upload', mode: 'cpu', variant: 'original', n: 1000, t: 0, ioFloorMs: 0,
    criticalPath: 8, status: 'ok', run: 'r', samples };
}

test('data: warmCpuMs is the median of the steady segment\'s CPU times; null without one; the cell summarizes cpu and warmCpu', () => {
  const warm = (from, cpu) => ({ warmMs: 4, warmBatchesMs: cpu.map(() => 4), warmSteady: from !== null, warmSteadyFrom: from, warmCpuBatchesMs: cpu });
  const cell = summarizeCell(cellWith([
    ok({ rep: 1, cpuMs: 20, cpuSource: 'process.cpuUsage', ...warm(2, [30, 20, 5, 7, 6]) }),
    ok({ rep: 2, cpuMs: 30, cpuSource: 'process.cpuUsage', ...warm(1, [9, 8, 10]) }),
    ok({ rep: 3, cpuMs: 40, cpuSource: 'process.cpuUsage', ...warm(null, [9, 8, 10]) }),
  ]));
  assert.deepEqual(cell.samples.map((s) => s.warmCpuMs), [6, 9, null]);
  assert.equal(cell.cpu.median, 30);
  assert.equal(cell.warmCpu.median, 7.5);
  assert.equal(cell.warmCpu.count, 2, 'the process without a steady segment is left out');
  const row = JSON.parse(formatSummary('json', [cell], { run: 'r', file: 'f' })).cells[0];
  assert.equal(row.cpuMedianMs, 30);
  assert.equal(row.warmCpuMedianMs, 7.5);
});

test('data: without warmSteadyFrom (a file from before the steady segment) warmCpuMs is null; without CPU fields no cpu summaries', () => {
  const cell = summarizeCell(cellWith([ok({ cpuMs: 20, cpuSource: 'proc-stat', warmMs: 4, warmBatchesMs: [4, 4], warmSteady: true, warmCpuBatchesMs: [10, 0] })]));
  assert.equal(cell.samples[0].warmCpuMs, null);
  assert.equal(cell.warmCpu.count, 0);
  const old = summarizeCell(cellWith([ok({})]));
  assert.equal('cpu' in old || 'warmCpu' in old, false);
  assert.equal(JSON.parse(formatSummary('json', [old], { run: 'r', file: 'f' })).cells[0].cpuMedianMs, null);
});
