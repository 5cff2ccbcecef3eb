'use strict';
// What the filter tests put into a page before its scripts run (an init
// script: the site's CSP forbids inline scripts, not these): a count of the
// Web Workers the page creates, an injected match delay and the filter's
// match budget.
//
// The delay holds back every message the page posts to a worker by `delay`
// ms, so each match answers at least that late, on any machine and whatever
// the page does with its workers. The budget (window.chartFilterTuning, read
// by assets/js/charts.js) is set far above it, so a loaded machine cannot
// turn a slow answer into a refusal.
//
//   const { page } = await s.open(PAGE, { init: filterProbe({ delay: 400 }) });
//   await page.evaluate(() => window.workerCount.created);

function probe({ delay, limit }) {
  window.chartFilterTuning = { limit };
  const count = { created: 0 };
  window.workerCount = count;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      count.created++;
    }

    postMessage(...args) {
      if (!delay) return super.postMessage(...args);
      setTimeout(() => super.postMessage(...args), delay);
    }
  };
}

const filterProbe = ({ delay = 0, limit = 60_000 } = {}) => [probe, { delay, limit }];

module.exports = { filterProbe };
