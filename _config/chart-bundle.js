'use strict';
// The one chart script a page loads: our own chart scripts, minified with
// terser at build time into one deferred file (never committed). One file
// keeps their order and saves round trips. No third-party code: the
// plotter (assets/js/chart-axis.js, assets/js/chart-plot.js) replaced
// jQuery and Flot, which cost about 30 KB gzipped for the few things our
// charts use.
//
// The URL carries a hash of the inputs, under /assets/f/ where netlify.toml
// caches files for a year: a changed script always gets a new URL.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

// Order matters: each file reads the globals the ones before it define.
const PARTS = [
  'assets/js/chart-format.js', // window.chartFormat; also required by the build's tables (_config/chart-html.js)
  'assets/js/chart-state.js', // window.chartState: the reader's view in the URL fragment
  'assets/js/chart-axis.js', // window.chartAxis: ranges, ticks, scales
  'assets/js/chart-plot.js', // window.chartPlot: the canvas plotter
  'assets/js/charts.js', // wires every figure to the page
];

function readParts() {
  return PARTS.map((p) => {
    const file = path.join(ROOT, p);
    if (!fs.existsSync(file)) throw new Error(`chart-bundle: ${p} is missing.`);
    return { name: p, code: fs.readFileSync(file, 'utf8') };
  });
}

// The hash is taken over the sources, so the URL is known before
// minifying (templates need it).
function bundleInfo() {
  const parts = readParts();
  const hash = crypto.createHash('sha256');
  for (const p of parts) hash.update(p.name).update('\0').update(p.code);
  return { url: `/assets/f/charts.${hash.digest('hex').slice(0, 10)}.js`, parts };
}

async function buildBundle(parts) {
  const { minify } = require('terser');
  const banner = `/*! asyncbench charts: ${parts.map((p) => path.basename(p.name)).join(', ')}. MIT licensed. */\n`;
  const out = await minify(Object.fromEntries(parts.map((p) => [p.name, p.code])), { compress: { passes: 2 }, mangle: true, format: { comments: false } });
  return banner + out.code;
}

module.exports = { bundleInfo, buildBundle, PARTS };
