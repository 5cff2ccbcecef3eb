'use strict';
// The warm series' classes per cell and their derivation from stored series
// (scripts/lib/warm-classes.js, issue 41 item 1), on fixture data in memory.
const test = require('node:test');
const assert = require('node:assert/strict');
const warm = require('../../scripts/lib/measure/warm');
const { CLASSES, countClasses, describeClasses, minSteadyOf, reclassify } = require('../../scripts/lib/warm-classes');

const FLAT = Array.from({ length: 24 }, (_, i) => 20 + (i % 3) * 0.2);
const DRIFT = Array.from({ length: 24 }, (_, i) => 20 * (1 + 0.04 * i));

test('countClasses counts the ok samples with a series by class, every class present', () => {
  const counts = countClasses([
    { status: 'ok', warmBatchesMs: [1], warmClass: 'flat' }, { status: 'ok', warmBatchesMs: [1], warmClass: 'flat' },
    { status: 'ok', warmBatchesMs: [1], warmClass: 'no-steady-state' }, { status: 'crash', warmBatchesMs: [1], warmClass: 'flat' },
    { status: 'ok', timeMs: 3 },
  ]);
  assert.deepEqual(counts, { flat: 2, warmup: 0, slowdown: 0, 'no-steady-state': 1 });
  assert.deepEqual(Object.keys(counts), CLASSES);
});

test('describeClasses names the classes present, in order, for a reader', () => {
  assert.equal(describeClasses({ flat: 11, warmup: 4, slowdown: 0, 'no-steady-state': 1 }), '11 flat, 4 warm-up, 1 no steady state');
  assert.equal(describeClasses(undefined), '');
});

test('minSteadyOf: the run\'s own setting; a window-rule run\'s window; else the default', () => {
  assert.equal(minSteadyOf({ warmBatches: 48, warmMinSteady: 12 }), 12);
  assert.equal(minSteadyOf({ warmup: 10, warmBatches: 16, warmMax: 48, warmTolerance: 0.05 }), 16);
  assert.equal(minSteadyOf(undefined), warm.DEFAULTS.minSteady);
});

test('reclassify gives each stored series the classifier\'s figure and class, with its run\'s steady length', () => {
  const data = {
    runs: { old: { harness: { warmup: 2, warmBatches: 8, warmMax: 30, warmTolerance: 0.05 } }, now: { harness: { warmBatches: 24, warmMinSteady: 16 } } },
    cells: [{ run: 'old', samples: [
      { status: 'ok', run: 'old', warmBatchesMs: DRIFT, warmMs: 30, warmSteady: true },
      { status: 'ok', run: 'now', warmBatchesMs: FLAT, warmMs: 1, warmSteady: false },
      { status: 'crash', run: 'now', warmBatchesMs: FLAT },
    ] }],
  };
  assert.equal(reclassify(data), 2);
  const [drift, flat, crashed] = data.cells[0].samples;
  assert.deepEqual({ warmMs: drift.warmMs, warmSteady: drift.warmSteady, warmClass: drift.warmClass, warmSteadyFrom: drift.warmSteadyFrom },
    warm.fields(DRIFT, 8));
  assert.equal(drift.warmClass, 'no-steady-state', 'the window rule\'s steady drift has no warm figure any more');
  assert.deepEqual({ warmMs: flat.warmMs, warmSteady: flat.warmSteady, warmClass: flat.warmClass, warmSteadyFrom: flat.warmSteadyFrom },
    warm.fields(FLAT, 16));
  assert.equal(flat.warmClass, 'flat');
  assert.equal('warmClass' in crashed, false, 'a failed repetition is left as it is');
});
