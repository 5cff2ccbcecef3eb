'use strict';
// The in-browser runner's worker bundles (issue 30) are built from examples/
// as it is, at build time: a change in a variant's file is a change in its
// bundle (and in the bundle's URL), the fakes and the reference come along,
// and the variants a browser cannot run are named with why.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildWorker } = require('../_config/worker-bundles');
const { loadManifest, EXAMPLES } = require('../scripts/lib/manifest');
const { DEFAULT_STYLES, notInBrowser } = require('../site/lib/browser-variants');

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
  assert.match((await buildWorker(entry('streamline-callbacks'))).reason, /npm run compile/);
  assert.match((await buildWorker(entry('promises-q-0-9'))).reason, /library-set/);
  assert.equal(notInBrowser(entry('original')), null);
});

test('a library that needs a Node module the browser lacks is named with the bundler\'s message', async () => {
  const b = await buildWorker(entry('rx-2'));
  assert.equal(b.url, undefined);
  assert.match(b.reason, /^does not bundle for a browser: .*"events"/);
});
