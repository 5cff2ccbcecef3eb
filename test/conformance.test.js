// Every variant in the manifest must do exactly the work of the reference
// upload, in the same order, and fail the same way. Generated from the
// manifest: a new entry is tested without touching this file.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const fakes = require('../examples/lib/fakes');
const { loadManifest } = require('../scripts/lib/manifest');
const { ensureCompiled } = require('../scripts/compile/index');
const { observe, problems, failedLog, descriptor, adapterProblems, manifestAdapterProblems, explainIdentity } =
  require('./helpers/conformance');

const manifest = loadManifest();
const examplesDir = path.join(__dirname, '..', 'examples');
const EXISTING = fakes.pathFor(1, true);
const NEW = fakes.pathFor(2, false);
const K = 5;

// The reference logs come from the nested-callback original; their shape is
// pinned here by hand so the reference itself cannot drift.
const SHAPE_EXISTING = ['tx.begin', 'blob.put', 'file.get', 'version.insert', 'fileVersion.insert', 'file.update', 'tx.commit'];
const SHAPE_NEW = ['tx.begin', 'blob.put', 'file.get', 'version.insert', 'file.createQuery', 'file.insert',
  'fileVersion.insert', 'file.update', 'tx.commit'];

const reference = require('../examples/original');
let refExisting, refNew;

test('the reference upload performs the documented operations', async () => {
  refExisting = (await observe(reference.upload, [{}, EXISTING, 'tag'])).world.log;
  refNew = (await observe(reference.upload, [{}, NEW, 'tag'])).world.log;
  assert.deepStrictEqual(refExisting.map((l) => l.split(' ')[0]), SHAPE_EXISTING);
  assert.deepStrictEqual(refNew.map((l) => l.split(' ')[0]), SHAPE_NEW);
});

function expectNone(list) {
  assert.ok(list.length === 0, list.join('\n'));
}

// A lost error identity names its culprit: the adapter, or the variant.
async function explained(found, v) {
  if (found.some((p) => p.startsWith('error identity lost'))) found.push(await explainIdentity(v));
  return found;
}

// An entry that runs another entry's file on other library versions
// (`librarySet`, see examples/lib/library-set.js): its code on the stack is
// that file's, and its libraries are the aliases that the file and its
// adapter require under their usual names.
function checkedAs(v) {
  if (!v.librarySet) return { entry: v, how: descriptor(v, examplesDir) };
  const shared = manifest.variants.find((e) => e.id === v.librarySet.variant);
  const how = descriptor(v, examplesDir);
  how.file = descriptor(shared, examplesDir).file;
  const usual = {};
  for (const [name, alias] of Object.entries(v.librarySet.aliases)) usual[alias] = name;
  const entry = Object.assign({}, v, {
    libraries: Object.fromEntries(Object.entries(v.libraries).map(([k, ver]) => [usual[k] || k, ver])),
    adapter: v.adapter && Object.assign({}, v.adapter, { library: usual[v.adapter.library] || v.adapter.library })
  });
  return { entry, how };
}

for (const v of manifest.variants) {
  test(`${v.id} (${v.file})`, async (t) => {
    ensureCompiled(v); // a compiled variant runs its build output, rebuilt if stale
    const mod = require(path.join(examplesDir, v.file));
    assert.strictEqual(typeof mod.upload, 'function', 'exports.upload must be a function');
    const { entry, how } = checkedAs(v);

    // Fair adapters: a promise, thunk or observable variant reaches the fakes
    // through its own library's adapter, built once at load, and nothing else
    // of ours; a variant without one calls the fakes itself.
    await t.test(v.adapter
      ? `reaches the fakes only through its adapter ${v.adapter.file} (${v.adapter.library}: ${v.adapter.uses})`
      : 'calls the fakes itself or through its libraries (no adapter)', async () => {
      expectNone(manifestAdapterProblems(entry, examplesDir));
      const runs = [await observe(mod.upload, [{}, EXISTING, 'tag']), await observe(mod.upload, [{}, NEW, 'tag'])];
      if (v.scenarios.includes('parallel')) runs.push(await observe(mod.parallel, [NEW, K]));
      expectNone([...new Set(runs.flatMap((obs) => adapterProblems(obs, how)))]);
    });

    for (const [branch, p, log] of [['existing file', EXISTING, () => refExisting], ['new file', NEW, () => refNew]]) {
      await t.test(`${branch}: same operations, one sequential step at a time, one success callback`, async () => {
        const obs = await observe(mod.upload, [{}, p, 'tag']);
        expectNone(problems(obs, { log: log(), committed: true, maxInFlight: 1 }));
      });

      await t.test(`${branch}: a failure at each operation rolls back once and reaches the caller once`, async () => {
        const ref = log();
        for (let i = 1; i < ref.length; i++) {
          const op = ref[i].split(' ')[0];
          const error = new Error('boom at ' + op);
          const obs = await observe(mod.upload, [{}, p, 'tag'], { fail: { op, error } });
          const found = await explained(problems(obs, { log: failedLog(ref, i), error, committed: false }), how);
          assert.ok(found.length === 0, `${v.id}, failing ${op}:\n` + found.join('\n'));
        }
      });
    }

    // A throw in the variant's own code after an asynchronous step: reading a
    // field of the looked-up file, and a synchronous helper that throws.
    for (const [what, fail, p] of [
      ['reading a field of the looked-up file throws', { op: 'file.get', how: 'poison' }, EXISTING],
      ['a synchronous helper throws', { op: 'version.createHash', how: 'throw' }, NEW]
    ]) {
      await t.test(`${what}: ${v.catchesThrows ? 'reaches the callback and rolls back' : 'escapes, as the manifest declares'}`, async () => {
        const obs = await observe(mod.upload, [{}, p, 'tag'], { fail });
        if (v.catchesThrows) {
          expectNone(problems(obs, { error: true, committed: false }));
        } else {
          assert.ok(obs.escaped.some((e) => e.injected), 'manifest says catchesThrows: false, but the throw did not escape');
        }
      });
    }

    if (v.scenarios.includes('parallel')) {
      await t.test(`parallel: ${K} inserts at once, then one commit`, async () => {
        assert.strictEqual(typeof mod.parallel, 'function', 'manifest lists the parallel scenario but exports.parallel is missing');
        const log = ['tx.begin'];
        for (let i = 0; i < K; i++) log.push(`fileVersion.insert fileId=${NEW} versionId=${i}`);
        log.push('tx.commit');
        const ok = await observe(mod.parallel, [NEW, K]);
        expectNone(problems(ok, { log, unordered: true, committed: true, maxInFlight: K }));

        const error = new Error('one insert fails');
        const bad = await observe(mod.parallel, [NEW, K], { fail: { op: 'fileVersion.insert', error } });
        expectNone(await explained(problems(bad, { error, committed: false }), how));
      });
    }

    if (v.scenarios.includes('errors')) {
      await t.test('error-rate scenario: 200 concurrent calls, each ends exactly once', async () => {
        fakes.reset({ errorRate: 0.05, seed: 7, delay: 0 });
        const world = fakes.stats();
        const results = await new Promise((resolve) => {
          const calls = new Array(200).fill(0);
          let left = calls.length;
          calls.forEach((_, i) => mod.upload({}, fakes.pathFor(i, i % 2 === 0), 'tag', (err) => {
            calls[i]++;
            calls[i + 200] = err ? 'failed' : 'ok';
            if (--left === 0) setTimeout(() => resolve(calls), 20);
          }));
          setTimeout(() => resolve(calls), 3000); // a call that never ends shows as a 0 below
        });
        const counts = results.slice(0, 200);
        const failed = results.slice(200).filter((r) => r === 'failed').length;
        assert.ok(counts.every((c) => c === 1), 'some calls called back never or more than once');
        assert.ok(failed > 0 && failed < 200, `expected some failures at a 5% rate, got ${failed}`);
        assert.strictEqual(world.counts.rollbacks, failed);
        assert.strictEqual(world.counts.commits, 200 - failed);
      });
    }
  });
}
