'use strict';
// The results post in a real Chromium under the deployed CSP: every chart
// draws, and the reader controls change what is drawn. Interactions use the
// 2013 CPU chart, whose data (data/reference-2013.json) never change.
const test = require('node:test');
const { FLOOR_LABEL } = require('../../site/lib/cells');
const assert = require('node:assert/strict');
const { startSession } = require('../helpers/browser-session');
const { chartSteps } = require('./chart-steps');

const PAGE = '/posts/results/';
const FIG = '#chart-2013-cpu';

const { plotted, legend, highlighted, typeFilter, hoverEntry, colourPixels, canvasHash, clippedLabels, yLayout, xAxis, drawnXs, pointAt } = chartSteps(FIG);

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
        assert.deepEqual(await clippedLabels(page, `#${id}`), [], `${id} has tick labels cut off at the canvas edge`);
        // The 2013 memory figures go below zero: the axis must too.
        for (const sp of (await yLayout(page, `#${id}`)).spreads) assert.ok(sp.inside, `${id}: ${sp.label} drawn outside the plot`);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await s.snapshot(page, `charts-results-${colorScheme}.png`, { fullPage: true });
      await s.snapshot(page.locator(FIG), `charts-2013-cpu-${colorScheme}.png`);
      assert.deepEqual(problems.list(), []);
    }
  });

  const { page, problems } = await s.open(PAGE);
  await page.locator(FIG).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${FIG}[data-drawn="true"]`);
  const before = await canvasHash(page);

  await t.test('hovering and focusing a legend entry highlights its series; leaving restores', async () => {
    await hoverEntry(page, 'co.js');
    assert.equal(await page.getAttribute(FIG, 'data-highlighted'), 'co.js');
    assert.equal(await highlighted(page), 'co.js');
    assert.notEqual(await canvasHash(page), before, 'highlight did not change the canvas');
    await s.snapshot(page.locator(FIG), 'charts-highlight.png');
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
    await typeFilter(page, 'co|genny');
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
    const at = await pointAt(page, 'co.js', 4);
    await page.mouse.move(at.x - 30, at.y + 20);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await page.waitForSelector(`${FIG} .chart-tooltip:not([hidden])`);
    const text = await page.textContent(`${FIG} .chart-tooltip`);
    assert.match(text, /co\.js/);
    assert.match(text, /n = 2000/);
    assert.match(text, /median/);
    await s.snapshot(page.locator(FIG), 'charts-tooltip.png');
  });

  await t.test('the CSV download holds exactly the plotted series, under the CSP', async () => {
    await typeFilter(page, '^(?!co\\.js$|genny\\.js$)');
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

  await t.test('Log scale spreads a series over the plot and unticking restores the linear chart', async () => {
    // Flot's log axis (before chart-plot.js) fell back to linear ticks for
    // values spanning 12-350 and snapped its minimum to 0: every series
    // became a flat line at the top.
    // The 2013 chart: five n on every series whatever data/ holds today (a
    // run at one n draws one point per series, with no spread to check).
    const CPU = '#chart-2013-cpu';
    // The pointer is still where the tooltip test left it: once the page
    // scrolls it may rest on this chart, and Chromium's hover update after a
    // scroll would highlight a series at an unpredictable moment.
    await page.mouse.move(5, 5);
    await page.locator(CPU).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${CPU}[data-drawn="true"]`);
    const linear = await canvasHash(page, CPU);
    const lin = await yLayout(page, CPU);
    await page.check(`${CPU} .chart-log`);
    const log = await yLayout(page, CPU);
    assert.equal(log.mode, 'log');
    assert.ok(log.min > 0, `log axis starts at ${log.min}`);
    assert.ok(!log.ticks.includes('0'), `log ticks ${log.ticks}`);
    for (const s of log.spreads) {
      assert.ok(s.inside, `${s.label} drawn outside the plot`);
      assert.ok(s.spread > log.height / 5, `${s.label} spans ${s.spread.toFixed(1)} of ${log.height} px on the log axis`);
    }
    assert.deepEqual(await clippedLabels(page, CPU), []);
    await s.snapshot(page.locator(CPU), 'charts-cpu-log.png');
    await page.uncheck(`${CPU} .chart-log`);
    assert.deepEqual(await yLayout(page, CPU), lin);
    assert.equal(await canvasHash(page, CPU), linear);
  });

  await t.test('every chart with a Log scale toggle keeps its points on the plot in log mode', async () => {
    for (const id of await page.$$eval('figure[data-chart]:has(.chart-log)', (fs) => fs.map((f) => f.id))) {
      const fig = `#${id}`;
      await page.locator(fig).scrollIntoViewIfNeeded();
      await page.waitForSelector(`${fig}[data-drawn="true"]`);
      const was = await page.isChecked(`${fig} .chart-log`);
      await page.setChecked(`${fig} .chart-log`, true);
      const log = await yLayout(page, fig);
      assert.ok(log.min > 0, `${id}: log axis starts at ${log.min}`);
      for (const s of log.spreads) assert.ok(s.inside, `${id}: ${s.label} drawn outside the plot`);
      // Series measured at one n are single points: nothing to spread.
      const ns = await page.evaluate((sel) => JSON.parse(document.querySelector(`${sel} .chart-json`).textContent).n.length, fig);
      if (ns > 1) assert.ok(Math.max(...log.spreads.map((s) => s.spread)) > log.height / 5, `${id}: series squashed on the log axis`);
      assert.deepEqual(await clippedLabels(page, fig), [], `${id}: clipped tick labels in log mode`);
      await page.setChecked(`${fig} .chart-log`, was);
    }
  });

  await t.test('the scale sweep has a log x axis with readable ticks at the measured n', async () => {
    const SWEEP = '#chart-perf-cpu-time-sweep';
    await page.locator(SWEEP).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${SWEEP}[data-drawn="true"]`);
    const x = await xAxis(page, SWEEP, [1000, 2000, 10000, 20000]);
    assert.equal(x.mode, 'log');
    assert.deepEqual(x.ticks.map((t) => t[1]), ['1k', '2k', '5k', '10k', '20k', '50k']);
    // Doubling n is the same distance anywhere on a log axis.
    assert.ok(Math.abs((x.px[1] - x.px[0]) - (x.px[3] - x.px[2])) < 1, `x pixels ${x.px}`);
    assert.ok(x.px[1] - x.px[0] > 60, `1k and 2k only ${x.px[1] - x.px[0]} px apart`);
    const y = await yLayout(page, SWEEP);
    assert.equal(y.mode, 'log');
    assert.ok(y.ticks.includes('10000'), `y ticks ${y.ticks}`);
    assert.deepEqual(await clippedLabels(page, SWEEP), []);
    await s.snapshot(page.locator(SWEEP), 'charts-sweep.png');
  });

  await t.test('every n-axis names each measured n once, even when the data hold a single n', async () => {
    const figs = await page.evaluate(() => [...document.querySelectorAll('figure[data-chart][id^="chart-perf-"]')].map((f) => `#${f.id}`));
    assert.ok(figs.length > 3, `perf charts on the page: ${figs}`);
    for (const fig of figs) {
      await page.locator(fig).scrollIntoViewIfNeeded();
      await page.waitForSelector(`${fig}[data-drawn="true"]`, { state: 'attached' });
      const x = { ns: await drawnXs(page, fig), ticks: (await xAxis(page, fig)).ticks.map((t) => t[1]) };
      assert.equal(new Set(x.ticks).size, x.ticks.length, `${fig}: repeated x tick labels ${x.ticks}`);
      if (x.ns.length === 1) assert.equal(x.ticks.length, 1, `${fig}: one n measured, ticks ${x.ticks}`);
    }
  });

  await t.test('no console errors or CSP violations during the interactions', () => {
    assert.deepEqual(problems.list(), []);
  });

  // Typed into the page's own thread, this pattern froze the tab: it
  // backtracks for hours on the 2013 chart's longest labels. The time-out
  // only turns today's hang into a failure; passing takes about a second.
  await t.test('a pattern that backtracks for hours leaves the page responsive, says so, and normal patterns still filter', { timeout: 90_000 }, async () => {
    // A budget of its own: the session's is long enough for any busy machine,
    // and this pattern would use all of it. 5 s still refuses hours.
    const own = await s.open(PAGE, { init: [(limit) => { window.chartFilterTuning = { limit }; }, 5000] });
    try {
      const p = own.page;
      await p.locator(FIG).scrollIntoViewIfNeeded();
      await p.waitForSelector(`${FIG}[data-drawn="true"]`);
      const labels = await plotted(p);
      await p.fill(`${FIG} .chart-filter`, '((.+)+)+X');
      assert.equal(await p.evaluate(() => 6 * 7), 42, 'the page answers while the pattern is matched');
      await p.waitForFunction((sel) => /takes too long/.test(document.querySelector(`${sel} .chart-error`).textContent), FIG);
      assert.ok(await p.isVisible(`${FIG} .chart-error`));
      assert.equal(await p.getAttribute(`${FIG} .chart-filter`, 'aria-invalid'), 'true');
      assert.deepEqual(await plotted(p), labels, 'the chart is unchanged');
      assert.equal(await p.getAttribute(FIG, 'aria-busy'), null);
      await s.snapshot(p.locator(FIG), 'charts-slow-pattern.png');

      // After a time-out the next pattern gets a fresh worker.
      await typeFilter(p, 'co|genny');
      assert.equal(await p.textContent(`${FIG} .chart-error`), '');
      const all = await p.evaluate((sel) => JSON.parse(document.querySelector(`${sel} .chart-json`).textContent).s.map((x) => x[0]), FIG);
      assert.deepEqual(await plotted(p), all.filter((l) => !/co|genny/.test(l)));

      const CPU = '#chart-perf-cpu-time';
      await p.locator(CPU).scrollIntoViewIfNeeded();
      await p.waitForSelector(`${CPU}[data-drawn="true"]`);
      // The legend lists the series by family (the JSON's g), the plot in series order.
      const [cpu, byFamily] = await p.evaluate((sel) => {
        const w = JSON.parse(document.querySelector(`${sel} .chart-json`).textContent);
        return [w.s.map((x) => x[0]), w.g.flatMap(([, idx]) => idx.map((i) => w.s[i][0]))];
      }, CPU);
      // It opens on a few styles per family (a readable view): every series first.
      await p.click(`${CPU} .chart-view`);
      await typeFilter(p, '^promises-', CPU);
      const expected = cpu.filter((l) => !/^promises-/.test(l));
      assert.ok(expected.length < cpu.length && expected.length > 0);
      assert.deepEqual(await legend(p, CPU), byFamily.filter((l) => !/^promises-/.test(l)));
      // The floor line is drawn beside the styles and never filtered.
      assert.deepEqual((await plotted(p, CPU)).filter((l) => l !== FLOOR_LABEL), expected);
      assert.deepEqual(own.problems.list(), []);
    } finally {
      await own.context.close();
    }
  });

  await t.test('without JavaScript the figure shows its data table and no controls', async () => {
    const ctx = await s.browser.newContext({ javaScriptEnabled: false, baseURL: s.baseURL });
    const p = await ctx.newPage();
    await p.goto(PAGE);
    assert.ok(await p.isVisible(`${FIG} .chart-table table`));
    assert.ok(!(await p.isVisible(`${FIG} .chart-controls`)));
    assert.ok(!(await p.isVisible(`${FIG} .chart-body`)));
    await s.snapshot(p, 'charts-nojs.png');
    await ctx.close();
  });
});
