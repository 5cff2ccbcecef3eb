// The conformance checks of one manifest entry, as a list of named checks,
// each resolving to its problems (empty: passed). test/harness/conformance.test.js
// runs them in the test process, or, for a variant the test's own runtime
// cannot load (fibers), under a runtime that can, through
// conformance-runner.js: the same checks either way.
'use strict';
const path = require('node:path');
const fakes = require('../../examples/lib/fakes');
const { observe, descriptor, adapterProblems, manifestAdapterProblems, explainIdentity } = require('./conformance');
const { behaviourChecks, referenceLogs: sharedReferenceLogs, paths, K } = require('../../scripts/lib/measure/conformance');

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const { EXISTING, NEW } = paths(fakes);
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

  // The checks of behaviour, shared with the browser's worker.
  const behaviour = behaviourChecks(v, mod, { fakes, see: observe, refs, explain: (found) => explained(found, how) });
  return list.concat(behaviour);
}

// The reference logs, from the nested-callback original.
function referenceLogs() {
  return sharedReferenceLogs(observe, reference, fakes);
}

module.exports = { checks, referenceLogs, EXISTING, NEW };
