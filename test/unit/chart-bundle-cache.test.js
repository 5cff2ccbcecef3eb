'use strict';
// The minified chart bundle and loader come from the build cache when their
// sources, terser's and the packages' versions, the minify options and
// _config/chart-bundle.js are what made the cached entry (issue 39): any
// change is minified again, and gives what a build without the cache gives.
// Small stand-in sources keep terser's work short; the order of the parts
// is the real bundle's (jQuery first).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { tempDir } = require('../fixtures/bench/helpers');
const { entryFiles, plantValue } = require('../helpers/build-cache');
const { openCache, packageVersion } = require('../../scripts/lib/build-cache');
const { buildBundle, buildLoader, MINIFY, toolVersions, CACHE } = require('../../_config/chart-bundle');

const parts = (ours = 'function plotIt(longName) { return longName + 1; }\nwindow.plotIt = plotIt;\n') => [
  { name: 'jquery/src (reduced build)', code: '(function (window) { var jQueryLike = function () { return 42; }; window.$ = jQueryLike; })(window);\n' },
  { name: 'assets/js/charts.js', code: ours },
];
const cold = (p, options = {}) => buildBundle(p, { ...options, cache: openCache(CACHE, { enabled: false }) });
const cacheIn = (t) => openCache(CACHE, { dir: tempDir(t), enabled: true });

// Builds `p` once, then rewrites the entry that build saved to hold `value`.
async function plant(cache, p, value, options = {}) {
  const before = new Set(entryFiles(cache));
  await buildBundle(p, { ...options, cache });
  const added = entryFiles(cache).filter((f) => !before.has(f));
  assert.equal(added.length, 1, 'one build saves one entry');
  plantValue(added[0], value);
}

test('a second build takes the bundle from the cache', async (t) => {
  const cache = cacheIn(t);
  await plant(cache, parts(), 'PLANTED');
  assert.equal(await buildBundle(parts(), { cache }), 'PLANTED');
});

test('a changed source is minified again, and gives what a build without the cache gives', async (t) => {
  const cache = cacheIn(t);
  await plant(cache, parts(), 'PLANTED');
  const changed = parts('function plotIt(longName) { return longName + 2; }\nwindow.plotIt = plotIt;\n');
  const out = await buildBundle(changed, { cache });
  assert.notEqual(out, 'PLANTED');
  assert.equal(out, await cold(changed));
  assert.match(out, /\+2/);
  assert.equal(await buildBundle(changed, { cache }), out, 'and is cached in turn');
  assert.equal(await buildBundle(parts(), { cache }), 'PLANTED', 'the old sources keep their entry');
});

test('another terser (or jQuery, Flot) version, or other minify options, is minified again', async (t) => {
  const cache = cacheIn(t);
  await plant(cache, parts(), 'PLANTED');
  assert.equal(toolVersions().terser, packageVersion('terser'));
  for (const tool of ['terser', 'jquery', 'flot']) {
    const versions = { ...toolVersions(), [tool]: '0.0.0-another' };
    const out = await buildBundle(parts(), { cache, versions });
    assert.notEqual(out, 'PLANTED', tool);
    assert.equal(out, await cold(parts(), { versions }), tool);
  }
  const minify = { ...MINIFY, mangle: false };
  const out = await buildBundle(parts(), { cache, minify });
  assert.notEqual(out, 'PLANTED');
  assert.equal(out, await cold(parts(), { minify }));
  assert.match(out, /longName/, 'the options were applied, not only keyed');
});

test('a damaged entry is made again and repaired', async (t) => {
  const cache = cacheIn(t);
  const good = await buildBundle(parts(), { cache });
  const [file] = entryFiles(cache);
  const whole = fs.readFileSync(file, 'utf8');
  for (const damaged of [whole.replace('plotIt', 'plotIT'), whole.slice(0, -5), whole.split('\n')[0]]) {
    fs.writeFileSync(file, damaged);
    assert.equal(await buildBundle(parts(), { cache }), good);
    assert.equal(fs.readFileSync(file, 'utf8'), whole, 'the entry is saved again');
  }
});

test('the loader is cached the same way', async (t) => {
  const cache = cacheIn(t);
  const loader = { url: '/x.js', code: 'window.loadCharts = function (bundleUrl) { return bundleUrl; };' };
  const out = await buildLoader(loader, { cache });
  assert.equal(out, await buildLoader(loader, { cache: openCache(CACHE, { enabled: false }) }));
  assert.equal(fs.readdirSync(cache.dir).length, 1);
  const changed = { ...loader, code: loader.code.replace('bundleUrl;', 'bundleUrl + 1;') };
  assert.match(await buildLoader(changed, { cache }), /\+1/);
});
