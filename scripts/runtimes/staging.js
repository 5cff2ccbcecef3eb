// Builds a cache folder all at once or not at all: the work happens in a
// hidden sibling (.partial-<name>-<pid>-XXXXXX) that is renamed into place only
// when complete, so a failed or killed install never leaves a folder that looks
// installed. Leftovers of killed runs (their pid is gone) are removed by the
// next build of the same folder.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { isAlive } = require('../lib/process-alive');

const PARTIAL = '.partial-';

// Partial folders of `name` whose process has died.
function staleParts(parent, name) {
  let entries = [];
  try {
    entries = fs.readdirSync(parent);
  } catch (err) {
    return [];
  }
  // .partial-<name>-<pid>-<mkdtemp's 6 characters>, exactly: node-1 must not claim node-1-x's.
  // One with our own pid is stale too: builds here are synchronous, one at a
  // time, so it was left by an earlier process that had the same pid.
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const own = new RegExp(`^${escape(PARTIAL + name)}-(\\d+)-[A-Za-z0-9]{6}$`);
  return entries.filter((e) => {
    const m = own.exec(e);
    return m && (Number(m[1]) === process.pid || !isAlive(Number(m[1])));
  }).map((e) => path.join(parent, e));
}

// Every kind of cache folder records its build in install.json, written last.
function isComplete(dir) {
  return fs.existsSync(path.join(dir, 'install.json'));
}

// JSON written whole or not at all, for files other processes may be reading.
function writeJsonAtomic(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n');
  fs.renameSync(tmp, file);
}

// build(stage) fills the staging folder; it is then renamed to finalDir.
// Returns whatever build returned.
// `isCurrent(dir)` says whether a finished folder already holds what this build
// makes; by default any finished one does. A finished folder that is not
// current (a library set whose versions changed) is replaced.
function buildAtomically(finalDir, build, isCurrent = isComplete) {
  const parent = path.dirname(finalDir);
  const name = path.basename(finalDir);
  fs.mkdirSync(parent, { recursive: true });
  for (const stale of staleParts(parent, name)) fs.rmSync(stale, { recursive: true, force: true });
  const stage = fs.mkdtempSync(path.join(parent, `${PARTIAL}${name}-${process.pid}-`));
  fs.chmodSync(stage, 0o755); // mkdtemp makes it private; the cache is not
  try {
    const result = build(stage);
    checkpoint('before-rename');
    // Another process (a parallel test, a second terminal) may have finished
    // the same folder meanwhile: keep theirs, it is equivalent.
    if (isCurrent(finalDir)) return result;
    // Whatever else sits there is not a finished build (an older layout): replace it.
    fs.rmSync(finalDir, { recursive: true, force: true });
    try {
      fs.renameSync(stage, finalDir);
    } catch (err) {
      if (!isCurrent(finalDir)) throw err;
    }
    return result;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

// Test hooks, so the tests can interrupt an install at a known step:
// ASYNCBENCH_RUNTIMES_FAIL_AT=<step> throws there; ASYNCBENCH_RUNTIMES_PAUSE_AT=<step>
// prints "paused at <step>" and sleeps, for the test to kill the process.
function checkpoint(step) {
  if (process.env.ASYNCBENCH_RUNTIMES_FAIL_AT === step) {
    throw new Error(`injected failure at step "${step}" (ASYNCBENCH_RUNTIMES_FAIL_AT)`);
  }
  if (process.env.ASYNCBENCH_RUNTIMES_PAUSE_AT === step) {
    process.stderr.write(`paused at ${step}\n`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120000);
  }
}

// Disk usage of a folder in bytes (allocated blocks, as du counts them).
function diskUsage(dir) {
  let total = 0;
  const walk = (p) => {
    const st = fs.lstatSync(p);
    total += st.blocks * 512;
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
  return total;
}

// Runs a command, returns stdout; on failure throws with the command's own
// last words (npm's "npm error ..." lines, or the tail of stderr).
function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, Object.assign({ encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, opts));
  if (r.error) throw Object.assign(new Error(`${cmd}: ${r.error.message}`), { reason: r.error.message });
  if (r.status !== 0) {
    const lines = String(r.stderr || '').split('\n').map((l) => l.trim()).filter(Boolean);
    const npmErrors = lines.filter((l) => /^npm (error|ERR!)/.test(l)).slice(0, 3);
    const reason = (npmErrors.length ? npmErrors : lines.slice(-3)).join(' | ') ||
      (r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`);
    throw Object.assign(new Error(`${cmd} ${args.join(' ')} failed: ${reason}`), { reason });
  }
  return r.stdout;
}

module.exports = { buildAtomically, checkpoint, diskUsage, isComplete, staleParts, run, writeJsonAtomic };
