// The empirical floor in the harness: a quick run measures the floor workload
// in every cell group whatever --variants selects and stores it as the cell
// "floor". The costs above it (`aboveFloor`) are no longer written (issue 41:
// the floor is no lower bound, and 466 of them were negative).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { tempOut, runBench, readData } = require('../fixtures/bench/helpers');
const { validate } = require('../../scripts/harness/datafile');

test('a quick run into a temp --out has an ok floor cell in every group, and no cost above it', async (t) => {
  const out = tempOut(t);
  const r = await runBench(['--variants', '^original$', '--scenario', 'upload,errors,parallel', '--mode', 'cpu,io',
    '--n', '5', '--reps', '1', '--t', '0', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const data = readData(out);
  assert.deepEqual(validate(data), []);
  const groups = new Set(data.cells.map((c) => `${c.runtime}|${c.scenario}|${c.mode}|${c.n}`));
  assert.equal(groups.size, 3 * 2);
  for (const g of groups) {
    const cells = data.cells.filter((c) => `${c.runtime}|${c.scenario}|${c.mode}|${c.n}` === g);
    const floor = cells.find((c) => c.variant === 'floor');
    assert.ok(floor, `${g}: no floor cell although --variants selects only original`);
    assert.equal(floor.status, 'ok', `${g}: ${floor.error}`);
    assert.equal(floor.key, `${g.split('|').slice(0, 3).join('|')}|floor|5`);
    assert.equal(floor.samples.length, 1, 'as many repetitions as the variants');
  }
  assert.deepEqual(data.cells.filter((c) => 'aboveFloor' in c).map((c) => c.key), [], 'no cell carries a cost above the floor');
  assert.match(r.stdout, /floor \(no style\)/, 'the summary table lists the floor');
  assert.doesNotMatch(r.stdout, /above floor/);
});
