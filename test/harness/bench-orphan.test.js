// kill -9 of the benchmark leaves nothing running: a child stuck in a
// synchronous loop never turns its event loop again, so it cannot notice its
// parent's pipe close (child.js --parent-pipe); something outside it must end
// it within its job's timeout (issue 38, item 2). The moment to kill is given
// by the fixture variant (test/fixtures/bench/spins.js), never by a delay.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempOut, runBench, until, readyPid, isGone, killQuietly } = require('../fixtures/bench/helpers');

const TIMEOUT_MS = 5000;
// How long after the kill every process the run started must be gone: the
// job's timeout plus a few seconds for a loaded machine.
const GONE_WITHIN_MS = TIMEOUT_MS + 5000;

// The pids whose parent is `pid` (field 4 of /proc/PID/stat).
function childrenOf(pid) {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch (err) { /* ended meanwhile */ }
  }
  return found;
}

// Resolves true once every pid is gone, false if one is still there at the deadline.
function allGone(pids, ms) {
  const deadline = Date.now() + ms;
  return until(() => pids.every(isGone) ? 'gone' : Date.now() > deadline ? 'running' : null, 50).then((s) => s === 'gone');
}

test('kill -9 of the benchmark: a child looping synchronously is gone within its job\'s timeout, with every process the run started',
  { timeout: 60000 }, async (t) => {
    const out = tempOut(t);
    const ready = path.join(path.dirname(out), 'ready');
    let spinner = null;
    let started = [];
    const r = await runBench(['--variants', '^fixture-spins$', '--scenario', 'upload', '--mode', 'cpu', '--n', '1', '--reps', '1',
      '--retries', '0', '--timeout', String(TIMEOUT_MS), '--out', out], {
      env: { ASYNCBENCH_TEST_READY: ready },
      onStart(child) {
        until(() => readyPid(ready)).then((pid) => {
          spinner = pid;
          started = childrenOf(child.pid);
          for (const p of started.concat(pid)) t.after(() => killQuietly(p)); // never leave a spinning fixture behind
          child.kill('SIGKILL');
        });
      }
    });
    assert.equal(r.signal, 'SIGKILL', r.stderr);
    assert.ok(started.includes(spinner), 'the spinning child was the benchmark\'s own child when it was killed');
    assert.ok(await allGone(started, GONE_WITHIN_MS),
      `still running ${GONE_WITHIN_MS} ms after the kill: ${started.filter((p) => !isGone(p)).join(', ')} (the spinning child is ${spinner})`);
  });
