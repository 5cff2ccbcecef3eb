'use strict';
// The one chart script a page loads: jQuery 3.7.1's slim build, only the
// Flot 4.2.6 parts we use, then our assets/js/flot-series-highlight.js and
// assets/js/charts.js, minified with terser at build time and never
// committed. One deferred file keeps the order and saves round trips. The full Flot bundle would add its legend, time, navigate,
// selection and stack plugins (about 14 KB gzipped more) and still lack the
// symbols we need; Flot's axislabels plugin is replaced by HTML titles and
// its hover plugin by a mousemove handler over plot.findNearbyItem.
//
// Why jQuery 3.7.1 and not 4: Flot 4.2.6 still calls $.isFunction and friends.
// Why the slim build: Flot needs no ajax or effects (see notes/site-stack.md).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const NODE_MODULES = path.join(ROOT, 'node_modules');

// Order matters: each file extends $ or $.plot defined by the ones before.
const PARTS = [
  'jquery/dist/jquery.slim.min.js',
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
  '../assets/js/flot-series-highlight.js',
  '../assets/js/charts.js',
];

function version(pkg) {
  return JSON.parse(fs.readFileSync(path.join(NODE_MODULES, pkg, 'package.json'), 'utf8')).version;
}

function readParts() {
  return PARTS.map((p) => {
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
  // The hash covers our own two scripts too, so the year-long cache of
  // /assets/vendor/ never serves a stale copy.
  return { url, parts };
}

async function buildBundle(parts) {
  const { minify } = require('terser');
  const banner = `/*! jQuery ${version('jquery')} (slim) and Flot ${version('flot')} parts: ${parts.slice(1, -2).map((p) => path.basename(p.name, '.js')).join(', ')}. MIT licensed: jquery.org/license, github.com/flot/flot. Then asyncbench's flot-series-highlight.js and charts.js. */\n`;
  // jQuery arrives minified; minifying it again gains nothing.
  const out = [parts[0].code.replace(/\n\/\/# sourceMappingURL=.*$/m, '')];
  const flot = Object.fromEntries(parts.slice(1).map((p) => [p.name, p.code]));
  const min = await minify(flot, { compress: true, mangle: true, format: { comments: false } });
  out.push(min.code);
  return banner + out.join('\n');
}

module.exports = { bundleInfo, buildBundle, PARTS };
