'use strict';
// The article's charts in a real Chromium under the deployed CSP (issue 27):
// the chart bundle (jQuery 3.7.1 + Flot 4.2.6 + our plugins) is fetched only
// when a chart comes near and once per session, every chart on the page is
// a Flot plot, the ranked chart's rows and whiskers are the committed data's,
// no two series of a chart share colour and marker, a family header toggles
// its family, the all-style line charts open on about ten series with the
// rest one click away, every filter reads the same, at 390 px no caption
// pushes its chart off the screen, and without JavaScript every figure is
// its data table.
const test = require('node:test');
const assert = require('node:assert/strict');
const { startSession } = require('../helpers/browser-session');
const { isBundle } = require('../../scripts/site-tools/page-figures');
const { runtimeMatches, NOW_RUNTIME } = require('../../site/lib/runtime-match');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');
const { styleName } = require('../../site/lib/style-names');
const perf = require(`../../data/${DEFAULT_PERF}.json`); // the charts that name no runtime draw from it

const PAGE = '/posts/analysis-async-patterns-2013-and-now/';
const RANKED = '#chart-cpu-ranked';
const round = (v) => (Math.abs(v) >= 1000 ? Math.round(v) : Number(v.toPrecision(3)));

async function drawAll(page) {
  const ids = await page.$$eval('figure[data-chart]', (fs) => fs.map((f) => f.id));
  for (const id of ids) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForSelector(`#${id}[data-drawn="true"]`, { state: 'attached' });
  }
  return ids;
}

test('article charts in Chromium', async (t) => {
  const s = await startSession();
  t.after(() => s.close());

  await t.test('the chart bundle is fetched only when a chart comes near, and once per session', async () => {
    const { page, problems, context } = await s.open(PAGE);
    const requested = [];
    page.on('request', (r) => { if (isBundle(r.url())) requested.push(r.url()); });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    assert.deepEqual(requested, [], 'the bundle was requested before any chart came near');
    assert.equal(await page.evaluate(() => typeof window.jQuery), 'undefined');
    assert.ok(await page.isVisible('figure[data-chart] .chart-table table'), 'before the bundle, a figure shows its table');
    await page.locator('figure[data-chart]').first().scrollIntoViewIfNeeded();
    await page.waitForSelector('figure[data-chart][data-drawn="true"]', { state: 'attached' });
    assert.equal(requested.length, 1, `bundle requests: ${requested}`);
    assert.equal(await page.evaluate(() => window.jQuery.fn.jquery), '3.7.1');
    const plugins = await page.evaluate(() => window.jQuery.plot.plugins.map((p) => p.name));
    for (const name of ['errorbars', 'log', 'seriesSelect', 'axisFit', 'logScale', 'seriesHighlight', 'htmlLegend', 'legendTouch', 'regexFilter', 'pointTooltip', 'urlState']) {
      assert.ok(plugins.includes(name), `plugin ${name} in ${plugins}`);
    }
    // The next page of the session takes the bundle from the cache.
    const bundle = requested[0];
    const next = await context.newPage();
    await next.goto('/posts/results/');
    await next.locator('figure[data-chart]').first().scrollIntoViewIfNeeded();
    await next.waitForSelector('figure[data-chart][data-drawn="true"]', { state: 'attached' });
    const entry = await next.evaluate((url) => performance.getEntriesByName(url).map((e) => ({ transferSize: e.transferSize, decoded: e.decodedBodySize }))[0], bundle);
    assert.ok(entry && entry.transferSize === 0 && entry.decoded > 0, `the second page fetched the bundle again: ${JSON.stringify(entry)}`);
    assert.deepEqual(problems.list(), []);
  });

  await t.test('a page without charts loads neither the loader nor the bundle', async () => {
    const { page, problems } = await s.open('/');
    const scripts = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
    await page.reload({ waitUntil: 'networkidle' });
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(300);
    assert.deepEqual(scripts, []);
    assert.deepEqual(problems.list(), []);
  });

  const { page, problems } = await s.open(PAGE);
  const ids = await drawAll(page);

  await t.test('every chart on the page is drawn by Flot, light and dark', async () => {
    assert.ok(ids.length >= 8, `charts on the article: ${ids}`);
    for (const colorScheme of ['light', 'dark']) {
      const p = colorScheme === 'light' ? page : (await s.open(PAGE, { colorScheme })).page;
      if (p !== page) await drawAll(p);
      for (const id of ids) {
        const flot = await p.evaluate((i) => {
          const area = document.querySelector(`#${i} .chart-canvas`);
          const plot = window.jQuery(area).data('plot');
          return Boolean(plot && plot.getData().length && area.querySelector('canvas.flot-base') && area.querySelector('canvas.flot-overlay'));
        }, id);
        assert.ok(flot, `${id} is not a Flot plot`);
      }
    }
  });

  await t.test('within each chart no two series share colour and marker', async () => {
    for (const id of ids) {
      const styles = await page.evaluate((i) => window.jQuery(`#${i} .chart-canvas`).data('plot').getData()
        .filter((s) => s.points.show).map((s) => `${s.color}|${s.points.symbol}`), id);
      assert.equal(new Set(styles).size, styles.length, `${id}: ${styles}`);
    }
  });

  await t.test('the ranked chart: one row per style, fastest at the top, whiskers the committed 95 % intervals, coloured by family', async () => {
    const cells = perf.cells.filter((c) => c.status === 'ok' && c.scenario === 'upload' && c.mode === 'cpu' && c.n === 1000 && c.variant !== 'floor' && runtimeMatches(c.runtime, NOW_RUNTIME));
    const expected = [...cells].sort((a, b) => round(a.time.median) - round(b.time.median) || a.variant.localeCompare(b.variant));
    const rows = await page.evaluate((sel) => {
      const plot = window.jQuery(`${sel} .chart-canvas`).data('plot');
      const out = [];
      for (const s of plot.getData()) {
        if (!s.rows) continue;
        s.rows.forEach((r, i) => {
          const [x, y, left, right] = s.data[i];
          out.push({ label: r.label, family: s.label, color: s.color, y, median: x, lo: +(x - left).toFixed(6), hi: +(x + right).toFixed(6) });
        });
      }
      return { rows: out.sort((a, b) => b.y - a.y), ticks: plot.getAxes().yaxis.ticks.sort((a, b) => b.v - a.v).map((t) => t.label) };
    }, RANKED);
    assert.deepEqual(rows.rows.map((r) => r.label), expected.map((c) => c.variant), 'rows in order of median');
    // Labelled as readers see the style, by its one name (site/lib/style-names.js, issue 43).
    assert.deepEqual(rows.ticks, expected.map((c) => styleName(c.variant)), 'each row labelled with its style');
    for (const r of rows.rows) {
      const c = cells.find((x) => x.variant === r.label);
      assert.deepEqual([r.median, r.lo, r.hi], [round(c.time.median), round(c.timeCi.lo), round(c.timeCi.hi)], r.label);
    }
    const colours = new Map();
    for (const r of rows.rows) {
      if (colours.has(r.family)) assert.equal(colours.get(r.family), r.color);
      colours.set(r.family, r.color);
    }
    assert.equal(new Set(colours.values()).size, colours.size, 'one colour per family');
    // CPU-bound medians span several times: the time axis starts at zero.
    // I/O-bound ones sit within a few percent: zero would squeeze the rows together.
    const xmin = (sel) => page.evaluate((q) => window.jQuery(`${q} .chart-canvas`).data('plot').getAxes().xaxis.min, sel);
    assert.equal(await xmin(RANKED), 0);
    await page.locator('#chart-io-ranked').scrollIntoViewIfNeeded();
    await page.waitForSelector('#chart-io-ranked[data-drawn="true"]', { state: 'attached' });
    assert.ok((await xmin('#chart-io-ranked')) > 0);
  });

  await t.test('a ranked row\'s tooltip gives its median, interval and the styles it ties with', async () => {
    const at = await page.evaluate((sel) => {
      const plot = window.jQuery(`${sel} .chart-canvas`).data('plot');
      const s = plot.getData().find((x) => x.rows && x.rows.some((r) => r.label === 'async-await'));
      const i = s.rows.findIndex((r) => r.label === 'async-await');
      const o = plot.pointOffset({ x: s.data[i][0], y: s.data[i][1] });
      const area = document.querySelector(`${sel} .chart-canvas`);
      window.scrollBy(0, area.getBoundingClientRect().top + o.top - innerHeight / 2);
      const box = area.getBoundingClientRect();
      return { x: box.left + o.left, y: box.top + o.top };
    }, RANKED);
    await page.mouse.move(at.x - 30, at.y + 20);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await page.waitForSelector(`${RANKED} .chart-tooltip:not([hidden])`);
    const text = await page.textContent(`${RANKED} .chart-tooltip`);
    assert.match(text, /^async\/await/, 'the style by its name (issue 43), not its id');
    assert.match(text, /95 % interval [\d.]+–[\d.]+ ms/);
    assert.match(text, /interval overlaps/);
    await page.mouse.move(5, 5);
  });

  await t.test('a family header hides and shows its whole family, from the mouse and the keyboard', async () => {
    const FIG = '#chart-cpu-all';
    await page.locator(FIG).scrollIntoViewIfNeeded();
    const promises = await page.$$eval(`${FIG} .chart-legend [data-group="promises"] ~ [data-series]`, (bs) => bs.map((b) => b.dataset.series));
    assert.ok(promises.length >= 5 && promises.every((l) => l.startsWith('promises-')), `${promises}`);
    // The chart opens on a few promise styles (a readable view), the others hidden.
    const opening = await page.getAttribute(`${FIG} [data-group="promises"]`, 'aria-pressed');
    assert.equal(opening, 'mixed');
    await page.click(`${FIG} [data-group="promises"]`);
    let shown = await page.evaluate((sel) => window.jQuery(`${sel} .chart-canvas`).data('plot').getShownSeries(), FIG);
    assert.ok(promises.every((l) => !shown.includes(l)), 'the family is hidden');
    assert.equal(await page.getAttribute(`${FIG} [data-group="promises"]`, 'aria-pressed'), 'false');
    await page.focus(`${FIG} [data-group="promises"]`);
    await page.keyboard.press('Enter');
    shown = await page.evaluate((sel) => window.jQuery(`${sel} .chart-canvas`).data('plot').getShownSeries(), FIG);
    assert.ok(promises.every((l) => shown.includes(l)), 'the family is back');
    await page.click(`${FIG} [data-series="${promises[0]}"]`);
    assert.equal(await page.getAttribute(`${FIG} [data-group="promises"]`, 'aria-pressed'), 'mixed');
    await page.click(`${FIG} .chart-reset`);
    assert.equal(await page.getAttribute(`${FIG} [data-group="promises"]`, 'aria-pressed'), opening, 'reset brings the opening view back');
  });

  await t.test('a change of colour scheme redraws in the other palette and keeps the reader\'s view', async () => {
    const FIG = '#chart-io-all';
    await page.locator(FIG).scrollIntoViewIfNeeded();
    const plotOf = () => page.evaluate((sel) => {
      const plot = window.jQuery(`${sel} .chart-canvas`).data('plot');
      return { shown: plot.getShownSeries(), colour: plot.getData()[0].color, log: plot.isLogScale(), filter: plot.getFilter().text };
    }, FIG);
    await page.fill(`${FIG} .chart-filter`, '^rx');
    await page.waitForSelector(`${FIG}:not([aria-busy])`, { state: 'attached' });
    await page.click(`${FIG} [data-series="original"]`);
    const before = await plotOf();
    assert.ok(!before.shown.includes('original') && !before.shown.some((l) => /^rx/.test(l)));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(({ sel, was }) => window.jQuery(`${sel} .chart-canvas`).data('plot').getData()[0].color !== was, { sel: FIG, was: before.colour });
    const after = await plotOf();
    assert.deepEqual({ ...after, colour: null }, { ...before, colour: null }, 'the view survived the redraw');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.click(`${FIG} .chart-reset`);
  });

  await t.test('the all-style line charts open on at most about ten series, every family represented; all of them are one click away', async () => {
    const lineCharts = [];
    for (const id of ids) {
      const st = await page.evaluate((i) => {
        const fig = document.getElementById(i);
        const plot = window.jQuery(`#${i} .chart-canvas`).data('plot');
        const drawn = plot.getData().filter((s) => !s.keep);
        const listed = [...fig.querySelectorAll('.chart-legend [data-series]')].map((b) => b.dataset.series);
        const groups = [...fig.querySelectorAll('.chart-legend [data-group]')].map((b) => [b.dataset.group, b.getAttribute('aria-pressed')]);
        return { ranked: fig.classList.contains('chart-ranked'), shown: plot.getShownSeries().filter((l) => drawn.some((s) => s.label === l)), listed, groups, button: Boolean(fig.querySelector('.chart-view:not([hidden])')) };
      }, id);
      if (st.ranked) continue;
      lineCharts.push(id);
      assert.ok(st.shown.length <= 10, `${id} opens on ${st.shown.length} series: ${st.shown}`);
      assert.deepEqual(st.groups.filter(([, pressed]) => pressed === 'false'), [], `${id}: a family with no series drawn`);
      assert.equal(st.button, st.listed.length > st.shown.length, `${id}: "Show all" offered exactly when series are hidden`);
      if (!st.button) continue;
      await page.click(`#${id} .chart-view`);
      const all = await page.evaluate((i) => window.jQuery(`#${i} .chart-canvas`).data('plot').getShownSeries(), id);
      assert.ok(st.listed.every((l) => all.includes(l)), `${id}: one click shows every series`);
      assert.match(await page.textContent(`#${id} .chart-view`), new RegExp(`^Back to ${st.shown.length} styles$`));
      await page.click(`#${id} .chart-view`);
      const back = await page.evaluate((i) => window.jQuery(`#${i} .chart-canvas`).data('plot').getShownSeries(), id);
      assert.ok(st.shown.every((l) => back.includes(l)) && back.filter((l) => st.listed.includes(l)).length === st.shown.length, `${id}: and one more brings the opening view back`);
    }
    assert.ok(lineCharts.includes('chart-cpu-all') && lineCharts.includes('chart-io-all'), `${lineCharts}`);
  });

  await t.test('every chart filter says the same thing: "Hide series matching"', async () => {
    // Every chart has a filter but the ranked ones, whose legend's family toggles do that job.
    const labels = await page.$$eval('figure[data-chart]', (fs) => fs.map((f) => {
      const l = f.querySelector('.chart-filter-label');
      return [f.id, f.classList.contains('chart-ranked') ? 'ranked' : l ? l.firstChild.textContent.trim() : 'no filter'];
    }));
    assert.equal(labels.length, ids.length);
    assert.ok(labels.some(([, l]) => l !== 'ranked'), 'a chart with a filter');
    assert.deepEqual(labels.filter(([, l]) => l !== 'ranked' && l !== 'Hide series matching'), []);
  });

  await t.test('no legend is taller than its plot', async () => {
    for (const id of ids) {
      const h = await page.evaluate((i) => ({
        legend: document.querySelector(`#${i} .chart-legend`).getBoundingClientRect().height,
        plot: document.querySelector(`#${i} .chart-canvas`).getBoundingClientRect().height,
      }), id);
      assert.ok(h.legend <= h.plot + 0.5, `${id}: legend ${h.legend} px, plot ${h.plot} px`);
    }
  });

  await t.test('at 390 px no caption block pushes its chart off the screen', async () => {
    for (const path of [PAGE, '/posts/results/']) {
      const { page: p, problems: pp } = await s.open(path, { viewport: { width: 390, height: 844 } });
      for (const id of await drawAll(p)) {
        // The figure's top at the top of the screen: where its plot starts and ends.
        const at = await p.evaluate((i) => {
          const fig = document.getElementById(i), canvas = fig.querySelector('.chart-canvas');
          const top = fig.getBoundingClientRect().top, box = canvas.getBoundingClientRect();
          return { start: box.top - top, end: box.bottom - top, ranked: fig.classList.contains('chart-ranked'), screen: innerHeight };
        }, id);
        assert.ok(at.start <= at.screen / 3, `${path} ${id}: the plot starts ${Math.round(at.start)} px below the figure's top`);
        if (!at.ranked) assert.ok(at.end <= at.screen, `${path} ${id}: the plot ends ${Math.round(at.end)} px below the figure's top, past the screen`);
      }
      // The screen a reader sees with the figure's top at its top: a figure
      // taller than the screen is not shot as an element, whose capture
      // stretches the viewport to the whole page and never settles.
      await p.locator('#chart-cpu-all, #chart-perf-cpu-time').first().evaluate((f) => f.scrollIntoView({ block: 'start' }));
      await s.snapshot(p, `charts-390-${path === PAGE ? 'article' : 'results'}.png`);
      assert.deepEqual(pp.list(), []);
    }
  });

  await t.test('no console errors or CSP violations', () => {
    assert.deepEqual(problems.list(), []);
  });

  await t.test('a figure whose data cannot be read stays a table, and the others are drawn', async () => {
    const ctx = await s.browser.newContext({ baseURL: s.baseURL });
    const p = await ctx.newPage();
    const warnings = [];
    p.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
    // The first chart's table loses a row: its JSON no longer matches it.
    await p.route((url) => url.pathname === PAGE, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/(<figure class="chart" id="chart-cpu-all"[\s\S]*?<tbody>)<tr>[\s\S]*?<\/tr>/, '$1');
      await route.fulfill({ response: res, body: html });
    });
    await p.goto(PAGE);
    await p.locator('#chart-cpu-all').scrollIntoViewIfNeeded();
    await p.waitForSelector('#chart-cpu-ranked[data-drawn="true"]', { state: 'attached' });
    await p.waitForFunction(() => window.jQuery);
    assert.equal(await p.getAttribute('#chart-cpu-all', 'data-drawn'), null);
    assert.ok(await p.isVisible('#chart-cpu-all .chart-table table'), 'the table is shown');
    assert.ok(!(await p.isVisible('#chart-cpu-all .chart-body')), 'no empty chart');
    assert.ok(warnings.some((w) => /chart-cpu-all left as a table: the data table has no row/.test(w)), warnings.join('\n'));
    await ctx.close();
  });

  await t.test('without JavaScript every figure shows its data table and no chart', async () => {
    const ctx = await s.browser.newContext({ javaScriptEnabled: false, baseURL: s.baseURL });
    const p = await ctx.newPage();
    await p.goto(PAGE);
    for (const id of ids) {
      assert.ok(await p.isVisible(`#${id} .chart-table table`), `${id}: no table`);
      assert.ok(!(await p.isVisible(`#${id} .chart-body`)), `${id}: an empty chart`);
    }
    await ctx.close();
  });
});
