'use strict';
// The in-browser runner's worker bundles (issue 30) are built from examples/
// as it is, at build time: a change in a variant's file is a change in its
// bundle (and in the bundle's URL), the fakes and the reference come along,
// and the variants a browser cannot run are named with why. Compiled variants
// are compiled by the site build before they are bundled: one that bundles is
// offered, one that does not compile or bundle is named with the reason.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildWorker, buildAll } = require('../../_config/worker-bundles');
const { loadManifest, EXAMPLES } = require('../../scripts/lib/manifest');
const { DEFAULT_STYLES, notInBrowser } = require('../../site/lib/browser-variants');

const manifest = loadManifest();
const entry = (id) => manifest.variants.find((v) => v.id === id);

test('a changed variant file gives a changed bundle: the bundle is built from examples/', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-examples-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const f of ['original.js', 'promises-native.js', 'lib/fakes.js', 'lib/native-api.js']) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.copyFileSync(path.join(EXAMPLES, f), path.join(dir, f));
  }
  const v = entry('promises-native');
  const first = await buildWorker(v, { examplesDir: dir });
  assert.ok(first.url, first.reason);
  assert.match(first.url, /^\/assets\/f\/worker-promises-native\.[0-9a-f]{10}\.js$/);
  const again = await buildWorker(v, { examplesDir: dir });
  assert.equal(again.url, first.url, 'the same sources give the same bundle');

  const file = path.join(dir, 'promises-native.js');
  fs.appendFileSync(file, '\nexports.changedForTheTest = "a fixture change of the variant";\n');
  const changed = await buildWorker(v, { examplesDir: dir });
  assert.notEqual(changed.url, first.url);
  assert.ok(changed.code.includes('a fixture change of the variant'));
  assert.ok(!first.code.includes('a fixture change of the variant'));
});

test('each worker bundle holds the fakes, the reference and the harness\'s batch and warm rule', async () => {
  const b = await buildWorker(entry('async-await'));
  assert.ok(b.url, b.reason);
  for (const text of ['injected failure at ', 'fakes.adapt: methods.', 'warm batch ', 'fake operations were still in flight']) {
    assert.ok(b.code.includes(text), `the bundle lacks "${text}"`);
  }
});

test('every default style bundles; a style a browser cannot run is refused with its reason', async () => {
  for (const id of DEFAULT_STYLES) {
    const b = await buildWorker(entry(id));
    assert.ok(b.url, `${id}: ${b.reason}`);
  }
  assert.match((await buildWorker(entry('fibrous'))).reason, /fibers/);
  assert.match((await buildWorker(entry('async-await-promisify'))).reason, /util\.promisify/);
  assert.match((await buildWorker(entry('promises-q-0-9'))).reason, /library-set/);
  assert.equal(notInBrowser(entry('original')), null);
});

test('a library that needs a Node module the browser lacks is named with the bundler\'s message', async () => {
  const b = await buildWorker(entry('rx-2'));
  assert.equal(b.url, undefined);
  assert.match(b.reason, /^does not bundle for a browser: .*"events"/);
});

test('a compiled variant is not refused for being compiled: the site build compiles it, then bundles its output', async () => {
  for (const id of ['regenerator-co', 'traceur-co', 'stratifiedjs', 'streamline-callbacks', 'streamline-generators']) {
    assert.equal(notInBrowser(entry(id)), null, `${id}: a compile step is nothing a browser lacks`);
  }
  const { workers: [b] } = await buildAll([entry('regenerator-co')]);
  assert.ok(b.url, b.reason);
  assert.match(b.url, /^\/assets\/f\/worker-regenerator-co\.[0-9a-f]{10}\.js$/);
  assert.ok(b.code.includes('regeneratorRuntime'), 'the bundle holds regenerator\'s output, runtime inlined');
  assert.match((await buildWorker(entry('streamline-fibers'))).reason, /fibers/, 'fibers mode still needs fibers');
});

test('compiled variants whose runtime library does not bundle are named with why, in a reader\'s words', async () => {
  const ids = ['stratifiedjs', 'traceur-co', 'streamline-callbacks', 'streamline-generators'];
  const { workers } = await buildAll(ids.map(entry));
  const why = Object.fromEntries(workers.map((w) => [w.id, w.reason]));
  assert.match(why.stratifiedjs, /^does not bundle for a browser: stratifiedjs\/stratified-node\.js:\d+: the package stratifiedjs requires Node’s "(path|fs)" module, which a browser does not have$/);
  assert.match(why['traceur-co'], /^does not bundle for a browser: traceur\/bin\/traceur-runtime\.js:\d+: the package traceur requires Node’s "path" module/);
  for (const id of ['streamline-callbacks', 'streamline-generators']) {
    assert.match(why[id], /^does not bundle for a browser: streamline\/lib\/.*\.js:\d+: the package streamline uses Node’s require as a value, not a call, so no bundler can tell what it loads \(esbuild: /);
  }
});

test('a compiled variant whose source does not compile is left out with the compiler\'s file:line and message, and the build log names it', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-examples-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src', 'broken.js'), 'exports.upload = function* () {\n  yield 1;\n  yield yield );\n};\n');
  const broken = { ...entry('regenerator-co'), id: 'broken-regenerator', file: 'build/broken.js', compile: { ...entry('regenerator-co').compile, source: 'src/broken.js' } };
  const log = [];
  const { workers: [b] } = await buildAll([broken], { examplesDir: dir, log: (line) => log.push(line) });
  assert.equal(b.url, undefined);
  assert.match(b.reason, /^not compiled: .*src\/broken\.js:3: \S/);
  assert.equal(log.length, 1);
  assert.match(log[0], /^browserRunner: broken-regenerator is left out of "Run it in your browser", it does not compile: .*src\/broken\.js:3: .*fix the source/);
});

test('a compiled variant whose output is missing is refused saying so, never bundled from nothing', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-examples-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const b = await buildWorker(entry('regenerator-co'), { examplesDir: dir });
  assert.equal(b.url, undefined);
  assert.match(b.reason, /^its compiled file .*build\/regenerator-co\.js is not built; compile it first \(npm run compile\)$/);
});
