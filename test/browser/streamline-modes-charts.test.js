'use strict';
// The streamline modes post in Chromium, built as a draft from the committed
// data (a file, so the hovered point lies where the test expects it; the
// post's conclusions name cells a small recorded run does not hold), in which
// raw callbacks overflow the stack once most steps answer at once: the chart draws a
// series per mode, the overflow is named in the legend (an outcome, not a
// gap nobody explains), hovering a point shows its figure, and the reader's
// filter hides the modes it matches.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSession } = require('../helpers/browser-session');
const { buildDraftsSite } = require('../helpers/drafts-site');
const { chartSteps } = require('./chart-steps');

const PAGE = '/posts/streamline-modes/';

const { plotted, typeFilter, pointAt, waitPlotted } = chartSteps();

test('streamline modes post charts in Chromium, from the committed data', async (t) => {
  const site = buildDraftsSite();
  assert.ok(fs.existsSync(path.join(site.output, 'posts', 'streamline-modes', 'index.html')));

  const s = await startSession({ root: site.output });
  t.after(() => s.close());
  const { page, problems } = await s.open(PAGE);
  // The first setImmediate chart on the page.
  const fig = await page.evaluate(() => {
    const f = [...document.querySelectorAll('figure[data-chart][id^="chart-streamline-modes-setimmediate"]')];
    return f.length ? `#${f[0].id}` : null;
  });
  assert.ok(fig, 'a setImmediate chart with data is on the page');

  await t.test('the chart draws a series per mode and names the overflow in its legend', async () => {
    await page.locator(fig).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${fig}[data-drawn="true"]`, { state: 'attached' });
    const labels = (await plotted(page, fig)).sort();
    assert.ok(labels.includes('async-await') && labels.includes('callbacks'), labels.join(', '));
    assert.ok(labels.some((l) => /^raw-callbacks \(stack overflow at modulo [\d, ]+\)$/.test(l)), labels.join(', '));
    assert.match(await page.textContent(`${fig} .legend, ${fig}`), /stack overflow at modulo [\d, ]*5000/);
  });

  await t.test('hovering a point shows its mode', async () => {
    const at = await pointAt(page, 'async-await', 1, fig);
    await page.mouse.move(at.x - 30, at.y + 20);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await page.waitForSelector(`${fig} .chart-tooltip:not([hidden])`);
    assert.match(await page.textContent(`${fig} .chart-tooltip`), /async\/await/, 'the variant by its name (issue 43)');
  });

  await t.test('the filter hides the modes it matches', async () => {
    const left = (await plotted(page, fig)).filter((l) => !/^raw/.test(l)).sort();
    await typeFilter(page, '^raw', fig);
    await waitPlotted(page, left.length, fig);
    assert.deepEqual((await plotted(page, fig)).sort(), left);
  });

  assert.deepEqual(problems.list(), [], 'no console errors, page errors, failed requests or CSP violations');
});
