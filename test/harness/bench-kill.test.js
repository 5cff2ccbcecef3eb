// A run stopped at any moment loses nothing already measured: kill -9 in the
// middle of a rerun leaves every committed cell with samples, the child it was
// waiting for does not live on, and SIGTERM / SIGINT save and exit with the
// shell's codes. The moment to stop is given by a fixture variant that says
// when it runs (test/fixtures/bench/ready-hang.js), never by a guessed delay.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempOut, runBench, readData, until, readyPid, isGone, killQuietly } = require('../fixtures/bench/helpers');
const { validate } = require('../../scripts/harness/datafile');
const { readDataFile } = require('../../site/lib/data-files');

const SMALL = ['--scenario', 'upload', '--mode', 'cpu', '--reps', '1', '--timeout', '600000'];

// Runs bench until the fixture variant reports that it runs, then `stop(child)`.
async function runUntilReady(t, args, stop) {
  const ready = path.join(path.dirname(args[args.indexOf('--out') + 1]), 'ready');
  let pid = null;
  const r = await runBench(args, {
    env: { ASYNCBENCH_TEST_READY: ready },
    onStart(child) {
      until(() => readyPid(ready)).then((p) => {
        pid = p;
        t.after(() => killQuietly(p)); // never leave a hung fixture behind, whatever the outcome
        stop(child);
      });
    }
  });
  return Object.assign(r, { variantPid: pid });
}

test('kill -9 during a non-resume run keeps committed cells', async (t) => {
  const out = tempOut(t);
  const ns = ['--n', '5,6,7,8,9,10'];
  const first = await runBench(['--variants', '^(original|async-await)$', ...SMALL, ...ns, '--out', out]);
  assert.equal(first.code, 0, first.stderr);
  const committed = readData(out).cells;
  assert.equal(committed.length, 18, 'two variants and the floor workload at six n');

  const killed = await runUntilReady(t, ['--variants', '^(original|async-await|fixture-ready)$', ...SMALL, ...ns, '--out', out],
    (child) => child.kill('SIGKILL'));
  assert.equal(killed.signal, 'SIGKILL', killed.stderr);

  const data = readData(out);
  assert.deepEqual(validate(data), [], 'the file left behind is valid');
  let untouched = 0;
  for (const old of committed) {
    const cell = data.cells.find((c) => c.key === old.key);
    assert.ok(cell && cell.samples.length > 0, `${old.key} lost its samples`);
    if (JSON.stringify(cell.samples) === JSON.stringify(old.samples)) untouched++;
    else assert.ok(cell.samples.every((s) => s.run !== old.run), `${old.key}: new samples replace old ones, never mix with them`);
  }
  assert.ok(untouched > 0, 'the kill came before the rerun reached every committed cell');
});

test('--resume after a killed rerun measures the cells it had not reached', async (t) => {
  const out = tempOut(t);
  const args = ['--variants', '^(original|async-await)$', ...SMALL, '--n', '5,6,7', '--out', out];
  assert.equal((await runBench(args)).code, 0);
  const committed = readData(out).cells;
  const killed = await runUntilReady(t, ['--variants', '^(original|async-await|fixture-ready)$', ...SMALL, '--n', '5,6,7', '--out', out],
    (child) => child.kill('SIGKILL'));
  assert.equal(killed.signal, 'SIGKILL');
  const killedRuns = Object.values(readData(out).runs).filter((run) => run.finished === null);

  const resumed = await runBench([...args, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  const data = readData(out);
  for (const old of committed) {
    const cell = data.cells.find((c) => c.key === old.key);
    assert.notEqual(cell.samples[0].run, old.run, `${old.key} was measured again, as the killed rerun meant to`);
    assert.equal(cell.replacing, undefined);
  }
  assert.equal(killedRuns.length, 1, 'the killed run is stamped as unfinished');
});

// The build's remedy for an interrupted run is `--resume`: once it ends, the
// file must be publishable again, with the stop still on record.
test('--resume after SIGINT leaves a file the site publishes: the stopped run is marked continued', { timeout: 60000 }, async (t) => {
  const out = tempOut(t);
  const args = ['--variants', '^(original|async-await)$', ...SMALL, '--n', '5,6,7', '--out', out];
  assert.equal((await runBench(args)).code, 0);
  const stopped = await runUntilReady(t, ['--variants', '^(original|async-await|fixture-ready)$', ...SMALL, '--n', '5,6,7', '--out', out],
    (child) => child.kill('SIGINT'));
  assert.equal(stopped.code, 130, stopped.stderr);
  const stoppedId = Object.keys(readData(out).runs).find((id) => readData(out).runs[id].finished === null);
  assert.ok(stoppedId, 'the stopped run is stamped unfinished');
  const before = readDataFile(path.dirname(out), 'perf');
  assert.match(before.incomplete, /1 unfinished run/, 'before the resume the site refuses the file');

  const resumed = await runBench([...args, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, new RegExp(`run ${stoppedId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} had been stopped; this run completed its cells`));
  const data = readData(out);
  assert.deepEqual(validate(data), []);
  const run = data.runs[stoppedId];
  assert.ok(run, 'the stopped run stays on record while its samples are kept');
  assert.equal(run.finished, null, 'it is still recorded as stopped');
  assert.ok(data.runs[run.continuedBy] && data.runs[run.continuedBy].finished, 'continuedBy names the finished run');
  const after = readDataFile(path.dirname(out), 'perf');
  assert.equal(after.incomplete, '', 'the site publishes it');
  assert.deepEqual(after.problems, []);
});

test('kill -9 of the benchmark: the child it was waiting for exits by itself', { timeout: 60000 }, async (t) => {
  const out = tempOut(t);
  const r = await runUntilReady(t, ['--variants', '^fixture-ready$', ...SMALL, '--n', '1', '--out', out],
    (child) => child.kill('SIGKILL'));
  assert.equal(r.signal, 'SIGKILL');
  assert.ok(r.variantPid);
  await until(() => isGone(r.variantPid), 20); // bounded by the test's timeout: an orphan never goes
});

for (const [signal, code] of [['SIGTERM', 143], ['SIGINT', 130]]) {
  test(`${signal} saves and exits ${code}`, { timeout: 60000 }, async (t) => {
    const out = tempOut(t);
    const base = ['--variants', '^original$', ...SMALL, '--n', '5', '--out', out];
    assert.equal((await runBench(base)).code, 0);
    const [committed] = readData(out).cells;

    const r = await runUntilReady(t, ['--variants', '^(original|fixture-ready)$', ...SMALL, '--n', '5', '--out', out],
      (child) => child.kill(signal));
    assert.equal(r.signal, null, `exited by itself, not by the signal: ${r.stderr}`);
    assert.equal(r.code, code, r.stderr);
    assert.match(r.stderr, new RegExp(`${signal}: stopping.*--resume`));

    const data = readData(out);
    assert.deepEqual(validate(data), []);
    const run = Object.values(data.runs).find((x) => x.finished === null);
    assert.ok(run, 'the interrupted run is stamped, unfinished');
    assert.equal(typeof run.wallMs, 'number', 'the run was saved after the signal');
    assert.ok(data.cells.find((c) => c.key === committed.key).samples.length > 0);
    assert.deepEqual(fs.readdirSync(path.dirname(out)).filter((f) => f !== 'perf.json' && f !== 'ready'), [],
      'no lock or temporary file left');
    await until(() => isGone(r.variantPid), 20);
  });
}
