// The empirical floor in the harness: a quick run measures the floor workload
// in every cell group whatever --variants selects, stores it as the cell
// "floor", and every other cell of a group with a measured floor carries its
// cost above it (scripts/harness/above-floor.js); groups without a floor
// (data from before it existed) carry no such figures.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { tempOut, runBench, readData } = require('../fixtures/bench/helpers');
const { validate } = require('../../scripts/harness/datafile');
const { deriveAboveFloor } = require('../../scripts/harness/above-floor');
const stats = require('../../scripts/lib/stats');

test('a quick run into a temp --out has an ok floor cell in every group, and costs above it', async (t) => {
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
    assert.equal(floor.aboveFloor, undefined, 'the floor has no cost above itself');
    const original = cells.find((c) => c.variant === 'original');
    assert.equal(original.aboveFloor.floorMs, floor.time.median);
    assert.equal(original.aboveFloor.costMs, stats.round(original.time.median - floor.time.median) + 0);
    assert.equal(original.aboveFloor.costCi95, null, 'one repetition: no interval');
  }
  const broken = data.cells.find((c) => c.aboveFloor);
  broken.aboveFloor.costCi95 = [1];
  assert.match(validate(data).join('\n'), /aboveFloor/, 'the schema checks the derived block');
  assert.match(r.stdout, /floor \(no style\)/, 'the summary table lists the floor');
  assert.match(r.stdout, /above floor/);
});

function cell(variant, times, { n = 100, scenario = 'upload' } = {}) {
  return {
    key: `rt|${scenario}|cpu|${variant}|${n}`, runtime: 'rt', scenario, mode: 'cpu', variant, n, status: 'ok',
    samples: times.map((timeMs, i) => ({ rep: i + 1, status: 'ok', timeMs }))
  };
}

test('deriveAboveFloor: figures per group from the floor and the baseline, none without a floor', () => {
  const floor = cell('floor', [30, 31, 32]);
  const base = cell('original', [40, 41, 42]);
  const other = cell('promises-native', [50, 51, 52]);
  const failedBase = Object.assign(cell('original', [40], { n: 200 }), { status: 'crash' });
  const noFloor = Object.assign(cell('promises-native', [60, 61, 62], { n: 300 }), { aboveFloor: { stale: true } });
  const floor200 = cell('floor', [33, 34, 35], { n: 200 });
  const other200 = cell('promises-native', [53, 54, 55], { n: 200 });
  deriveAboveFloor([floor, base, other, failedBase, noFloor, floor200, other200]);
  assert.deepEqual(other.aboveFloor, {
    floorMs: 31, costMs: 20, costCi95: stats.costAboveFloor([50, 51, 52], [30, 31, 32]).ci95.map((x) => stats.round(x)),
    ratio: 2, ratioCi95: stats.ratioAboveFloor([50, 51, 52], [40, 41, 42], [30, 31, 32]).ci95.map((x) => stats.round(x, 4)),
    plainRatio: stats.round(51 / 41, 4)
  });
  assert.equal(base.aboveFloor.ratio, 1);
  assert.equal(base.aboveFloor.costMs, 10);
  assert.equal(floor.aboveFloor, undefined);
  assert.equal(noFloor.aboveFloor, undefined, 'no floor in the group: the figures are removed, not kept stale');
  assert.deepEqual(other200.aboveFloor, { floorMs: 34, costMs: 20, costCi95: other200.aboveFloor.costCi95,
    ratio: null, ratioCi95: null, plainRatio: null }, 'no ok baseline: cost only');
  assert.equal(failedBase.aboveFloor, undefined);

  floor.status = 'crash';
  deriveAboveFloor([floor, base, other]);
  assert.equal(other.aboveFloor, undefined, 'a failed floor gives no figures');
});
