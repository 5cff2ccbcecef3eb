// Prints a chart page's weight and speed figures (issue 27 goals), measured
// in headless Chromium over a built site served with netlify.toml's headers:
//   1. first load: gzipped bytes of the page and everything it fetches
//      before the reader scrolls (goal <= 55 KB on the article);
//   2. the chart bundle (jQuery, Flot, our plugins), fetched when the first
//      chart comes near: gzipped bytes (goal <= 45 KB), and that it was not
//      fetched before scrolling; then all that scroll fetched (the page's
//      chart data file too);
//   3. ms from scrolling the first chart into view to the first frame that
//      shows it, bundle fetched then, empty cache; median of --loads (goal <= 200);
//   4. ms for one legend hover redraw (a mouseover on an entry, all series
//      shown) on the page's largest chart and on synthetic charts of 45 and
//      200 series with 300-character labels, median of 60 (goal <= 16), with
//      the synthetic charts' figure, plot and legend heights;
//   5. whether each chart was drawn before it scrolled into view at one
//      screen per 250 ms.
//
//   node scripts/measure-page.js [--site _site] [--page /posts/analysis-async-patterns-2013-and-now/] [--loads 9]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { median } = require('./lib/stats');
const { chromium } = require('playwright-core');
const { launchOptions } = require('./lib/find-browser');
const { ensureSite } = require('./site-tools/site');
const { pageWeight, firstChartDrawn, hoverRedraw, scrollThrough } = require('./site-tools/page-figures');
const { stressFigure } = require('../site/render/stress-figure');
const { ROOT } = require('./lib/paths');
const { parseCommandLine, decimal, UsageError, reportFailure } = require('./lib/args');

const ARTICLE = '/posts/analysis-async-patterns-2013-and-now/';
const HELP = `Usage: node scripts/measure-page.js [--site _site] [--page ${ARTICLE}] [--loads 9]

  --site DIR    the built site to serve (default _site, built first if missing)
  --page PATH   the page to load (default the article, ${ARTICLE})
  --loads N     page loads for the first-chart figure (default 9)
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
    page: values.page || ARTICLE,
    loads: values.loads === undefined ? 9 : decimal('--loads', values.loads, { integer: true, min: 1, max: 1000 }),
  };
}

// The HTML file a page path is served from: /posts/results/ -> .../posts/results/index.html.
const pageFile = (site, pagePath) => path.join(site, ...pagePath.split('/').filter(Boolean), pagePath.endsWith('/') ? 'index.html' : '');

const kb = (bytes) => (bytes / 1024).toFixed(1);
const ms = (v) => v.toFixed(1);
const fileLine = (f) => `  ${kb(f.gz).padStart(6)} KB gz  ${kb(f.raw).padStart(6)} KB raw  ${new URL(f.url).pathname}`;

// The site is served from a process of its own (scripts/serve.js), as a
// real server is: served from this process, which also drives the browser,
// each response waited for the driver's work (60-140 ms for the bundle here).
function startServer(site) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'serve.js'), '--port', '0', '--dir', site], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`measure-page: scripts/serve.js exited (${code}) before serving; is ${site} a built site?`)));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /at (http:\/\/\S+?)\/\s/.exec(out);
      if (m) resolve({ url: m[1], close: () => new Promise((done) => { child.removeAllListeners('exit'); child.on('exit', done); child.kill(); }) });
    });
  });
}

async function main(argv) {
  const opts = parseArgs(argv);
  if (opts.help) return console.log(HELP);
  const site = opts.site || ensureSite();
  const file = pageFile(site, opts.page);
  if (!fs.existsSync(file)) {
    throw new UsageError(`--page ${opts.page}: ${path.relative(ROOT, file) || file} does not exist; build that site (npm run build) or name a page it holds`);
  }
  const server = await startServer(site);
  const browser = await chromium.launch(launchOptions());
  try {
    const url = server.url + opts.page;
    console.log(`site: ${path.relative(ROOT, site) || site}, page ${opts.page}, viewport 1100x900, empty cache per load; load average ${require('node:os').loadavg().map((v) => v.toFixed(1)).join(' ')} on ${require('node:os').cpus().length} cores`);

    const w = await pageWeight(browser, url);
    const first = w.firstLoad.reduce((a, f) => a + f.gz, 0);
    console.log(`first load (before any scroll): ${kb(first)} KB gzipped in ${w.firstLoad.length} files; goal <= 55 KB; chart bundle fetched before scrolling: ${w.bundleBeforeScroll ? 'YES' : 'no'}`);
    for (const f of [...w.firstLoad].sort((a, b) => b.gz - a.gz)) console.log(fileLine(f));
    if (w.bundle) {
      console.log(`chart bundle (fetched on scrolling to the first chart): ${kb(w.bundle.gz)} KB gzipped; goal <= 45 KB`);
      // With it comes the page's chart data file (site/render/chart-files.js), listed apart from the goal.
      console.log(`fetched on scrolling to the first chart: ${kb(w.afterScroll.reduce((a, f) => a + f.gz, 0))} KB gzipped in ${w.afterScroll.length} files`);
      for (const f of w.afterScroll) console.log(fileLine(f));
    } else {
      console.log('chart bundle: not fetched (no chart on the page?)');
    }

    const drawn = [];
    for (let i = 0; i < opts.loads; i++) drawn.push(await firstChartDrawn(browser, url));
    const totals = drawn.map((d) => d.total);
    console.log(`first chart drawn after it is scrolled to: median ${ms(median(totals))} ms, range ${ms(Math.min(...totals))}..${ms(Math.max(...totals))}, ${opts.loads} loads; goal <= 200 ms`);
    if (drawn.every((d) => d.fetched !== null)) {
      console.log(`  of which: bundle requested at a median ${ms(median(drawn.map((d) => d.requested)))} ms, arrived at ${ms(median(drawn.map((d) => d.fetched)))} ms; parsing it, running it and drawing the chart took the other ${ms(median(drawn.map((d) => d.total - d.fetched)))} ms`);
    }

    const stress = [{ id: 'stress-45', series: 45, labelLength: 30 }, { id: 'stress-200', series: 200, labelLength: 300 }];
    const hovers = [...(await hoverRedraw(browser, url)), ...(await hoverRedraw(browser, url, {
      inject: stress.map((o) => ({ id: o.id, html: stressFigure(o) })),
    }))];
    for (const h of hovers) {
      console.log(`legend hover redraw, ${h.id} (${h.series} series): median ${ms(median(h.times))} ms, max ${ms(Math.max(...h.times))} ms, 60 hovers; goal <= 16 ms; heights: figure ${h.figure} px, plot ${h.plot} px, legend ${h.legend} px`);
    }

    const seen = await scrollThrough(browser, url);
    const late = Object.keys(seen).filter((id) => !seen[id]);
    console.log(`scrolling one screen per 250 ms: ${Object.keys(seen).length - late.length} of ${Object.keys(seen).length} charts were drawn before they entered the viewport${late.length ? ` (late: ${late.join(', ')})` : ''}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (require.main === module) main(process.argv.slice(2)).catch((err) => reportFailure('measure-page', err));

module.exports = { parseArgs };
