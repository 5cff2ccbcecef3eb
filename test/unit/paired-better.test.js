'use strict';
// When the paired cost per call is the better figure (site/lib/paired-better.js,
// issue 41 item 2): the same quantity (the intervals overlap) and a narrower interval.
const test = require('node:test');
const assert = require('node:assert/strict');
const { pairedBetter, halfWidth } = require('../../site/lib/paired-better');

test('halfWidth: half an interval\'s width, null without one', () => {
  assert.equal(halfWidth([2, 6]), 2);
  assert.equal(halfWidth(null), null);
  assert.equal(halfWidth([1, null]), null);
});

test('narrower and overlapping: better; the factor is paired over unpaired', () => {
  const v = pairedBetter({ costUs: 5, costCi95Us: [3, 7] }, { costUs: 5.5, ci: [5, 6] });
  assert.deepEqual(v, { comparable: true, agree: true, narrower: true, factor: 0.25, better: true });
});

test('narrower but apart: not better, and the disagreement is said', () => {
  const v = pairedBetter({ costUs: 5, costCi95Us: [4, 6] }, { costUs: 9, ci: [8.5, 9.5] });
  assert.equal(v.agree, false);
  assert.equal(v.narrower, true);
  assert.equal(v.better, false);
});

test('overlapping but wider: not better', () => {
  const v = pairedBetter({ costUs: 5, costCi95Us: [4.5, 5.5] }, { costUs: 5, ci: [3, 7] });
  assert.deepEqual([v.agree, v.narrower, v.factor, v.better], [true, false, 4, false]);
});

test('no interval on either side: nothing is claimed', () => {
  assert.equal(pairedBetter(null, { costUs: 1, ci: [0, 2] }).comparable, false);
  assert.equal(pairedBetter({ costUs: 1, costCi95Us: null }, { costUs: 1, ci: [0, 2] }).better, false);
  assert.equal(pairedBetter({ costUs: 1, costCi95Us: [0, 2] }, { costUs: 1, ci: null }).comparable, false);
});
