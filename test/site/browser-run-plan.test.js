'use strict';
// The in-browser runner's default run stays within its budget (issue 43,
// item 5): priced from the committed Chromium run (data/perf-chromium.json)
// with the per-style costs the runner's settings ship and the page's own
// arithmetic (assets/js/runner/plan.js), the quick run takes at most two
// minutes on a two-core machine, even when every style reruns the
// repetitions whose warm series do not settle, and every default style is
// priced from its own figures. The seven styles the runner ticked before
// did not fit: the check that stops the build says so.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { makeLoader } = require('../../site/lib/data-files');
const { defaultRunPlan, checkedQuickPlan, OverBudgetError } = require('../../site/lib/browser-run-plan');
const { DEFAULT_STYLES } = require('../../site/lib/browser-variants');
const plan = require('../../assets/js/runner/plan');

const load = makeLoader({ dataDir: path.join(__dirname, '..', '..', 'data') });
const N = 1000; // the article's {% browserRunner n=1000 %}

test('the default browser run\'s plan stays within its budget', () => {
  const run = defaultRunPlan(load, N);
  assert.deepEqual(run.quick.styles, [...DEFAULT_STYLES]);
  assert.equal(run.budgetMs, 2 * 60 * 1000);
  assert.deepEqual(run.estimate.guessed, [], 'every default style is priced from its own Chromium figures');
  assert.ok(run.estimate.mostMs <= run.budgetMs, `the longest the default can take: ${plan.duration(run.estimate.mostMs)}`);
  assert.ok(run.estimate.ms <= run.estimate.mostMs);
  assert.deepEqual(plan.estimate(run.quick, run.costs), run.estimate, 'the page\'s arithmetic on the shipped costs gives the same');
});

test('the runner\'s former default (seven styles, our 48-batch warm series) would not have fitted', () => {
  const { costs } = defaultRunPlan(load, N);
  const former = ['original', 'promises-native', 'async-await', 'promises-bluebird', 'generators-co', 'rx', 'promises-q'];
  assert.throws(() => checkedQuickPlan(costs, former), OverBudgetError);
  const est = plan.estimate({ styles: former, reps: 6, warmBatches: 48 }, costs);
  assert.ok(est.ms > plan.BUDGET_MS, plan.duration(est.ms));
});
