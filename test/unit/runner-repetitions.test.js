'use strict';
// How many repetitions a reader's run gives a style (assets/js/runner/run.js):
// the steady ones asked for, plus one in place of each that gave no warm
// figure (its series never settled, or it crashed), up to plan.maxReps, so
// a run ends with the intervals it can have instead of "no interval".
// Checked on a Run whose samples are fixtures; no worker runs.
const test = require('node:test');
const assert = require('node:assert/strict');
const { Run } = require('../../assets/js/runner/run');
const { maxReps } = require('../../assets/js/runner/plan');

const steady = { status: 'ok', timeMs: 30, warmMs: 10 };
const unsettled = { status: 'ok', timeMs: 30, warmMs: null };
const crashed = { status: 'crash', error: 'the worker failed' };

function runWith(samples, { warmBatches = 24, status = 'running' } = {}) {
  const run = new Run([{ id: 'async-await', title: 'async/await', url: '/w.js' }], { n: 1000, warmBatches }, 6, () => {});
  Object.assign(run.styles[0], { samples, status });
  return run;
}

test('a style whose repetitions all settle runs the repetitions asked for', () => {
  const run = runWith([steady, steady]);
  assert.equal(run.planned(run.styles[0]), 6);
  assert.equal(run.total(), 1 + 6);
});

test('each repetition without a warm figure gets another in its place', () => {
  const run = runWith([steady, unsettled, crashed, steady]);
  assert.equal(run.steady(run.styles[0]), 2);
  assert.equal(run.planned(run.styles[0]), 8);
});

test('never more than maxReps in all', () => {
  const run = runWith(Array(7).fill(unsettled));
  assert.equal(run.planned(run.styles[0]), maxReps(6));
  assert.equal(run.maxReps, maxReps(6));
});

test('a style that failed its conformance check runs none', () => {
  const run = runWith([], { status: 'failed' });
  assert.equal(run.planned(run.styles[0]), 0);
  assert.equal(run.total(), 1);
});

test('a run without warm batches counts every finished repetition as steady', () => {
  const run = runWith([{ status: 'ok', timeMs: 30 }, { status: 'ok', timeMs: 31 }], { warmBatches: 0 });
  assert.equal(run.planned(run.styles[0]), 6);
});
