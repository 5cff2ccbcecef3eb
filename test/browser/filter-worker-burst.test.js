'use strict';
// A burst of filter edits reuses one Web Worker (issue 38): at 1,000 edits a
// second the page created a worker per keystroke (1,782 in 13 s) and its
// thread stalled for seconds. Workers are counted by wrapping window.Worker
// (./filter-probe.js); the budget is set far above any match, so no worker
// is ended for being slow and the count does not depend on the machine's load.
const test = require('node:test');
const assert = require('node:assert/strict');
const { startSession } = require('../helpers/browser-session');
const { chartSteps } = require('./chart-steps');
const { filterProbe } = require('./filter-probe');

const PAGE = '/posts/results/';
const CPU = '#chart-2013-cpu';
const EDITS = 500;
const FINAL = 'co|genny';
const WRITTEN = { timeout: 15_000 };

const { plotted } = chartSteps(CPU);

test(`${EDITS} filter edits at about 1,000 a second: one worker, and the last pattern is drawn and in the URL`, async (t) => {
  const s = await startSession();
  t.after(() => s.close());
  const { page, problems } = await s.open(PAGE, { init: filterProbe() });
  await page.locator(CPU).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${CPU}[data-drawn="true"]:not([aria-busy])`, { state: 'attached' });
  const labels = await page.evaluate((sel) => window.jQuery(`${sel} .chart-canvas`).data('plot').getData().map((l) => l.label), CPU);
  assert.equal(await page.evaluate(() => window.workerCount.created), 0, 'the author\'s pattern needs no worker');

  // Distinct patterns (none is answered from the page's memory of patterns
  // matched), every 50th of them invalid, then the one the reader keeps.
  await page.evaluate(async ({ sel, edits, last }) => {
    const input = document.querySelector(`${sel} .chart-filter`);
    for (let i = 0; i < edits; i++) {
      input.value = i === edits - 1 ? last : i % 50 === 49 ? `zz(${i}` : `zz${i}|co`;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }, { sel: CPU, edits: EDITS, last: FINAL });

  await page.waitForSelector(`${CPU}:not([aria-busy])`, { state: 'attached' });
  const created = await page.evaluate(() => window.workerCount.created);
  assert.equal(created, 1, `${created} workers for one chart`);
  assert.deepEqual(await plotted(page), labels.filter((l) => !new RegExp(FINAL).test(l)), 'the last pattern is drawn');
  assert.equal(await page.textContent(`${CPU} .chart-error`), '');
  await page.waitForFunction((p) => decodeURIComponent(location.hash).includes(`2013-cpu=r:${p}`), FINAL, WRITTEN);
  const href = await page.getAttribute(`${CPU} .chart-permalink`, 'href');
  assert.ok(decodeURIComponent(href).includes(`2013-cpu=r:${FINAL}`), `permalink ${href}`);

  assert.deepEqual(problems.list(), []);
});
