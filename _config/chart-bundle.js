'use strict';
// The chart scripts, built at build time and never committed: one bundle of
// a reduced jQuery 3.7.1 (built from its own source modules,
// _config/jquery-build.js), the Flot 4.2.6 files our charts use, our Flot
// plugins and the page wiring, minified with terser; and a loader of a few
// hundred bytes, the only chart script a page loads up front. The loader
// fetches the bundle when the first chart comes within about a screen of
// the viewport (assets/js/chart-loader.js), so a reader who never scrolls
// to a chart never downloads jQuery and Flot. The chart stylesheet is
// minified and fingerprinted here too.
//
// Both URLs carry a hash of what went into them, under /assets/f/ where
// netlify.toml caches files for a year: a changed script always gets a new
// URL, and a second page in the same session takes the bundle from the cache.
//
// Minifying the bundle is most of a build's time (terser, seconds), and
// every build would do it again on the same sources: the minified files are
// kept in the build cache (scripts/lib/build-cache.js, .cache/build/chart-bundle/),
// keyed by the sources, the minify options, the versions of terser, jQuery
// and Flot, and this file's code.
const fs = require('node:fs');
const path = require('node:path');
const { buildJquery } = require('./jquery-build');
const { openCache, packageVersion, sourceDigest } = require('../scripts/lib/build-cache');

const ROOT = path.join(__dirname, '..');
const JQUERY = 'jquery/src (reduced build)';

// Order matters: each file extends $ or $.plot defined by the ones before,
// and a plugin's hooks run in the order the plugins were registered (the
// highlight's draw hook must follow errorbars', the log axis repairs must
// follow Flot's own logaxis plugin).
const FLOT = [
  'jquery.colorhelpers.js',
  'jquery.canvaswrapper.js',
  'jquery.flot.js',
  'jquery.flot.saturated.js',
  'jquery.flot.browser.js',
  'jquery.flot.drawSeries.js',
  'jquery.flot.uiConstants.js',
  'jquery.flot.errorbars.js',
  'jquery.flot.logaxis.js',
  'jquery.flot.symbol.js',
].map((f) => `node_modules/flot/source/${f}`);

const OURS = [
  'assets/js/flot-series-select.js', // which series are drawn: the others' hooks build on it
  'assets/js/flot-axis-fit.js', // error bars and every tick label inside the axes
  'assets/js/flot-log-scale.js',
  'assets/js/flot-series-highlight.js',
  'assets/js/flot-html-legend.js',
  'assets/js/flot-legend-touch.js',
  'assets/js/flot-regex-filter.js',
  'assets/js/flot-point-tooltip.js',
  'assets/js/chart-format.js', // window.chartFormat; also required by the build's tables (site/render/chart-html.js)
  'assets/js/chart-state.js', // window.chartState: the reader's view in the URL fragment
  'assets/js/flot-url-state.js',
  'assets/js/chart-series.js', // window.chartSeries: a figure's data as Flot series and options
  'assets/js/charts.js', // the page wiring
];

const PARTS = [JQUERY, ...FLOT, ...OURS];
const LOADER = 'assets/js/chart-loader.js';
const STYLES = 'assets/css/charts.css';

function readParts() {
  return PARTS.map((p) => {
    if (p === JQUERY) return { name: p, code: buildJquery() };
    const file = path.join(ROOT, p);
    if (!fs.existsSync(file)) throw new Error(`chart-bundle: ${p} is missing${p.startsWith('node_modules') ? '; run npm ci' : ''}.`);
    return { name: p, code: fs.readFileSync(file, 'utf8') };
  });
}

const { fingerprint: hashOf } = require('../scripts/lib/fingerprint');

// The hashes are taken over the sources, so both URLs are known before
// minifying (templates need them).
function bundleInfo() {
  const parts = readParts();
  // This file is hashed too: a change in how the bundle is built is a new bundle.
  const url = `/assets/f/charts.${hashOf(fs.readFileSync(__filename, 'utf8'), ...parts.flatMap((p) => [p.name, p.code]))}.js`;
  const loaderSource = fs.readFileSync(path.join(ROOT, LOADER), 'utf8');
  if (!loaderSource.includes('__CHART_BUNDLE__')) throw new Error(`chart-bundle: ${LOADER} has lost its __CHART_BUNDLE__ placeholder; the loader must name the bundle through it.`);
  const loader = loaderSource.replace('__CHART_BUNDLE__', JSON.stringify(url));
  return { url, parts, loader: { url: `/assets/f/chart-loader.${hashOf(loader)}.js`, code: loader } };
}

// The chart stylesheet is on every chart page's first load: comments and
// layout whitespace go (a third of its gzipped size). Only our own CSS goes
// through this, which has no strings or url()s holding "/*", ";" or "{";
// spaces inside values (calc's "+" and "-", descendant selectors) stay.
function minifyCss(css) {
  return css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{};,])\s*/g, '$1').trim();
}

function stylesheetInfo() {
  const code = minifyCss(fs.readFileSync(path.join(ROOT, STYLES), 'utf8'));
  return { url: `/assets/f/charts.${hashOf(code)}.css`, code };
}

const MINIFY = { compress: { passes: 2 }, mangle: true, format: { comments: false } };
const CACHE = 'chart-bundle';

// The installed versions a minified file depends on (jQuery's and Flot's are
// in the banner).
const toolVersions = () => ({ terser: packageVersion('terser'), jquery: packageVersion('jquery'), flot: packageVersion('flot') });

// make()'s result for these sources, taken from the cache when the same
// sources, options, versions and code made it before. `what` tells the
// bundle and the loader apart. options: `cache` (tests give their own),
// `minify` (terser's options), `versions` (what the key names as installed).
async function cachedMinify(what, sources, make, { cache = openCache(CACHE), minify = MINIFY, versions = toolVersions() } = {}) {
  const entry = cache.entry([what, versions, minify, sourceDigest(__filename), ...sources]);
  const hit = entry.read();
  if (hit !== undefined) return hit;
  const code = await make(require('terser').minify, minify, versions);
  entry.write(code);
  return code;
}

function buildBundle(parts, options) {
  return cachedMinify('bundle', parts.flatMap((p) => [p.name, p.code]), async (minify, opts, versions) => {
    const ours = parts.slice(1 + FLOT.length).map((p) => path.basename(p.name)).join(', ');
    const banner = `/*! jQuery ${versions.jquery} (reduced: no ajax, effects, Sizzle, queue, wrap, serialize, Deferred, Callbacks, val, prop; jquery.org/license) and Flot ${versions.flot} (${FLOT.map((f) => path.basename(f, '.js')).join(', ')}; github.com/flot/flot), MIT licensed. Then asyncbench's ${ours}. */\n`;
    // jQuery on its own: its wrapper scope keeps its names apart from Flot's.
    const jq = await minify({ jquery: parts[0].code }, opts);
    const rest = await minify(Object.fromEntries(parts.slice(1).map((p) => [p.name, p.code])), opts);
    // (Chromium's compile hint //# allFunctionsCalledOnLoad made the first
    // chart slower here: it compiles all of jQuery and Flot, used or not.)
    return `${banner + jq.code}\n${rest.code}`;
  }, options);
}

function buildLoader(loader, options) {
  return cachedMinify('loader', [loader.code], async (minify, opts) => (await minify(loader.code, opts)).code, options);
}

module.exports = { bundleInfo, buildBundle, buildLoader, stylesheetInfo, minifyCss, toolVersions, PARTS, FLOT, OURS, LOADER, STYLES, MINIFY, CACHE };
