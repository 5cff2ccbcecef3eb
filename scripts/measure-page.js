// Prints the chart page's performance figures (issue 6 targets), measured in
// headless Chromium over the built site served with netlify.toml's headers:
//   1. ms from DOMContentLoaded to the first-viewport charts being drawn
//      (charts.js sets the 'charts-first-viewport' mark), median of --loads;
//   2. ms for one legend-hover redraw with all series of a 25+ series chart
//      shown (plot.highlightSeries, synchronous), median of 60;
//   3. whether every chart is drawn before it scrolls into view;
//   4. gzipped bytes of the page and every asset it loads.
// By default it measures _site/, the build of the committed data/ that
// `npm run build` makes, and builds it first when the page is not there yet;
// --site DIR measures another build (e.g. one made with CHARTS_DATA_DIR).
//
//   node scripts/measure-page.js [--site DIR] [--page /posts/results/] [--loads 9]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { serve } = require('./site-tools/server');
const { median } = require('./lib/stats');
const { chromium } = require('playwright-core');
const { launchOptions } = require('./site-tools/find-browser');
const { firstViewport, hoverRedraw, scrollThrough, pageWeight } = require('./site-tools/page-figures');
const { buildSite } = require('./site-tools/site');
const { ROOT, SITE } = require('./lib/paths');
const { parseCommandLine, decimal, UsageError, reportFailure } = require('./lib/args');

const HELP = `Usage: node scripts/measure-page.js [--site DIR] [--page /posts/results/] [--loads 9]

  --site DIR    measure this build (default _site, built from data/ first if the page is missing)
  --page PATH   the page to load (default /posts/results/)
  --loads N     page loads for the first-viewport figure (default 9)
  --help        this text`;

function parseArgs(argv) {
  const { help, values } = parseCommandLine(argv, {
    options: { site: { type: 'string' }, page: { type: 'string' }, loads: { type: 'string' } },
  });
  if (help) return { help: true };
  if (values.site === '') throw new UsageError('--site needs a folder');
  if (values.page !== undefined && !values.page.startsWith('/')) throw new UsageError(`--page needs a path starting with /, got "${values.page}"`);
  return {
    site: values.site ? path.resolve(values.site) : null,
    page: values.page || '/posts/results/',
    loads: values.loads === undefined ? 9 : decimal('--loads', values.loads, { integer: true, min: 1, max: 1000 }),
  };
}

// The HTML file a page path is served from: /posts/results/ -> .../posts/results/index.html.
const pageFile = (site, pagePath) => path.join(site, ...pagePath.split('/').filter(Boolean), pagePath.endsWith('/') ? 'index.html' : '');

async function main(argv) {
  const opts = parseArgs(argv);
  if (opts.help) return console.log(HELP);
  const site = opts.site || SITE;
  const pagePath = opts.page;
  const built = !opts.site && !fs.existsSync(pageFile(site, pagePath));
  if (built) buildSite();
  if (!fs.existsSync(pageFile(site, pagePath))) {
    throw new UsageError(`--page ${pagePath}: ${path.relative(ROOT, pageFile(site, pagePath)) || pageFile(site, pagePath)} does not exist; build the site (npm run build) or give --site DIR`);
  }
  const loads = opts.loads;
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

    console.log(`site: ${path.relative(ROOT, site) || site}${built ? ' (built just now from data/)' : ''}, page ${pagePath}`);
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
  }
}

if (require.main === module) main(process.argv.slice(2)).catch((err) => reportFailure('measure-page', err));

module.exports = { parseArgs };
