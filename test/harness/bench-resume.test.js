// A run killed midway (SIGKILL: no chance to clean up) loses nothing already
// measured, leaves a valid data file, and --resume runs only what is missing.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempOut, runBench, readData, readMeasured } = require('../fixtures/bench/helpers');
const { validate } = require('../../scripts/harness/datafile');

const ARGS = ['--variants', '^(original|async-await)$', '--scenario', 'upload', '--mode', 'cpu', '--n', '30', '--reps', '5'];
const TOTAL = 3 * 5; // two variants and the floor workload

function okSamples(file) {
  try {
    return readMeasured(file).cells.flatMap((c) => c.samples.map((s) => ({ key: c.key, ...s })));
  } catch (err) {
    return []; // not written yet
  }
}

test('kill -9 midway, then --resume: nothing measured is lost, nothing is measured twice', async (t) => {
  const out = tempOut(t);
  const killed = await runBench([...ARGS, '--out', out], {
    onStart(child) {
      const poll = setInterval(() => {
        if (okSamples(out).length >= 3) {
          clearInterval(poll);
          child.kill('SIGKILL');
        }
      }, 5);
    }
  });
  assert.equal(killed.signal, 'SIGKILL', `the run ended on its own before we could kill it: ${killed.stderr}`);

  const before = readData(out);
  assert.deepEqual(validate(before), [], 'the file left behind is complete and valid');
  const measured = okSamples(out);
  assert.ok(measured.length >= 3 && measured.length < TOTAL, `killed midway: ${measured.length} of ${TOTAL} samples`);
  assert.ok(fs.existsSync(`${out}.lock`), 'the killed run left its lock behind');

  const resumed = await runBench([...ARGS, '--resume', '--out', out]);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, new RegExp(`${TOTAL - measured.length} jobs to run`));
  const after = okSamples(out);
  assert.equal(after.length, TOTAL);
  for (const s of measured) {
    assert.deepEqual(after.find((a) => a.key === s.key && a.rep === s.rep), s, `sample ${s.key} #${s.rep} kept as it was`);
  }
  const data = readData(out);
  assert.equal(Object.keys(data.runs).length, 2, 'both runs are stamped');
  for (const c of data.cells) assert.deepEqual(c.samples.map((s) => s.rep), [1, 2, 3, 4, 5]);
  const leftovers = fs.readdirSync(path.dirname(out)).filter((f) => f !== 'perf.json');
  assert.deepEqual(leftovers.filter((f) => !f.endsWith('.tmp')), [], 'the stale lock was taken over and released');
});
