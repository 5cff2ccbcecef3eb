'use strict';
// The streamline modes post in Chromium, built as a draft from the committed
// data plus a streamline-modes.json of a real quick harness run, recorded once
// (test/fixtures/recorded/record.js) so the hovered point lies where the test
// expects it, in which raw callbacks overflow the stack at a large modulo: the chart draws a
// series per mode, the overflow is named in the legend (an outcome, not a
// gap nobody explains), hovering a point shows its figure, and the reader's
// filter hides the modes it matches.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSession } = require('../../scripts/site-tools/browser');
const { dataDir } = require('../helpers/data-dir');
const { buildDraftsSite } = require('../helpers/drafts-site');
const { file: recorded } = require('../fixtures/recorded/record');
const { chartSteps } = require('./chart-steps');

const PAGE = '/posts/streamline-modes/';

const { plotted, typeFilter, pointAt, waitPlotted } = chartSteps();

test('streamline modes post charts in Chromium, from a recorded quick run', async (t) => {
  const d = dataDir({ drop: ['streamline-modes'] });
  t.after(d.remove);
  fs.copyFileSync(recorded('streamline-modes-browser'), path.join(d.dir, 'streamline-modes.json'));
  const site = buildDraftsSite({ CHARTS_DATA_DIR: d.dir });
  t.after(site.cleanup);
  assert.ok(fs.existsSync(path.join(site.output, 'posts', 'streamline-modes', 'index.html')));

  const s = await startSession({ root: site.output });
  t.after(() => s.close());
  const { page, problems } = await s.open(PAGE);
  // The quick run measured one runtime: the chart of that runtime is the drawn one.
  const fig = await page.evaluate(() => {
    const f = [...document.querySelectorAll('figure[data-chart][id^="chart-streamline-modes-setimmediate"]')];
    return f.length ? `#${f[0].id}` : null;
  });
  assert.ok(fig, 'a setImmediate chart with data is on the page');

  await t.test('the chart draws a series per mode and names the overflow in its legend', async () => {
    await page.locator(fig).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${fig}[data-drawn="true"]`, { state: 'attached' });
    const labels = (await plotted(page, fig)).sort();
    assert.deepEqual(labels, ['async-await', 'callbacks', 'raw-callbacks (stack overflow at modulo 5000)']);
    assert.match(await page.textContent(`${fig} .legend, ${fig}`), /stack overflow at modulo 5000/);
  });

  await t.test('hovering a point shows its mode', async () => {
    const at = await pointAt(page, 'async-await', 1, fig);
    await page.mouse.move(at.x - 30, at.y + 20);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await page.waitForSelector(`${fig} .chart-tooltip:not([hidden])`);
    assert.match(await page.textContent(`${fig} .chart-tooltip`), /async-await/);
  });

  await t.test('the filter hides the modes it matches', async () => {
    await typeFilter(page, '^raw', fig);
    await waitPlotted(page, 2, fig);
    assert.deepEqual((await plotted(page, fig)).sort(), ['async-await', 'callbacks']);
  });

  assert.deepEqual(problems.list(), [], 'no console errors, page errors, failed requests or CSP violations');
});
