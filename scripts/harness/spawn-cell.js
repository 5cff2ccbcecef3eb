// Starts the child runner under a given runtime, with a time limit, and turns
// whatever happens (one JSON line, a crash, an out-of-memory abort, a hang,
// a flood of output) into one sample record. Never throws for a misbehaving
// variant: the run goes on.
//
// Only the result line the child prints with this run's tag counts: a line a
// variant prints, shaped like a result, does not. Only a bounded tail of the
// child's output is kept, and a child that writes more than STDOUT_LIMIT to
// stdout is stopped and recorded as a failure.
'use strict';
const crypto = require('node:crypto');
const { spawn } = require('node:child_process');
const path = require('node:path');
const scenarios = require('./scenarios');
const { watch, unwatch } = require('./orphan-watchdog');

const CHILD = path.join(__dirname, 'child.js');
const STDERR_KEEP = 4000;
const STDOUT_KEEP = 64 * 1024;
const STDOUT_LIMIT = 1024 * 1024;
// Children still running, so an interrupted run can stop them instead of
// leaving a hung variant behind.
const active = new Set();

function killActive() {
  for (const child of active) child.kill('SIGKILL');
}

// Runs child.js under `runtime` ({ path, flags, harnessFlags, env }) with `args`.
function spawnChild(runtime, args, timeoutMs, env = {}) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const argv = runtime.flags.concat(runtime.harnessFlags || [], [CHILD], args);
    let child;
    try {
      // stdin: a pipe we never write to; the child (--parent-pipe) exits when
      // it closes, i.e. when this process is gone (orphan-watchdog.js covers
      // a child too busy to notice).
      child = spawn(runtime.path, argv, {
        env: Object.assign({}, process.env, { NODE_ENV: 'production' }, runtime.env, env),
        stdio: ['pipe', 'pipe', 'pipe']
      });
    } catch (err) {
      return resolve({ spawnError: err, stdout: '', stderr: '', stdoutBytes: 0, wallMs: 0 });
    }
    active.add(child);
    // Should this process die without a word (kill -9), the watchdog kills
    // the child: one looping synchronously never sees its stdin close.
    watch(child.pid);
    let stdout = '', stderr = '', stdoutBytes = 0, timedOut = false, flooded = false;
    child.stdin.on('error', () => { /* the child ended first */ });
    child.stdout.on('data', (d) => {
      stdoutBytes += d.length;
      stdout = (stdout + d).slice(-STDOUT_KEEP);
      if (stdoutBytes > STDOUT_LIMIT && !flooded) {
        flooded = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-STDERR_KEEP); });
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      active.delete(child);
      unwatch(child.pid);
      resolve(result);
    };
    child.on('error', (err) => finish({ spawnError: err, stdout, stderr, stdoutBytes, wallMs: 0 }));
    child.on('close', (code, signal) => finish({ code, signal, stdout, stderr, stdoutBytes, flooded, timedOut,
      wallMs: Number(process.hrtime.bigint() - started) / 1e6 }));
  });
}

function lastLine(text) {
  const lines = text.split('\n').filter((l) => l.trim());
  return lines.length ? lines[lines.length - 1] : '';
}

function isOutOfMemory(stderr) {
  return /heap out of memory|Allocation failed|out of memory|OutOfMemory|Reached heap limit/i.test(stderr);
}

// One line for an out-of-memory abort, instead of the runtime's native
// backtrace: where, and the limit if we know it (the user's
// --max-old-space-size, else what the probe read from V8).
function outOfMemory(runtime, cell, stderr) {
  const flag = (runtime.flags || []).map((f) => /^--max[-_]old[-_]space[-_]size=(\d+)$/.exec(f)).find(Boolean);
  const limit = flag ? Number(flag[1]) : runtime.heapLimitMb;
  if (/heap/i.test(stderr)) {
    return `out of memory at n=${cell.n}: the JavaScript heap reached its limit${limit ? ` (${limit} MB)` : ''}`;
  }
  return `out of memory at n=${cell.n}: the runtime could not allocate memory`;
}

function mb(bytes) {
  return Math.round(bytes / 1048576 * 10) / 10;
}

// The child's result line, if it printed one with this run's tag.
function resultRecord(stdout, tag) {
  let record;
  try {
    record = JSON.parse(lastLine(stdout));
  } catch (err) {
    return null;
  }
  if (!record || record.type !== 'cell' || record.tag !== tag) return null;
  delete record.type;
  delete record.tag;
  return record;
}

// One repetition of a cell → a sample: { status, error?, timeMs, ... }.
async function runCell(runtime, cell, rep, { timeoutMs, seed, gc = true }) {
  const args = ['--variant', cell.file, '--scenario', cell.scenario, '--n', String(cell.n), '--t', String(cell.t),
    '--seed', String(seed + rep), '--parent-pipe', ...scenarios.get(cell.scenario).childArgs(cell)];
  if (cell.longStacks) args.push('--long-stacks', cell.longStacks);
  if (!gc) args.push('--no-gc');
  if (cell.warmGc) args.push('--warm-gc');
  const tag = crypto.randomBytes(8).toString('hex');
  const r = await spawnChild(runtime, args, timeoutMs, { ASYNCBENCH_RESULT_TAG: tag });
  const base = { rep, wallMs: Math.round(r.wallMs) };
  if (r.spawnError) return Object.assign(base, { status: 'crash', error: `cannot start ${runtime.path}: ${r.spawnError.message}` });
  if (r.flooded) {
    return Object.assign(base, { status: 'crash', error: `the child wrote ${mb(r.stdoutBytes)} MB to stdout and was stopped ` +
      `(limit ${mb(STDOUT_LIMIT)} MB): a variant must not print, stdout carries only its result line` });
  }
  if (r.timedOut) return Object.assign(base, { status: 'timeout', error: `no result within ${timeoutMs} ms; the child was killed` });
  const record = resultRecord(r.stdout, tag);
  if (record && record.status === 'ok' && r.code === 0) return Object.assign(base, record);
  const tail = r.stderr.trim().split('\n').slice(-6).join(' | ');
  if (isOutOfMemory(r.stderr)) return Object.assign(base, { status: 'oom', error: outOfMemory(runtime, cell, r.stderr) });
  if (record) {
    if (record.status === 'bad-args') {
      throw new Error(`Internal error: the child runner rejected its arguments (${record.error}); args: ${args.join(' ')}`);
    }
    return Object.assign(base, { status: record.status === 'ok' ? 'crash' : record.status, error: record.error || `exit code ${r.code}` });
  }
  const how = r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`;
  return Object.assign(base, { status: 'crash', error: `${how} without a result line${tail ? `: ${tail}` : ''}` });
}

module.exports = { runCell, spawnChild, killActive };
