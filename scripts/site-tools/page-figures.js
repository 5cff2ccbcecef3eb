'use strict';
// The chart page's performance figures in headless Chromium, the logic behind
// scripts/measure-page.js (which says what each figure means and its target).
const zlib = require('node:zlib');

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
    const plot = window.chartPlot.of(fig.querySelector('.chart-canvas'));
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

module.exports = { firstViewport, hoverRedraw, scrollThrough, pageWeight };
