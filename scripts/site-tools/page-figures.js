'use strict';
// A chart page's weight and speed in headless Chromium, the logic behind
// scripts/measure-page.js (which says what each figure means and its goal).
// Each measurement opens its own browser context: an empty cache, as a
// reader's first visit.
const zlib = require('node:zlib');
const { injectFigures } = require('./inject-figures');

const VIEWPORT = { width: 1100, height: 900 };
const isBundle = (url) => /\/assets\/f\/charts\.[0-9a-f]+\.js$/.test(new URL(url).pathname);

function recordBodies(page) {
  const bodies = [];
  page.on('response', (res) => {
    if (res.status() >= 300) return;
    bodies.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gz: zlib.gzipSync(b, { level: 9 }).length })).catch(() => null));
  });
  return async () => (await Promise.all(bodies)).filter(Boolean);
}

// What the page fetches before the reader scrolls (load, then the network
// idle), and then what scrolling to the first chart adds: the chart bundle.
async function pageWeight(browser, url) {
  const ctx = await browser.newContext({ viewport: VIEWPORT });
  const page = await ctx.newPage();
  const bodies = recordBodies(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  const first = await bodies();
  const seen = first.length;
  const hasChart = await page.evaluate(() => {
    const fig = document.querySelector('figure[data-chart]');
    if (fig) fig.scrollIntoView();
    return Boolean(fig);
  });
  if (hasChart) await page.waitForSelector('figure[data-chart][data-drawn="true"]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
  const after = (await bodies()).slice(seen);
  await ctx.close();
  return { firstLoad: first, bundleBeforeScroll: first.some((f) => isBundle(f.url)), afterScroll: after, bundle: after.find((f) => isBundle(f.url)) || null };
}

// ms from scrolling the first chart into view to the first frame that shows
// it (the animation frame after data-drawn, which charts.js sets once Flot
// has drawn: paint follows it), with the bundle fetched then, on an empty
// cache; and when the bundle was requested and had arrived.
async function firstChartDrawn(browser, url) {
  const ctx = await browser.newContext({ viewport: VIEWPORT });
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const ms = await page.evaluate(() => new Promise((resolve, reject) => {
    const fig = document.querySelector('figure[data-chart]');
    if (!fig) return reject(new Error('no chart on the page'));
    const t0 = performance.now();
    // Where the time went: the bundle's request and response (resource timing).
    const drawn = () => requestAnimationFrame(() => {
      const total = performance.now() - t0;
      const r = performance.getEntriesByType('resource').find((e) => /\/assets\/f\/charts\.[0-9a-f]+\.js$/.test(e.name));
      resolve({ total, requested: r ? r.startTime - t0 : null, fetched: r ? r.responseEnd - t0 : null });
    });
    new MutationObserver(() => { if (fig.dataset.drawn === 'true') drawn(); }).observe(fig, { attributes: true, attributeFilter: ['data-drawn'] });
    fig.scrollIntoView();
  }));
  await ctx.close();
  return ms;
}

// ms for one legend hover: a mouseover on an entry, which highlights its
// series and redraws the plot synchronously (flot-series-highlight.js), with
// every series of the figure shown: the page's largest chart, or the figures
// `inject` puts into the page ([{ id, html }], a figure's id without
// "chart-" and its HTML: site/render/stress-figure.js makes them).
async function hoverRedraw(browser, url, { inject = [], repeat = 60 } = {}) {
  const ctx = await browser.newContext({ viewport: VIEWPORT });
  const page = await ctx.newPage();
  if (inject.length) await injectFigures(page, new URL(url).pathname, inject.map((f) => f.html).join('\n'));
  await page.goto(url, { waitUntil: 'load' });
  // A figure's data are inline, or in the page's chart data file (data-chart
  // names it; site/render/chart-files.js), fetched here before any chart is near.
  const ids = inject.length ? inject.map((o) => `chart-${o.id}`) : [await page.evaluate(async () => {
    const figs = [...document.querySelectorAll('figure[data-chart]')];
    const files = {};
    for (const url of new Set(figs.map((f) => f.dataset.chart).filter(Boolean))) files[url] = await (await fetch(url)).json();
    const wire = (f) => (f.querySelector('.chart-json') ? JSON.parse(f.querySelector('.chart-json').textContent) : files[f.dataset.chart][f.id]);
    return figs.sort((a, b) => wire(b).s.length - wire(a).s.length)[0].id;
  })];
  const out = [];
  for (const id of ids) {
    await page.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
    await page.waitForSelector(`#${id}[data-drawn="true"]`, { state: 'attached' });
    out.push(await page.evaluate(async ({ id: i, repeat: k }) => {
      const fig = document.getElementById(i);
      const plot = window.jQuery(fig.querySelector('.chart-canvas')).data('plot');
      if (plot.setFilter) plot.setFilter('');
      // Every series shown, not the opening view (flot-series-view.js): the
      // hover is timed on the chart at its heaviest, and a hidden series
      // cannot be highlighted.
      if (plot.setHiddenSeries) plot.setHiddenSeries([]);
      await new Promise((res) => setTimeout(res, 100));
      const entries = [...fig.querySelectorAll('.chart-legend [data-series]')];
      const times = [];
      for (let j = 0; j < k; j++) {
        const b = entries[j % entries.length];
        const t0 = performance.now();
        b.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
        times.push(performance.now() - t0);
        if (plot.getHighlightedSeries() !== b.dataset.series) throw new Error(`hovering ${b.dataset.series} highlighted ${plot.getHighlightedSeries()}`);
        b.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
      }
      const box = (el) => Math.round(el.getBoundingClientRect().height);
      return { id: i, series: plot.getShownSeries().length, times, figure: box(fig), plot: box(fig.querySelector('.chart-canvas')), legend: box(fig.querySelector('.chart-legend')) };
    }, { id, repeat }));
  }
  await ctx.close();
  return out;
}

// Scrolls from top to bottom at a brisk pace (one viewport every 250 ms,
// far faster than anyone reads) and notes, for each chart, whether it was
// already drawn when its first pixel entered the viewport.
async function scrollThrough(browser, url) {
  const ctx = await browser.newContext({ viewport: VIEWPORT });
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => {
    window.__seen = {};
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (e.isIntersecting && !(e.target.id in window.__seen)) {
          window.__seen[e.target.id] = e.target.getAttribute('data-drawn') === 'true';
        }
      }
    });
    document.querySelectorAll('figure[data-chart]').forEach((f) => io.observe(f));
  });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += VIEWPORT.height) {
    await page.mouse.wheel(0, VIEWPORT.height);
    await page.waitForTimeout(250);
  }
  await page.waitForTimeout(300);
  const seen = await page.evaluate(() => window.__seen);
  await ctx.close();
  return seen;
}

module.exports = { pageWeight, firstChartDrawn, hoverRedraw, scrollThrough, isBundle };
