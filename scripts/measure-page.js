'use strict';
// Prints the chart page's performance figures (issue 6 targets), measured in
// headless Chromium over the built site served with netlify.toml's headers:
//   1. ms from DOMContentLoaded to the first-viewport charts being drawn
//      (charts.js sets the 'charts-first-viewport' mark), median of --loads;
//   2. ms for one legend-hover redraw with all series of a 25+ series chart
//      shown (plot.highlightSeries, synchronous), median of 60;
//   3. whether every chart is drawn before it scrolls into view;
//   4. gzipped bytes of the page and every asset it loads.
// By default the site is built into a temp folder with the chart fixture
// (26 variants with repetitions: the heaviest page the data can produce);
// --site _site measures the current build instead.
//
//   node scripts/measure-page.js [--site _site] [--page /posts/results/] [--loads 9]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { serve } = require('./serve');
const { median } = require('./harness/stats');
const { runEleventy } = require('./site-tools/eleventy-cli');
const { chromium } = require('playwright-core');
const { launchOptions } = require('./site-tools/find-browser');

const { ROOT } = require('./lib/paths');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

// The committed data with the fixture's perf.json (26 variants) in place of
// data/perf.json. The fixture holds summaries without samples, so this is a
// draft build (ASYNCBENCH_ALLOW_INCOMPLETE=1): its banner is counted too.
function buildFixtureSite() {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-measure-'));
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-measure-data-'));
  try {
    for (const f of fs.readdirSync(path.join(ROOT, 'data')).filter((x) => x.endsWith('.json'))) fs.copyFileSync(path.join(ROOT, 'data', f), path.join(data, f));
    fs.copyFileSync(path.join(ROOT, 'test', 'fixtures', 'charts', 'perf.json'), path.join(data, 'perf.json'));
    const r = runEleventy([`--output=${out}`], { CHARTS_DATA_DIR: data, ASYNCBENCH_ALLOW_INCOMPLETE: '1' });
    if (r.status !== 0) throw new Error(`measure-page: fixture build failed:\n${r.stderr || r.stdout}`);
  } finally {
    fs.rmSync(data, { recursive: true, force: true });
  }
  return out;
}

async function firstViewport(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const mark = performance.getEntriesByName('charts-first-viewport')[0];
    return mark ? { dcl: nav.domContentLoadedEventStart, drawn: mark.startTime } : null;
  });
  await ctx.close();
  return t;
}

async function hoverRedraw(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const r = await page.evaluate(async () => {
    const figs = [...document.querySelectorAll('figure[data-chart]')];
    const count = (f) => JSON.parse(f.querySelector('.chart-json').textContent).s.length;
    const fig = figs.sort((a, b) => count(b) - count(a))[0];
    fig.scrollIntoView();
    const input = fig.querySelector('.chart-filter');
    input.value = '';
    input.dispatchEvent(new Event('input'));
    await new Promise((res) => setTimeout(res, 300));
    const plot = jQuery(fig.querySelector('.chart-canvas')).data('plot');
    const labels = plot.getData().map((s) => s.label);
    const times = [];
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now();
      plot.highlightSeries(labels[i % labels.length]);
      times.push(performance.now() - t0);
    }
    plot.unhighlightSeries();
    return { id: fig.id, series: labels.length, times };
  });
  await ctx.close();
  return r;
}

// Scrolls from top to bottom at a brisk pace (one viewport every 250 ms,
// far faster than anyone reads) and notes, for each chart, whether it was
// already drawn when its first pixel entered the viewport.
async function scrollThrough(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
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
  for (let y = 0; y < height; y += 900) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(250);
  }
  await page.waitForTimeout(300);
  const seen = await page.evaluate(() => window.__seen);
  await ctx.close();
  return seen;
}

async function pageWeight(browser, url) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const bodies = [];
  page.on('response', async (res) => {
    if (res.status() >= 300) return;
    bodies.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gz: zlib.gzipSync(b, { level: 9 }).length })).catch(() => null));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(300);
  const files = (await Promise.all(bodies)).filter(Boolean);
  await ctx.close();
  return files;
}

async function main() {
  const site = arg('site') ? path.resolve(arg('site')) : buildFixtureSite();
  const pagePath = arg('page', '/posts/results/');
  const loads = Number(arg('loads', 9));
  const server = await serve({ root: site, port: 0 });
  const browser = await chromium.launch(launchOptions());
  try {
    const url = server.url + pagePath;
    const runs = [];
    for (let i = 0; i < loads; i++) runs.push(await firstViewport(browser, url));
    if (runs.some((r) => !r)) throw new Error('measure-page: no charts-first-viewport mark; are there charts on the page?');
    const after = runs.map((r) => r.drawn - r.dcl);
    const hover = await hoverRedraw(browser, url);
    const seen = await scrollThrough(browser, url);
    const files = await pageWeight(browser, url);
    const gz = files.reduce((a, f) => a + f.gz, 0);

    console.log(`site: ${path.relative(ROOT, site) || site}${arg('site') ? '' : ' (built with test/fixtures/charts/perf.json)'}, page ${pagePath}`);
    console.log(`first-viewport charts drawn: median ${median(after).toFixed(1)} ms after DOMContentLoaded starts (negative = before), range ${Math.min(...after).toFixed(1)}..${Math.max(...after).toFixed(1)}; drawn at median ${median(runs.map((r) => r.drawn)).toFixed(1)} ms after navigation; ${loads} loads; target <= 100 ms`);
    console.log(`legend hover redraw: median ${median(hover.times).toFixed(2)} ms, max ${Math.max(...hover.times).toFixed(2)} ms, ${hover.series} series (${hover.id}); target <= 16 ms`);
    const late = Object.keys(seen).filter((id) => !seen[id]);
    console.log(`scrolling one viewport per 250 ms: ${Object.keys(seen).length - late.length} of ${Object.keys(seen).length} charts were drawn before they entered the viewport${late.length ? ` (late: ${late.join(', ')})` : ''}; target: all`);
    console.log(`page weight: ${(gz / 1024).toFixed(1)} KB gzipped in ${files.length} files; target <= 65 KB`);
    for (const f of files.sort((a, b) => b.gz - a.gz)) {
      console.log(`  ${(f.gz / 1024).toFixed(1).padStart(6)} KB gz  ${(f.raw / 1024).toFixed(1).padStart(6)} KB raw  ${new URL(f.url).pathname}`);
    }
  } finally {
    await browser.close();
    await server.close();
    if (!arg('site')) fs.rmSync(site, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
