// The upload-paired scenario's loader (scripts/harness/scenarios/vm-modules.js):
// two contexts, the style's and the callbacks', each load the variant, the
// library it requires from the runtime's library set and the fakes once, as
// module instances of their own, none shared between them or with the host.
// The fixture files count their loads on process.pairedLoads (process is the
// host's in every context: see the loader's header).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { createLoader } = require('../../scripts/harness/scenarios/vm-modules');
const useLibraries = require('../../scripts/runtimes/library-hook');

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'paired');
const VARIANT = path.join(FIXTURES, 'counting-variant.js');
const FAKES = path.join(FIXTURES, 'counting-fakes.js');
const LIB = path.join(FIXTURES, 'libs', 'counted-lib', 'index.js');
const REAL_FAKES = path.join(__dirname, '..', '..', 'examples', 'lib', 'fakes.js');

// As the child does with ASYNCBENCH_LIBS: bare requires resolve in the set first.
useLibraries(path.join(FIXTURES, 'libs'));

test('each context loads the variant, its library and the fakes once, as instances of its own', () => {
  process.pairedLoads = [];
  const sides = ['style', 'callbacks'].map((name) => {
    const loader = createLoader(name);
    const fakes = loader.require(FAKES);
    const variant = loader.require(VARIANT);
    return { loader, fakes, variant, realm: loader.global.Object };
  });
  const [a, b] = sides;
  assert.notEqual(a.realm, b.realm, 'the two contexts must be two realms');
  for (const file of [VARIANT, FAKES, LIB]) {
    const counts = { style: 0, callbacks: 0, other: 0 };
    for (const l of process.pairedLoads.filter((x) => x.file === file)) {
      counts[l.realm === a.realm ? 'style' : l.realm === b.realm ? 'callbacks' : 'other']++;
    }
    assert.deepEqual(counts, { style: 1, callbacks: 1, other: 0 }, `${path.basename(file)}: loaded once in each context`);
  }
  // The variant got its own context's fakes, and the fakes file its context's copy.
  assert.equal(a.variant.fakes, a.fakes);
  assert.equal(b.variant.fakes, b.fakes);
  assert.notEqual(a.fakes, b.fakes);
  // No module record or exports object is the other context's or the host's.
  const files = a.loader.modules();
  assert.deepEqual(b.loader.modules(), files, 'both contexts load the same files');
  for (const file of [VARIANT, FAKES, LIB, REAL_FAKES]) assert.ok(files.includes(file), `${file} was loaded`);
  for (const file of files) {
    const ma = a.loader.moduleOf(file), mb = b.loader.moduleOf(file);
    assert.notEqual(ma, mb, `${file}: one module record in both contexts`);
    assert.notEqual(ma.exports, mb.exports, `${file}: one exports object in both contexts`);
    assert.equal(ma.exports instanceof Object, false, `${file}: exports made in the host's realm`);
    assert.equal(require.cache[file], undefined, `${file}: the host's require loaded it`);
  }
  // Module state stays in its context: the library's call count.
  a.variant.upload({ name: 'x' }, 'no-such-file', 'bench', () => {});
  assert.equal(a.variant.lib.calls(), 1);
  assert.equal(b.variant.lib.calls(), 0);
});

test('the host\'s built-in modules and timers are what a context gets for them', () => {
  const loader = createLoader('style');
  assert.equal(loader.global.setTimeout, setTimeout);
  assert.equal(loader.global.process, process);
  assert.equal(loader.global.global, loader.global);
  assert.notEqual(loader.global.Promise, Promise);
});

test('a native addon is refused with its own error code', () => {
  const fs = require('node:fs');
  const os = require('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-modules-'));
  try {
    const addon = path.join(dir, 'addon.node');
    fs.writeFileSync(addon, '');
    const main = path.join(dir, 'main.js');
    fs.writeFileSync(main, "module.exports = require('./addon.node');\n");
    assert.throws(() => createLoader('style').require(main), (err) => err.code === 'ERR_NATIVE_ADDON' && err.message.includes(addon));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
