'use strict';
// The runner's default run and its price (issue 43): the styles
// site/lib/browser-variants.js ticks, the fewest repetitions whose median has
// a 95 % interval, the quick warm series; priced with the styles' Chromium
// costs (site/lib/browser-run-costs.js) by the same arithmetic the page shows
// (assets/js/runner/plan.js). The budget holds for the longest the default
// can take (every style rerunning repetitions that did not settle, up to
// plan.maxReps), not only for the expected time. A default that no longer fits it (new
// Chromium figures, a style added to the defaults) stops the build here,
// rather than a reader waiting longer than the page promised.
const plan = require('../../assets/js/runner/plan');
const { fewestForInterval } = require('../../assets/js/runner/figures');
const { DEFAULT_STYLES } = require('./browser-variants');
const { browserRunCosts } = require('./browser-run-costs');

class OverBudgetError extends Error {
  constructor(quick, est) {
    super(`browserRunner: the default run (${quick.styles.join(', ')}; ${quick.reps} steady repetitions each, ` +
      `${quick.warmBatches} warm batches) can take up to ${plan.duration(est.mostMs)} on a two-core machine, over its budget of ` +
      `${plan.duration(plan.BUDGET_MS)}. Tick fewer styles by default (site/lib/browser-variants.js DEFAULT_STYLES) or ` +
      'shorten the quick warm series (assets/js/runner/plan.js QUICK_WARM_BATCHES).');
    this.name = 'OverBudgetError';
    this.code = 'EOVERBUDGET';
  }
}

// → { quick: plan, estimate, budgetMs }, or throws OverBudgetError.
function checkedQuickPlan(costs, styles = DEFAULT_STYLES) {
  const quick = { styles: [...styles], reps: fewestForInterval(), warmBatches: plan.QUICK_WARM_BATCHES };
  const est = plan.estimate(quick, costs);
  if (est.mostMs > plan.BUDGET_MS) throw new OverBudgetError(quick, est);
  return { quick, estimate: est, budgetMs: plan.BUDGET_MS };
}

// The build's: the costs of the committed Chromium run at n.
function defaultRunPlan(load, n) {
  const costs = browserRunCosts(load, n);
  return { costs, ...checkedQuickPlan(costs) };
}

module.exports = { checkedQuickPlan, defaultRunPlan, OverBudgetError };
