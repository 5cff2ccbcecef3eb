'use strict';
// The one chart script a page loads: a reduced jQuery 3.7.1 built from its
// modules (_config/jquery-build.js: slim minus Sizzle, queue, wrap, serialize), only the
// Flot 4.2.6 parts we use, then our Flot plugins assets/js/flot-axis-repairs.js
// and assets/js/flot-series-highlight.js, the shared assets/js/chart-format.js,
// assets/js/chart-state.js and assets/js/charts.js, minified with terser at build time and never
// committed. One deferred file keeps the order and saves round trips. The full Flot bundle would add its legend, time, navigate,
// selection and stack plugins (about 14 KB gzipped more) and still lack the
// symbols we need; Flot's axislabels plugin is replaced by HTML titles and
// its hover plugin by a mousemove handler over plot.findNearbyItem.
//
// Why jQuery 3.7.1 and not 4: Flot 4.2.6 still calls $.isFunction and friends.
// Why a reduced build: Flot needs no ajax, effects or Sizzle (see
// notes/site-stack.md and _config/jquery-build.js).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const { buildJquery } = require('./jquery-build');

const ROOT = path.join(__dirname, '..');
const NODE_MODULES = path.join(ROOT, 'node_modules');

// Order matters: each file extends $ or $.plot defined by the ones before.
const JQUERY = 'jquery/src (reduced build)';
const PARTS = [
  JQUERY,
  'flot/source/jquery.colorhelpers.js',
  'flot/source/jquery.canvaswrapper.js',
  'flot/source/jquery.flot.js',
  'flot/source/jquery.flot.saturated.js',
  'flot/source/jquery.flot.browser.js',
  'flot/source/jquery.flot.drawSeries.js',
  'flot/source/jquery.flot.uiConstants.js',
  'flot/source/jquery.flot.errorbars.js',
  'flot/source/jquery.flot.logaxis.js',
  'flot/source/jquery.flot.symbol.js',
  '../assets/js/flot-axis-repairs.js', // after logaxis: replaces its tick generator
  '../assets/js/flot-series-highlight.js',
  '../assets/js/chart-format.js', // also required by the build's tables (_config/chart-html.js)
  '../assets/js/chart-state.js', // the reader's view in the URL fragment
  '../assets/js/charts.js',
];

function version(pkg) {
  return JSON.parse(fs.readFileSync(path.join(NODE_MODULES, pkg, 'package.json'), 'utf8')).version;
}

function readParts() {
  return PARTS.map((p) => {
    if (p === JQUERY) return { name: p, code: buildJquery() };
    const file = path.join(NODE_MODULES, p);
    if (!fs.existsSync(file)) throw new Error(`vendor-charts: ${path.relative(ROOT, file)} is missing; run npm ci.`);
    return { name: p, code: fs.readFileSync(file, 'utf8') };
  });
}

// The URL carries the versions and a hash of the inputs, so it is known
// before minifying (templates need it) and changes whenever the parts do.
function bundleInfo() {
  const parts = readParts();
  const hash = crypto.createHash('sha256');
  for (const p of parts) hash.update(p.name).update('\0').update(p.code);
  const url = `/assets/vendor/charts-jquery@${version('jquery')}-flot@${version('flot')}.${hash.digest('hex').slice(0, 10)}.js`;
  // The hash covers our own scripts too, so the year-long cache of
  // /assets/vendor/ never serves a stale copy.
  return { url, parts };
}

async function buildBundle(parts) {
  const { minify } = require('terser');
  const banner = `/*! jQuery ${version('jquery')} (reduced: no ajax, effects, Sizzle, queue, wrap, serialize, Deferred, Callbacks, val, prop) and Flot ${version('flot')} parts: ${parts.slice(1, -5).map((p) => path.basename(p.name, '.js')).join(', ')}. MIT licensed: jquery.org/license, github.com/flot/flot. Then asyncbench's flot-axis-repairs.js, flot-series-highlight.js, chart-format.js, chart-state.js and charts.js. */\n`;
  // jQuery on its own: its wrapper scope keeps its names apart from Flot's.
  const opts = { compress: { passes: 2 }, mangle: true, format: { comments: false } };
  const jq = await minify({ jquery: parts[0].code }, opts);
  const flot = await minify(Object.fromEntries(parts.slice(1).map((p) => [p.name, p.code])), opts);
  return `${banner + jq.code}\n${flot.code}`;
}

module.exports = { bundleInfo, buildBundle, PARTS };
