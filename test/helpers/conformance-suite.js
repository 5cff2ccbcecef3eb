// The conformance checks of one manifest entry, as a list of named checks,
// each resolving to its problems (empty: passed). test/conformance.test.js
// runs them in the test process, or, for a variant the test's own runtime
// cannot load (fibers), under a runtime that can, through
// conformance-runner.js: the same checks either way.
'use strict';
const path = require('node:path');
const fakes = require('../../examples/lib/fakes');
const { observe, problems, failedLog, descriptor, adapterProblems, manifestAdapterProblems, explainIdentity } =
  require('./conformance');

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const EXISTING = fakes.pathFor(1, true);
const NEW = fakes.pathFor(2, false);
const K = 5;
const reference = require('../../examples/original');

// A lost error identity names its culprit: the adapter, or the variant.
async function explained(found, v) {
  if (found.some((p) => p.startsWith('error identity lost'))) found.push(await explainIdentity(v));
  return found;
}

// An entry that runs another entry's file on other library versions
// (`librarySet`, see examples/lib/library-set.js): its code on the stack is
// that file's, and its libraries are the aliases that the file and its
// adapter require under their usual names.
function checkedAs(v, variants) {
  if (!v.librarySet) return { entry: v, how: descriptor(v, EXAMPLES) };
  const shared = variants.find((e) => e.id === v.librarySet.variant);
  const how = descriptor(v, EXAMPLES);
  how.file = descriptor(shared, EXAMPLES).file;
  const usual = {};
  for (const [name, alias] of Object.entries(v.librarySet.aliases)) usual[alias] = name;
  const entry = Object.assign({}, v, {
    libraries: Object.fromEntries(Object.entries(v.libraries).map(([k, ver]) => [usual[k] || k, ver])),
    adapter: v.adapter && Object.assign({}, v.adapter, { library: usual[v.adapter.library] || v.adapter.library })
  });
  return { entry, how };
}

// → [{ name, run: async () => [problem, ...] }]; `refs` = { existing, new } logs of the reference.
function checks(v, mod, variants, refs) {
  const { entry, how } = checkedAs(v, variants);
  // errorIdentity (manifest): the error reaching done is a copy, a recorded finding.
  const identity = v.errorIdentity ? 'copy' : undefined;
  const list = [];
  const add = (name, run) => list.push({ name, run });

  // Fair adapters: a promise, thunk or observable variant reaches the fakes
  // through its own library's adapter, built once at load, and nothing else
  // of ours; a variant without one calls the fakes itself.
  add(v.adapter
    ? `reaches the fakes only through its adapter ${v.adapter.file} (${v.adapter.library}: ${v.adapter.uses})`
    : 'calls the fakes itself or through its libraries (no adapter)', async () => {
    const found = manifestAdapterProblems(entry, EXAMPLES);
    const runs = [await observe(mod.upload, [{}, EXISTING, 'tag']), await observe(mod.upload, [{}, NEW, 'tag'])];
    if (v.scenarios.includes('parallel')) runs.push(await observe(mod.parallel, [NEW, K]));
    return found.concat([...new Set(runs.flatMap((obs) => adapterProblems(obs, how)))]);
  });

  for (const [branch, p, ref] of [['existing file', EXISTING, refs.existing], ['new file', NEW, refs.new]]) {
    add(`${branch}: same operations, one sequential step at a time, one success callback`, async () => {
      const obs = await observe(mod.upload, [{}, p, 'tag']);
      return problems(obs, { log: ref, committed: true, maxInFlight: 1 });
    });

    add(`${branch}: a failure at each operation rolls back once and reaches the caller once` +
      (identity ? ' (as a copy of the error: errorIdentity finding)' : ''), async () => {
      const out = [];
      for (let i = 1; i < ref.length; i++) {
        const op = ref[i].split(' ')[0];
        const error = new Error('boom at ' + op);
        const obs = await observe(mod.upload, [{}, p, 'tag'], { fail: { op, error } });
        const found = await explained(problems(obs, { log: failedLog(ref, i), error, identity, committed: false }), how);
        if (found.length) out.push(`${v.id}, failing ${op}:\n` + found.join('\n'));
      }
      return out;
    });
  }

  // A throw in the variant's own code after an asynchronous step: reading a
  // field of the looked-up file, and a synchronous helper that throws.
  for (const [what, fail, p] of [
    ['reading a field of the looked-up file throws', { op: 'file.get', how: 'poison' }, EXISTING],
    ['a synchronous helper throws', { op: 'version.createHash', how: 'throw' }, NEW]
  ]) {
    add(`${what}: ${v.catchesThrows ? 'reaches the callback and rolls back' : 'escapes, as the manifest declares'}`, async () => {
      const obs = await observe(mod.upload, [{}, p, 'tag'], { fail });
      if (v.catchesThrows) return problems(obs, { error: true, committed: false });
      return obs.escaped.some((e) => e.injected) ? [] : ['manifest says catchesThrows: false, but the throw did not escape'];
    });
  }

  if (v.scenarios.includes('parallel')) {
    add(`parallel: ${K} inserts at once, then one commit`, async () => {
      if (typeof mod.parallel !== 'function') return ['manifest lists the parallel scenario but exports.parallel is missing'];
      const log = ['tx.begin'];
      for (let i = 0; i < K; i++) log.push(`fileVersion.insert fileId=${NEW} versionId=${i}`);
      log.push('tx.commit');
      const ok = await observe(mod.parallel, [NEW, K]);
      const found = problems(ok, { log, unordered: true, committed: true, maxInFlight: K });
      const error = new Error('one insert fails');
      const bad = await observe(mod.parallel, [NEW, K], { fail: { op: 'fileVersion.insert', error } });
      return found.concat(await explained(problems(bad, { error, identity, committed: false }), how));
    });
  }

  if (v.scenarios.includes('errors')) {
    add('error-rate scenario: 200 concurrent calls, each ends exactly once', async () => {
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
      const out = [];
      if (!counts.every((c) => c === 1)) out.push('some calls called back never or more than once');
      if (!(failed > 0 && failed < 200)) out.push(`expected some failures at a 5% rate, got ${failed}`);
      if (world.counts.rollbacks !== failed) out.push(`${world.counts.rollbacks} rollbacks for ${failed} failed calls`);
      if (world.counts.commits !== 200 - failed) out.push(`${world.counts.commits} commits for ${200 - failed} successful calls`);
      return out;
    });
  }
  return list;
}

// The reference logs, from the nested-callback original.
async function referenceLogs() {
  return {
    existing: (await observe(reference.upload, [{}, EXISTING, 'tag'])).world.log,
    new: (await observe(reference.upload, [{}, NEW, 'tag'])).world.log
  };
}

module.exports = { checks, referenceLogs, EXISTING, NEW };
