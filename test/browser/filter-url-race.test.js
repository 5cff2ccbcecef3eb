'use strict';
// A shared link keeps the reader's filter (issue 38): after a refused
// pattern, a valid one whose match answers later than the URL's 120 ms
// pause was drawn but never written to the fragment or the permalink, so
// the link opened the author's view. The match delay is injected
// (./filter-probe.js), so the race happens on every run. Uses the results
// page's 2013 chart, whose data (data/reference-2013.json) never change.
const test = require('node:test');
const assert = require('node:assert/strict');
const { startSession } = require('../helpers/browser-session');
const { chartSteps } = require('./chart-steps');
const { filterProbe } = require('./filter-probe');

const PAGE = '/posts/results/';
const CPU = '#chart-2013-cpu';
const PATTERN = 'co|genny';
// Far past the URL's pause (flot-url-state.js writes 120 ms after the last change).
const DELAY = 600;
// A written fragment follows a drawn filter within a pause; this only ends a test that would wait for ever.
const WRITTEN = { timeout: 15_000 };

const { plotted } = chartSteps(CPU);

async function drawn(page) {
  await page.locator(CPU).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${CPU}[data-drawn="true"]:not([aria-busy])`, { state: 'attached' });
}

const labelsOf = (page) => page.evaluate((sel) => window.jQuery(`${sel} .chart-canvas`).data('plot').getData().map((s) => s.label), CPU);
const hasPattern = (text) => decodeURIComponent(text || '').includes(`2013-cpu=r:${PATTERN}`);

test('a slow valid pattern typed after a refused one reaches the URL fragment and the permalink', async (t) => {
  const s = await startSession();
  t.after(() => s.close());
  const { page, problems } = await s.open(PAGE, { init: filterProbe({ delay: DELAY }) });
  await drawn(page);
  const expected = (await labelsOf(page)).filter((l) => !new RegExp(PATTERN).test(l));

  await page.fill(`${CPU} .chart-filter`, 'co|(');
  await page.waitForFunction((sel) => /Not a valid regular expression/.test(document.querySelector(`${sel} .chart-error`).textContent), CPU);

  await page.fill(`${CPU} .chart-filter`, PATTERN);
  await page.waitForSelector(`${CPU}:not([aria-busy])`, { state: 'attached' });
  assert.equal(await page.textContent(`${CPU} .chart-error`), '');
  assert.deepEqual(await plotted(page), expected, 'the pattern is drawn');

  await page.waitForFunction((p) => decodeURIComponent(location.hash).includes(`2013-cpu=r:${p}`), PATTERN, WRITTEN);
  await page.waitForFunction(({ sel, p }) => decodeURIComponent(document.querySelector(`${sel} .chart-permalink`).getAttribute('href')).includes(`2013-cpu=r:${p}`), { sel: CPU, p: PATTERN }, WRITTEN);
  assert.ok(hasPattern(await page.getAttribute(`${CPU} .chart-permalink`, 'href')));

  // The link, opened in a new page, draws the same filter.
  const other = await s.open(new URL(page.url()).pathname + new URL(page.url()).hash);
  await drawn(other.page);
  assert.equal(await other.page.inputValue(`${CPU} .chart-filter`), PATTERN);
  assert.deepEqual(await plotted(other.page), expected);
  assert.deepEqual(other.problems.list(), []);
  assert.deepEqual(problems.list(), []);
});

test('a pattern refused as too slow (an injected budget) reaches neither the chart, the fragment nor the permalink', async (t) => {
  const s = await startSession();
  t.after(() => s.close());
  // The budget is shorter than the injected delay: every reader's match is refused as too slow.
  const { page, problems } = await s.open(PAGE, { init: filterProbe({ delay: DELAY, limit: 200 }) });
  await drawn(page);
  const before = await plotted(page);

  await page.fill(`${CPU} .chart-filter`, PATTERN);
  await page.waitForFunction((sel) => /takes too long/.test(document.querySelector(`${sel} .chart-error`).textContent), CPU);
  assert.deepEqual(await plotted(page), before, 'the chart is unchanged');
  // Once refused, the view is written (the anchor of the chart last changed); the pattern is not in it.
  await page.waitForFunction(() => location.hash.startsWith('#chart-2013-cpu'), null, WRITTEN);
  assert.ok(!hasPattern(await page.evaluate(() => location.hash)), 'the refused pattern is not in the fragment');
  assert.ok(!hasPattern(await page.getAttribute(`${CPU} .chart-permalink`, 'href')), 'nor in the permalink');
  assert.deepEqual(problems.list(), []);
});
