'use strict';
// The "then and now" charts of the results post in a real Chromium: the
// runtime matrix draws with one tick per runtime in the order the build
// wrote, a runtime where a style did not run is a gap (null), the reader's
// filter and the legend's hover and toggle work as on the other charts, and
// the tooltip names the runtime. Written against whatever the committed
// data/perf-<profile>.json files hold: labels and gaps are read from the
// figure, never typed here.
const test = require('node:test');
const assert = require('node:assert/strict');
const { startSession } = require('../helpers/browser-session');
const { FLOOR_LABEL } = require('../../site/lib/cells');
const { chartSteps } = require('./chart-steps');

const PAGE = '/posts/results/';
// The ratio chart: it draws every runtime's file, each runtime within its own
// host; the raw-time chart draws only the one run of every runtime (issue 42).
const FIG = '#chart-matrix-cpu-ratio';

// The chart's data as the page script reads it: its JSON joined with the
// medians in its data table (chartFormat.readWire).
const wire = (page) => page.evaluate((sel) => {
  const fig = document.querySelector(sel);
  const rows = [...fig.querySelectorAll('.chart-table tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent));
  return window.chartFormat.readWire(JSON.parse(fig.querySelector('.chart-json').textContent), rows);
}, FIG);
const steps = chartSteps(FIG);
const { legend, typeFilter, xAxis, colourPixels, drawnYs, pointAt } = steps;
const plotted = (page) => steps.plotted(page).then((ls) => ls.filter((l) => l !== FLOOR_LABEL));

test('then-and-now matrix chart in Chromium', async (t) => {
  const s = await startSession();
  t.after(() => s.close());
  const { page, problems } = await s.open(PAGE);
  await page.locator(FIG).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${FIG}[data-drawn="true"]`);
  const w = await wire(page);

  await t.test('draws one x tick per runtime, in the build order, and series with colour', async () => {
    assert.ok(Array.isArray(w.xc) && w.xc.length >= 1, 'the figure names its runtimes');
    const x = await xAxis(page);
    // A crowded axis puts the version under the name: a line break (Flot's <br>), not a space.
    assert.deepEqual(x.ticks.map(([v, label]) => [v, label.replace(/<br>/g, ' ')]), w.xc.map((label, i) => [i, label]));
    const header = await page.$$eval(`${FIG} .chart-table thead th.num`, (ths) => ths.map((th) => th.textContent));
    assert.deepEqual(header, w.xc, 'the data table has a column per runtime, same order');
    assert.ok((await colourPixels(page)) > 10, 'no series drawn');
  });

  await t.test('a runtime where a style has no figure is a gap, never a zero', async () => {
    const data = await drawnYs(page);
    for (const row of w.s) {
      const drawn = data.find((d) => d.label === row[0]);
      if (!drawn) continue; // hidden by the author's filter
      row[1].forEach((v, i) => {
        if (v === null) assert.equal(drawn.ys[i], null, `${row[0]} at ${w.xc[i]}`);
        else assert.equal(drawn.ys[i], v);
      });
      assert.ok(!drawn.ys.includes(0), `${row[0]} has a zero`);
    }
  });

  await t.test('the filter hides exactly the matching series', async () => {
    const all = w.s.map((r) => r[0]);
    // The chart opens on a few styles per family (a readable view): every series first.
    await page.click(`${FIG} .chart-view`);
    await typeFilter(page, 'flattened|^async');
    const expected = all.filter((l) => !/flattened|^async/.test(l));
    // The legend groups the series by family (the JSON's g); the plot keeps their order.
    const byFamily = w.g.flatMap(([, idx]) => idx.map((i) => w.s[i][0]));
    assert.deepEqual(await legend(page), byFamily.filter((l) => expected.includes(l)));
    assert.deepEqual(await plotted(page), expected);
  });

  await t.test('hovering a legend entry highlights its series; a click hides it', async () => {
    const label = (await legend(page))[0];
    await page.hover(`${FIG} [data-series="${label}"]`);
    assert.equal(await page.getAttribute(FIG, 'data-highlighted'), label);
    await page.mouse.move(5, 5);
    assert.equal(await page.getAttribute(FIG, 'data-highlighted'), null);
    await page.click(`${FIG} [data-series="${label}"]`);
    assert.ok(!(await plotted(page)).includes(label));
    await page.click(`${FIG} [data-series="${label}"]`);
    assert.ok((await plotted(page)).includes(label));
    await page.mouse.move(5, 5);
  });

  await t.test('the tooltip names the runtime of the point', async () => {
    const at = await pointAt(page, 'original', -1);
    await page.mouse.move(at.x - 30, at.y + 20);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await page.waitForSelector(`${FIG} .chart-tooltip:not([hidden])`);
    const text = await page.textContent(`${FIG} .chart-tooltip`);
    assert.ok(text.includes(w.xc[at.xValue]), `tooltip "${text}" names ${w.xc[at.xValue]}`);
    assert.match(text, /median/);
    await s.snapshot(page.locator(FIG), 'matrix-tooltip.png');
  });

  await t.test('Log scale keeps the gaps and draws without errors', async (st) => {
    const ids = await page.$$eval('figure[id^="chart-matrix"]', (fs) => fs.filter((f) => f.querySelector('.chart-log')).map((f) => f.id));
    if (!ids.length) return st.skip('no matrix chart spans 20× or more: none has a log toggle');
    for (const id of ids) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.waitForSelector(`#${id}[data-drawn="true"]`);
      await page.check(`#${id} .chart-log`);
      assert.equal((await steps.yLayout(page, `#${id}`)).mode, 'log', id);
      assert.deepEqual(problems.list(), [], `${id}: a gap broke the log axis`);
      await page.uncheck(`#${id} .chart-log`);
    }
  });

  await t.test('on a phone, every runtime keeps its tick and the labels shown do not overlap', async () => {
    const phone = await s.open(PAGE, { viewport: { width: 390, height: 844 } });
    await phone.page.locator(FIG).scrollIntoViewIfNeeded();
    await phone.page.waitForSelector(`${FIG}[data-drawn="true"]`);
    assert.equal((await xAxis(phone.page)).ticks.length, w.xc.length);
    assert.deepEqual(await steps.overlappingLabels(phone.page), []);
    assert.deepEqual(await steps.clippedLabels(phone.page), []);
    assert.ok((await steps.xLabels(phone.page)).length >= 2, 'some runtime labels are shown');
    await s.snapshot(phone.page.locator(FIG), 'matrix-390.png');
    assert.deepEqual(phone.problems.list(), []);
  });

  await t.test('no console errors or CSP violations', () => {
    assert.deepEqual(problems.list(), []);
  });
});
