'use strict';
// Charts and tables that stay usable whatever their size (issue 27): a chart
// of 200 series with 300-character labels stays on the page (the legend no
// taller than the plot, the figure a few screens at most; the plotter's
// legend made it 19,794 px tall at 1100 px) and still highlights and shows
// tooltips; at 390 px every chart of the article and the results page is
// drawn inside the screen, and a wide table scrolls sideways inside its
// figure with its first column in view and a shadow saying there is more.
const test = require('node:test');
const assert = require('node:assert/strict');
const { startSession, watch } = require('../helpers/browser-session');
const { stressFigure } = require('../../site/render/stress-figure');
const { injectFigures } = require('../../scripts/site-tools/inject-figures');
const { chartSteps } = require('./chart-steps');

const PAGE = '/posts/results/';
const FIG = '#chart-stress';
const { clippedLabels } = chartSteps();

test('chart and table bounds in Chromium', async (t) => {
  const s = await startSession();
  t.after(() => s.close());

  for (const width of [1100, 390]) {
    await t.test(`200 series with 300-character labels at ${width} px: bounded, and hover still highlights`, async () => {
      const ctx = await s.browser.newContext({ baseURL: s.baseURL, viewport: { width, height: 900 } });
      t.after(() => ctx.close());
      const page = await ctx.newPage();
      const problems = await watch(page);
      await injectFigures(page, PAGE, stressFigure({ id: 'stress', series: 200, labelLength: 300 }));
      await page.goto(PAGE);
      await page.locator(FIG).scrollIntoViewIfNeeded();
      await page.waitForSelector(`${FIG}[data-drawn="true"]`);
      const h = await page.evaluate((sel) => {
        const box = (q) => document.querySelector(q).getBoundingClientRect();
        return { figure: box(sel).height, plot: box(`${sel} .chart-canvas`).height, legend: box(`${sel} .chart-legend`).height, entries: document.querySelectorAll(`${sel} .chart-legend [data-series]`).length };
      }, FIG);
      assert.equal(h.entries, 200);
      assert.ok(h.legend <= h.plot + 0.5, `legend ${h.legend} px, plot ${h.plot} px`);
      assert.ok(h.figure <= 2 * h.plot + 600, `figure ${h.figure} px for a ${h.plot} px plot`);
      const label = await page.$eval(`${FIG} .chart-legend [data-series]`, (b) => b.dataset.series);
      assert.equal(label.length, 300);
      await page.hover(`${FIG} .chart-legend [data-series]`);
      assert.equal(await page.getAttribute(FIG, 'data-highlighted'), label);
      const entry = await page.$eval(`${FIG} .chart-legend [data-series] span`, (el) => ({ height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) }));
      assert.ok(entry.height <= 2 * entry.line + 1, `a legend label is ${entry.height} px tall, over two lines of ${entry.line} px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
      assert.deepEqual(problems.list(), []);
    });
  }

  await t.test('at 390 px every chart is drawn inside the screen, and wide tables scroll with their first column in view', async () => {
    for (const path of ['/posts/analysis-async-patterns-2013-and-now/', PAGE]) {
      const { page, problems } = await s.open(path, { viewport: { width: 390, height: 844 } });
      const ids = await page.$$eval('figure[data-chart]', (fs) => fs.map((f) => f.id));
      for (const id of ids) {
        await page.locator(`#${id}`).scrollIntoViewIfNeeded();
        await page.waitForSelector(`#${id}[data-drawn="true"]`, { state: 'attached' });
        assert.deepEqual(await clippedLabels(page, `#${id}`), [], `${path} ${id}: tick labels cut off`);
        const w = await page.$eval(`#${id} .chart-canvas`, (el) => el.getBoundingClientRect().width);
        assert.ok(w >= 200, `${path} ${id}: the plot is ${w} px wide`);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} is ${overflow} px wider than the screen`);
      // The widest table: open its figure's table if it is folded, scroll it sideways.
      const table = await page.evaluate(() => {
        const wide = [...document.querySelectorAll('.table-scroll')].filter((el) => el.scrollWidth > el.clientWidth + 20);
        if (!wide.length) return null;
        const el = wide.sort((a, b) => b.scrollWidth - a.scrollWidth)[0];
        const details = el.closest('details');
        if (details) details.open = true;
        el.scrollIntoView();
        const left = () => el.querySelector('tbody tr :first-child').getBoundingClientRect().left;
        const before = left();
        el.scrollLeft = 150;
        const bg = getComputedStyle(el).backgroundImage;
        return { before, after: left(), wrapper: el.getBoundingClientRect().left, shadow: /gradient/.test(bg), scrolled: el.scrollLeft };
      });
      assert.ok(table, `${path}: no table wider than the screen to check`);
      assert.ok(table.scrolled > 0, 'the table scrolls sideways');
      assert.ok(Math.abs(table.after - table.wrapper) <= 1, `the first column left the view: ${JSON.stringify(table)}`);
      assert.ok(table.shadow, 'no scroll shadow');
      assert.deepEqual(problems.list(), []);
    }
  });
});
