// scripts/lib/cost-per-call.js on fixture samples with known answers.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { costPerCall } = require('../../scripts/lib/cost-per-call');

test('cost per call: (median(style) − median(callbacks)) / n in µs, and the ratio', () => {
  const style = [20, 21, 22, 23, 24, 25, 26]; // median 23 ms
  const callbacks = [10, 11, 12, 13, 14, 15, 16]; // median 13 ms
  const r = costPerCall(style, callbacks, 1000);
  assert.equal(r.costUs, 10); // 10 ms over 1000 calls
  assert.equal(r.ratio, Math.round(23 / 13 * 1e4) / 1e4);
  assert.ok(r.costCi95Us[0] <= r.costUs && r.costUs <= r.costCi95Us[1], JSON.stringify(r));
  assert.ok(r.ratioCi95[0] <= r.ratio && r.ratio <= r.ratioCi95[1], JSON.stringify(r));
  // Resampled medians of 7 values stay within 20..26 and 10..16: the cost within (20−16, 26−10) ms / 1000.
  assert.ok(r.costCi95Us[0] >= 4 && r.costCi95Us[1] <= 16);
  assert.deepEqual(costPerCall(style, callbacks, 1000), r, 'seeded: the same samples give the same interval');
});

test('cost per call: samples without spread give a point interval', () => {
  const r = costPerCall([14.5, 14.5, 14.5, 14.5], [12, 12, 12, 12], 1000);
  assert.equal(r.costUs, 2.5);
  assert.deepEqual(r.costCi95Us, [2.5, 2.5]);
  assert.equal(r.ratio, 1.2083);
  assert.deepEqual(r.ratioCi95, [1.2083, 1.2083]);
});

test('cost per call: a style faster than callbacks has a negative cost, not a hidden one', () => {
  const r = costPerCall([9, 9, 9], [10, 10, 10], 100);
  assert.equal(r.costUs, -10);
  assert.equal(r.ratio, 0.9);
});

test('cost per call: unsteady repetitions (warmMs null) are left out and counted', () => {
  const r = costPerCall([14, null, 14, 14], [12, 12, null, null, 12], 1000);
  assert.deepEqual(r.samples, { style: 3, callbacks: 3 });
  assert.deepEqual(r.left, { style: 1, callbacks: 2 });
  assert.equal(r.costUs, 2);
});

test('cost per call: too few samples give a value but no interval; none give nulls', () => {
  const few = costPerCall([14, 15], [12, 12, 12], 1000);
  assert.equal(few.costUs, 2.5);
  assert.equal(few.costCi95Us, null);
  assert.equal(few.ratioCi95, null);
  const none = costPerCall([], [12, 12, 12], 1000);
  assert.equal(none.costUs, null);
  assert.equal(none.ratio, null);
  assert.throws(() => costPerCall([1], [1], 0), RangeError);
});
