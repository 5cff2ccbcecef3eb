'use strict';
// The runner's estimate (assets/js/runner/plan.js) and the check that the
// default run fits its budget (site/lib/browser-run-plan.js), on fixture
// costs: the estimate is the arithmetic of the plan's own per-style costs,
// never a timed run (issue 43, item 5).
const test = require('node:test');
const assert = require('node:assert/strict');
const plan = require('../../assets/js/runner/plan');
const { checkedQuickPlan, OverBudgetError } = require('../../site/lib/browser-run-plan');

const cost = (batchMs, steadyShare = 1) => ({ overheadMs: 200, coldMs: 150, batchMs, steadyShare });
const COSTS = { byStyle: { original: cost(100), 'async-await': cost(120, 0.75), slow: cost(400) }, typical: cost(130, 0.8) };

test('a plan\'s estimate: a check per style, then each style\'s repetitions of a cold batch and the warm series', () => {
  const est = plan.estimate({ styles: ['original'], reps: 6, warmBatches: 24 }, COSTS);
  assert.equal(est.ms, plan.CHECK_MS + 6 * (200 + 150 + 24 * 100));
  assert.equal(est.mostMs, plan.CHECK_MS + plan.maxReps(6) * (200 + 150 + 24 * 100));
  assert.deepEqual(est.guessed, []);
});

test('a style whose series often do not settle is priced with the repetitions run in their place, within maxReps', () => {
  assert.equal(plan.expectedAttempts(cost(1, 0.75), 6), 8);
  assert.equal(plan.expectedAttempts(cost(1, 0.2), 6), plan.maxReps(6), 'never more than the runner runs');
  assert.equal(plan.maxReps(6), 9);
  const est = plan.estimate({ styles: ['async-await'], reps: 6, warmBatches: 10 }, COSTS);
  assert.equal(est.ms, plan.CHECK_MS + 8 * (200 + 150 + 10 * 120));
});

test('a style without figures of ours is priced as a typical one and named', () => {
  const est = plan.estimate({ styles: ['original', 'new-style'], reps: 6, warmBatches: 24 }, COSTS);
  assert.deepEqual(est.guessed, ['new-style']);
  const alone = plan.estimate({ styles: ['new-style'], reps: 6, warmBatches: 24 }, COSTS);
  assert.equal(alone.ms, plan.CHECK_MS + Math.ceil(6 / 0.8) * (200 + 150 + 24 * 130));
});

test('durations are written rounded up, to 10 s below ten minutes and to minutes above', () => {
  const words = (ms) => plan.duration(ms).replace(/\u00a0/g, ' ');
  assert.equal(words(1000), '10 s');
  assert.equal(words(74989), '1 min 20 s');
  assert.equal(words(120000), '2 min');
  assert.equal(words(121000), '2 min 10 s');
  assert.equal(words(28.2 * 60000), '29 min');
  assert.equal(plan.duration(74989), '1\u00a0min 20\u00a0s', 'a number and its unit never part at a line break');
});

test('the default run that fits its budget is returned with its estimate; one that does not stops the build, saying what to change', () => {
  const ok = checkedQuickPlan(COSTS, ['original', 'async-await']);
  assert.deepEqual(ok.quick.styles, ['original', 'async-await']);
  assert.equal(ok.quick.reps, 6, 'the fewest repetitions whose median has a 95 % interval');
  assert.equal(ok.quick.warmBatches, plan.QUICK_WARM_BATCHES);
  assert.ok(ok.estimate.mostMs <= plan.BUDGET_MS, `${ok.estimate.mostMs}`);
  assert.throws(() => checkedQuickPlan(COSTS, ['original', 'async-await', 'slow']), (err) => {
    assert.ok(err instanceof OverBudgetError);
    assert.equal(err.code, 'EOVERBUDGET');
    assert.match(err.message, /original, async-await, slow/);
    assert.match(err.message, /DEFAULT_STYLES|QUICK_WARM_BATCHES/);
    return true;
  });
});
