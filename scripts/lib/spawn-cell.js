// Starts the child runner under a given runtime, with a time limit, and turns
// whatever happens (one JSON line, a crash, an out-of-memory abort, a hang)
// into one sample record. Never throws for a misbehaving variant: the run goes on.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');

const CHILD = path.join(__dirname, 'child.js');
const STDERR_KEEP = 4000;
// Children still running, so an interrupted run can stop them instead of
// leaving a hung variant behind.
const active = new Set();

function killActive() {
  for (const child of active) child.kill('SIGKILL');
}

// Flags the harness adds so the child can force a GC before its baseline.
function gcFlags(name) {
  if (name === 'deno') return ['--v8-flags=--expose-gc'];
  return ['--expose-gc']; // node (all versions) and bun
}

function run(runtime, args, timeoutMs, env = {}) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const argv = runtime.flags.concat(runtime.harnessFlags || [], [CHILD], args);
    let child;
    try {
      child = spawn(runtime.path, argv, {
        env: Object.assign({}, process.env, { NODE_ENV: 'production' }, env),
        stdio: ['ignore', 'pipe', 'pipe']
      });
    } catch (err) {
      return resolve({ spawnError: err, stdout: '', stderr: '', wallMs: 0 });
    }
    active.add(child);
    let stdout = '', stderr = '', timedOut = false;
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-STDERR_KEEP); });
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
    child.on('error', (err) => { clearTimeout(timer); active.delete(child); resolve({ spawnError: err, stdout, stderr, wallMs: 0 }); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      active.delete(child);
      resolve({ code, signal, stdout, stderr, timedOut, wallMs: Number(process.hrtime.bigint() - started) / 1e6 });
    });
  });
}

function lastLine(text) {
  const lines = text.split('\n').filter((l) => l.trim());
  return lines.length ? lines[lines.length - 1] : '';
}

function isOutOfMemory(stderr) {
  return /heap out of memory|Allocation failed|out of memory|OutOfMemory|Reached heap limit/i.test(stderr);
}

// One repetition of a cell → a sample: { status, error?, timeMs, ... }.
async function runCell(runtime, cell, rep, { timeoutMs, seed }) {
  const args = ['--variant', cell.file, '--scenario', cell.scenario, '--n', String(cell.n), '--t', String(cell.t),
    '--seed', String(seed + rep)];
  if (cell.k) args.push('--k', String(cell.k));
  if (cell.errorRate) args.push('--error-rate', String(cell.errorRate));
  if (cell.longStacks) args.push('--long-stacks', cell.longStacks);
  const r = await run(runtime, args, timeoutMs);
  const base = { rep, wallMs: Math.round(r.wallMs) };
  if (r.spawnError) return Object.assign(base, { status: 'crash', error: `cannot start ${runtime.path}: ${r.spawnError.message}` });
  if (r.timedOut) return Object.assign(base, { status: 'timeout', error: `no result within ${timeoutMs} ms; the child was killed` });
  let record = null;
  try {
    record = JSON.parse(lastLine(r.stdout));
  } catch (err) {
    record = null;
  }
  if (record && record.type === 'cell' && record.status === 'ok' && r.code === 0) {
    delete record.type;
    return Object.assign(base, record);
  }
  const tail = r.stderr.trim().split('\n').slice(-6).join(' | ');
  if (isOutOfMemory(r.stderr)) return Object.assign(base, { status: 'oom', error: `out of memory: ${tail}` });
  if (record && record.type === 'cell') {
    if (record.status === 'bad-args') {
      throw new Error(`Internal error: the child runner rejected its arguments (${record.error}); args: ${args.join(' ')}`);
    }
    return Object.assign(base, { status: record.status === 'ok' ? 'crash' : record.status, error: record.error || `exit code ${r.code}` });
  }
  const how = r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`;
  return Object.assign(base, { status: 'crash', error: `${how} without a result line${tail ? `: ${tail}` : ''}` });
}

// What the runtime offers; throws with a clear message if it cannot run the child.
async function probeRuntime(runtimePath, flags) {
  const r = await run({ path: runtimePath, flags, harnessFlags: [] }, ['--probe'], 30000);
  if (r.spawnError) throw new Error(`--runtime ${runtimePath}: cannot start it (${r.spawnError.message}). Give the path to a node, bun or deno binary.`);
  let info;
  try {
    info = JSON.parse(lastLine(r.stdout));
  } catch (err) {
    info = null;
  }
  if (!info || info.type !== 'probe') {
    throw new Error(`--runtime ${runtimePath} ${flags.join(' ')}: the child runner did not report (exit ${r.code}${r.signal ? `, ${r.signal}` : ''}): ${r.stderr.trim().slice(-500)}`);
  }
  const { type, runtime: name, ...rest } = info; // eslint-disable-line no-unused-vars
  const id = [`${name}-${info.version}`].concat(flags).join(' ');
  // Probe again with the GC flag: it must not break the runtime, and the
  // record should say whether the child can force a GC before its baseline.
  let harnessFlags = gcFlags(name);
  const again = await run({ path: runtimePath, flags, harnessFlags }, ['--probe'], 30000);
  let gc = false;
  try {
    gc = JSON.parse(lastLine(again.stdout)).gc === true;
  } catch (err) {
    harnessFlags = [];
  }
  return Object.assign({ id, name, path: runtimePath, flags, harnessFlags }, rest, { gc });
}

module.exports = { runCell, probeRuntime, killActive, gcFlags, CHILD };
