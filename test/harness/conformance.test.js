// Every variant in the manifest must do exactly the work of the reference
// upload, in the same order, and fail the same way. Generated from the
// manifest: a new entry is tested without touching this file. The checks
// themselves are in helpers/conformance-suite.js; a variant that needs
// fibers runs them under Node 14 (helpers/conformance-runner.js), since
// fibers does not load on the runtime running the tests.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { loadManifest } = require('../../scripts/lib/manifest');
const { ensureCompiled } = require('../../scripts/compile/index');
const { exampleFile } = require('../../scripts/lib/paths');
const { isInstalled, binaryPath, installFibers } = require('../../scripts/runtimes');
const { findFibersTree } = require('../../scripts/runtimes/fibers-hook');
const { observe } = require('../helpers/conformance');
const { checks, referenceLogs, EXISTING, NEW } = require('../helpers/conformance-suite');

const manifest = loadManifest();
const examplesDir = path.join(__dirname, '..', '..', 'examples');
const RUNNER = path.join(__dirname, '..', 'helpers', 'conformance-runner.js');
// Where fibers loads: the newest Node with a prebuilt fibers binary.
const FIBERS_PROFILE = 'node-14';

// The reference logs come from the nested-callback original; their shape is
// pinned here by hand so the reference itself cannot drift.
const SHAPE_EXISTING = ['tx.begin', 'blob.put', 'file.get', 'version.insert', 'fileVersion.insert', 'file.update', 'tx.commit'];
const SHAPE_NEW = ['tx.begin', 'blob.put', 'file.get', 'version.insert', 'file.createQuery', 'file.insert',
  'fileVersion.insert', 'file.update', 'tx.commit'];

const reference = require('../../examples/original');
let refs;

test('the reference upload performs the documented operations', async () => {
  refs = await referenceLogs();
  assert.deepStrictEqual(refs.existing.map((l) => l.split(' ')[0]), SHAPE_EXISTING);
  assert.deepStrictEqual(refs.new.map((l) => l.split(' ')[0]), SHAPE_NEW);
  assert.deepStrictEqual((await observe(reference.upload, [{}, EXISTING, 'tag'])).world.log, refs.existing);
  assert.deepStrictEqual((await observe(reference.upload, [{}, NEW, 'tag'])).world.log, refs.new);
});

function expectNone(list) {
  assert.ok(list.length === 0, list.join('\n'));
}

// Why fibers variants cannot be checked here, or null once the fibers tree
// of FIBERS_PROFILE is ready (built on demand, as the harness would).
function fibersUnavailable() {
  const here = findFibersTree();
  if (here.dir) return null; // the test runtime itself loads fibers
  if (!isInstalled(FIBERS_PROFILE) && !process.env.CI) {
    return `${here.reason}; and ${FIBERS_PROFILE} is not installed (npm run runtimes -- install ${FIBERS_PROFILE})`;
  }
  installFibers(FIBERS_PROFILE);
  return null;
}

// streamline keeps its runtime mode in a process-wide global and warns
// "mixing streamline runtimes" when a second mode loads (forEach_ and its
// error wrapping then come from the wrong one): its non-callbacks outputs get
// a process of their own.
const needsOwnProcess = (v) => Boolean(v.compile && v.compile.tool === 'streamline' && v.compile.mode !== 'callbacks');

for (const v of manifest.variants) {
  const underFibers = v.requires.includes('fibers') && !findFibersTree().dir;
  const ownProcess = underFibers || needsOwnProcess(v);
  test(`${v.id} (${v.file})${underFibers ? ` under ${FIBERS_PROFILE}` : ''}`, async (t) => {
    ensureCompiled(v); // a compiled variant runs its build output, rebuilt if stale
    refs = refs || await referenceLogs();
    if (!ownProcess) {
      const mod = require(exampleFile(v.file, examplesDir));
      assert.strictEqual(typeof mod.upload, 'function', 'exports.upload must be a function');
      for (const c of checks(v, mod, manifest.variants, refs)) await t.test(c.name, async () => expectNone(await c.run()));
      return;
    }
    const why = underFibers && fibersUnavailable();
    if (why) return t.skip(why);
    const runtime = underFibers ? binaryPath(FIBERS_PROFILE) : process.execPath;
    const where = underFibers ? FIBERS_PROFILE : 'own process';
    const r = spawnSync(runtime, [RUNNER, v.id], { encoding: 'utf8', timeout: 120000 });
    assert.strictEqual(r.status, 0, `the conformance runner failed (${where}): ${r.stderr}`);
    const results = JSON.parse(r.stdout.trim().split('\n').pop());
    assert.ok(results.length >= 6, `only ${results.length} checks ran`);
    for (const c of results) await t.test(`${c.name} (${where})`, () => expectNone(c.problems));
  });
}
