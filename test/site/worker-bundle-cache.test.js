'use strict';
// The browser worker bundles come from the build cache while every file
// esbuild read for them (the variant, the reference, the fakes, the
// libraries and their package.json) is unchanged, and the options, esbuild's
// version and the bundler's code are the same (issue 39). A changed file is
// bundled again and gives what a build without the cache gives; a damaged
// entry is bundled again; a variant that does not bundle is never cached.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempDir } = require('../fixtures/bench/helpers');
const { entryFiles, plantValue } = require('../helpers/build-cache');
const { openCache } = require('../../scripts/lib/build-cache');
const { buildWorker, bundleText, CACHE } = require('../../scripts/lib/worker-bundle');
const { loadManifest, EXAMPLES } = require('../../scripts/lib/manifest');

const manifest = loadManifest();
const entry = (id) => manifest.variants.find((v) => v.id === id);
// One cache per build, as the site build opens it; the same folder.
const cacheIn = (dir) => openCache(CACHE, { dir, enabled: true });
const coldCache = () => openCache(CACHE, { enabled: false });

// A copy of the files promises-native bundles from examples/, written a
// minute ago (a file changed while its bundle is made is not cached).
function examples(t) {
  const dir = tempDir(t, 'asyncbench-examples-');
  for (const f of ['original.js', 'promises-native.js', 'lib/fakes.js', 'lib/native-api.js']) {
    const to = path.join(dir, f);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(EXAMPLES, f), to);
    age(to);
  }
  return dir;
}
function age(file) {
  const old = Date.now() / 1000 - 60;
  fs.utimesSync(file, old, old);
}
test('a second build takes the worker from the cache, and a changed variant or fakes file is bundled again', async (t) => {
  const dir = examples(t);
  const store = tempDir(t);
  const v = entry('promises-native');
  const first = await buildWorker(v, { examplesDir: dir, cache: cacheIn(store) });
  assert.ok(first.url, first.reason);
  const [file] = entryFiles(cacheIn(store));
  plantValue(file, 'PLANTED');
  assert.equal((await buildWorker(v, { examplesDir: dir, cache: cacheIn(store) })).code, 'PLANTED', 'the entry is used');

  for (const f of ['promises-native.js', 'lib/fakes.js']) {
    fs.appendFileSync(path.join(dir, f), `\nexports.changedForTheTest${f.length} = "a fixture change of ${f}";\n`);
    age(path.join(dir, f));
    const changed = await buildWorker(v, { examplesDir: dir, cache: cacheIn(store) });
    assert.ok(changed.code.includes(`a fixture change of ${f}`), f);
    assert.deepEqual(changed, await buildWorker(v, { examplesDir: dir, cache: coldCache() }), `${f}: as a build without the cache`);
    assert.deepEqual(await buildWorker(v, { examplesDir: dir, cache: cacheIn(store) }), changed, `${f}: and cached in turn`);
  }
});

test('other esbuild options are bundled again', async (t) => {
  const dir = examples(t);
  const store = tempDir(t);
  const options = { bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'silent', absWorkingDir: dir, entryPoints: [path.join(dir, 'promises-native.js')] };
  const plain = await bundleText(options, { cache: cacheIn(store) });
  plantValue(entryFiles(cacheIn(store))[0], 'PLANTED');
  assert.equal(await bundleText(options, { cache: cacheIn(store) }), 'PLANTED');
  const minified = await bundleText({ ...options, minifyWhitespace: true }, { cache: cacheIn(store) });
  assert.ok(minified.length < plain.length, 'the option was applied, not only keyed');
  assert.equal(minified, await bundleText({ ...options, minifyWhitespace: true }, { cache: coldCache() }));
  assert.notEqual(await bundleText(options, { cache: cacheIn(store), key: ['another bundler'] }), 'PLANTED', 'the caller\'s key parts count too');
});

test('a damaged entry is bundled again and repaired', async (t) => {
  const dir = examples(t);
  const store = tempDir(t);
  const v = entry('promises-native');
  const good = await buildWorker(v, { examplesDir: dir, cache: cacheIn(store) });
  const [file] = entryFiles(cacheIn(store));
  const whole = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, whole.slice(0, whole.length / 2));
  assert.deepEqual(await buildWorker(v, { examplesDir: dir, cache: cacheIn(store) }), good);
  assert.equal(fs.readFileSync(file, 'utf8'), whole);
});

test('a variant that does not bundle is not cached, and says why every time', async (t) => {
  const store = tempDir(t);
  const b = await buildWorker(entry('rx-2'), { cache: cacheIn(store) });
  assert.match(b.reason, /^does not bundle for a browser: /);
  assert.deepEqual(entryFiles(cacheIn(store)), []);
});
