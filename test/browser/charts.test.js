'use strict';
// The results post in a real Chromium under the deployed CSP: every chart
// draws, and the reader controls change what is drawn. Interactions use the
// 2013 CPU chart, whose data (data/reference-2013.json) never change.
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { startSession } = require('../helpers/browser');

const PAGE = '/posts/results/';
const FIG = '#chart-2013-cpu';

// Pixels of the plot canvas that carry series colour (grid and axes are grey).
function colourPixels(page, fig = FIG) {
  return page.evaluate((sel) => {
    const c = document.querySelector(`${sel} canvas.flot-base`);
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) n++;
    return n;
  }, fig);
}

async function canvasHash(page, fig = FIG) {
  const url = await page.evaluate((sel) => document.querySelector(`${sel} canvas.flot-base`).toDataURL(), fig);
  return crypto.createHash('sha256').update(url).digest('hex').slice(0, 16);
}

const plotted = (page, fig = FIG) => page.evaluate((sel) => jQuery(`${sel} .chart-canvas`).data('plot').getData().map((s) => s.label), fig);
const legend = (page, fig = FIG) => page.$$eval(`${fig} .chart-legend [data-series]`, (bs) => bs.map((b) => b.dataset.series));

test('results page charts in Chromium', async (t) => {
  const s = await startSession();
  t.after(() => s.close());

  await t.test('every chart draws, light and dark, without errors or CSP violations', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const { page, problems } = await s.open(PAGE, { colorScheme });
      const figs = await page.$$('figure[data-chart]');
      assert.ok(figs.length >= 3, `expected charts on ${PAGE}, found ${figs.length}`);
      for (const fig of figs) await fig.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelectorAll('figure[data-chart]')].every((f) => f.dataset.drawn === 'true'));
      for (const id of await page.$$eval('figure[data-chart]', (fs) => fs.map((f) => f.id))) {
        assert.ok((await colourPixels(page, `#${id}`)) > 10, `${id} has no drawn series`);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: s.artifact(`charts-results-${colorScheme}.png`), fullPage: true });
      await page.locator(FIG).screenshot({ path: s.artifact(`charts-2013-cpu-${colorScheme}.png`) });
      assert.deepEqual(problems.list(), []);
    }
  });

  const { page, problems } = await s.open(PAGE);
  await page.locator(FIG).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${FIG}[data-drawn="true"]`);
  const before = await canvasHash(page);

  await t.test('hovering and focusing a legend entry highlights its series; leaving restores', async () => {
    await page.hover(`${FIG} [data-series="co.js"]`);
    assert.equal(await page.getAttribute(FIG, 'data-highlighted'), 'co.js');
    assert.equal(await page.evaluate((sel) => jQuery(`${sel} .chart-canvas`).data('plot').getHighlightedSeries(), FIG), 'co.js');
    assert.notEqual(await canvasHash(page), before, 'highlight did not change the canvas');
    await page.locator(FIG).screenshot({ path: s.artifact('charts-highlight.png') });
    await page.mouse.move(5, 5);
    assert.equal(await page.getAttribute(FIG, 'data-highlighted'), null);
    assert.equal(await canvasHash(page), before, 'leaving the legend did not restore the canvas');
    await page.focus(`${FIG} [data-series="genny.js"]`);
    assert.equal(await page.getAttribute(FIG, 'data-highlighted'), 'genny.js');
    await page.focus(`${FIG} .chart-filter`);
    assert.equal(await page.getAttribute(FIG, 'data-highlighted'), null);
  });

  await t.test('a typed regex hides exactly the matching series', async () => {
    const all = await page.evaluate((sel) => JSON.parse(document.querySelector(`${sel} .chart-json`).textContent).s.map((x) => x[0]), FIG);
    await page.fill(`${FIG} .chart-filter`, 'co|genny');
    const expected = all.filter((l) => !/co|genny/.test(l));
    assert.deepEqual(await legend(page), expected);
    assert.deepEqual(await plotted(page), expected);
    assert.notEqual(await canvasHash(page), before);
  });

  await t.test('an invalid regex shows a message and leaves the chart as it was', async () => {
    const was = await canvasHash(page);
    const labels = await plotted(page);
    await page.fill(`${FIG} .chart-filter`, 'co|(');
    assert.match(await page.textContent(`${FIG} .chart-error`), /Not a valid regular expression/);
    assert.ok(await page.isVisible(`${FIG} .chart-error`));
    assert.deepEqual(await plotted(page), labels);
    assert.equal(await canvasHash(page), was);
  });

  await t.test('Reset restores the author view', async () => {
    await page.click(`${FIG} .chart-reset`);
    assert.equal(await page.inputValue(`${FIG} .chart-filter`), 'qasync|promise|fibrous|fibers');
    assert.equal(await page.textContent(`${FIG} .chart-error`), '');
    assert.equal(await canvasHash(page), before);
  });

  await t.test('clicking a legend entry toggles its series', async () => {
    await page.click(`${FIG} [data-series="async.js"]`);
    assert.equal(await page.getAttribute(`${FIG} [data-series="async.js"]`, 'aria-pressed'), 'false');
    assert.ok(!(await plotted(page)).includes('async.js'));
    await page.click(`${FIG} [data-series="async.js"]`);
    assert.equal(await page.getAttribute(`${FIG} [data-series="async.js"]`, 'aria-pressed'), 'true');
    assert.ok((await plotted(page)).includes('async.js'));
  });

  await t.test('hovering a data point shows its tooltip', async () => {
    const at = await page.evaluate((sel) => {
      const plot = jQuery(`${sel} .chart-canvas`).data('plot');
      const s = plot.getData().find((x) => x.label === 'co.js');
      const o = plot.pointOffset({ x: s.data[4][0], y: s.data[4][1] });
      const box = document.querySelector(`${sel} .chart-canvas`).getBoundingClientRect();
      return { x: box.left + o.left, y: box.top + o.top };
    }, FIG);
    await page.mouse.move(at.x - 30, at.y + 20);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await page.waitForSelector(`${FIG} .chart-tooltip:not([hidden])`);
    const text = await page.textContent(`${FIG} .chart-tooltip`);
    assert.match(text, /co\.js/);
    assert.match(text, /n = 2000/);
    assert.match(text, /median/);
    await page.locator(FIG).screenshot({ path: s.artifact('charts-tooltip.png') });
  });

  await t.test('the CSV download holds exactly the plotted series, under the CSP', async () => {
    await page.fill(`${FIG} .chart-filter`, '^(?!co\\.js$|genny\\.js$)');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`${FIG} .chart-csv`)]);
    assert.match(download.suggestedFilename(), /\.csv$/);
    const body = await new Promise((resolve, reject) => {
      download.createReadStream().then((st) => {
        let text = '';
        st.on('data', (c) => (text += c));
        st.on('end', () => resolve(text));
        st.on('error', reject);
      }, reject);
    });
    const series = [...new Set(body.trim().split('\n').slice(1).map((l) => l.split(',')[0]))];
    assert.deepEqual(series.sort(), ['co.js', 'genny.js']);
  });

  await t.test('no console errors or CSP violations during the interactions', () => {
    assert.deepEqual(problems.list(), []);
  });

  await t.test('without JavaScript the figure shows its data table and no controls', async () => {
    const ctx = await s.browser.newContext({ javaScriptEnabled: false, baseURL: s.baseURL });
    const p = await ctx.newPage();
    await p.goto(PAGE);
    assert.ok(await p.isVisible(`${FIG} .chart-table table`));
    assert.ok(!(await p.isVisible(`${FIG} .chart-controls`)));
    assert.ok(!(await p.isVisible(`${FIG} .chart-body`)));
    await p.screenshot({ path: s.artifact('charts-nojs.png') });
    await ctx.close();
  });
});
