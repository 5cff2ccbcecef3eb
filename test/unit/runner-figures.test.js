'use strict';
// The reader's figures (assets/js/runner/figures.js) from a fixture run: an
// unsteady repetition (no warmMs) is counted as such and never enters a warm
// median or a cost; a baseline with no warm figure gives no cost.
const test = require('node:test');
const assert = require('node:assert/strict');
const { rows } = require('../../assets/js/runner/figures');

const rep = (timeMs, warmMs) => ({ status: 'ok', timeMs, warmMs });
const style = (id, samples) => ({ id, title: id, status: 'done', problems: [], hiddenReruns: 0, samples });
const seq = (k, f) => Array.from({ length: k }, (_, i) => f(i));

test('unsteady repetitions are counted and left out of the warm median and the cost', () => {
  const run = {
    settings: { n: 1000 },
    styles: [
      style('original', seq(8, (i) => rep(30 + i, 10 + i * 0.1))),
      style('async-await', seq(8, (i) => rep(40 + i, i < 2 ? undefined : 15 + i * 0.1)))
    ]
  };
  const [base, aa] = rows(run, 'original');
  assert.equal(base.cost, null, 'the baseline has no cost over itself');
  assert.equal(aa.unsteady, 2);
  assert.equal(aa.reps, 8);
  assert.equal(aa.warm.count, 6);
  assert.equal(aa.cost.samples.style, 6);
  assert.deepEqual(aa.cost.left, { style: 0, callbacks: 0 }, 'only numbers reach costPerCall');
  assert.ok(aa.cost.costUs > 0);
});

test('a baseline without a warm figure gives no cost rather than a cost of nothing', () => {
  const run = { settings: { n: 1000 }, styles: [style('original', seq(6, () => rep(30))), style('q', seq(6, () => rep(50, 20)))] };
  assert.equal(rows(run, 'original')[1].cost, null);
});
