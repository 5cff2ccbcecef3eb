// Runs one call of a variant against a fresh fake world and reports what it
// did, then lists every way that differs from what the reference upload does.
// Kept apart from the assertions so the same checker can be pointed at broken
// fixture variants to prove it catches them. The observation and the checks
// of behaviour are scripts/harness/conformance.js (the browser's worker runs
// them too); what needs Node's files and stack traces is here.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');
const fakes = require('../../examples/lib/fakes');
const shared = require('../../scripts/harness/conformance');
const { exampleFile } = require('../../scripts/lib/paths');
const { problems, failedLog, describe } = shared;

const ROOT = path.join(__dirname, '..', '..');
const FAKES_FILE = 'examples/lib/fakes.js';
const HELPER_FILE = path.relative(ROOT, __filename);
// The shared observer that calls the variant (scripts/harness/conformance.js):
// test code like this file, never a layer of the variant's.
const OBSERVER_FILE = path.join('scripts', 'harness', 'conformance.js');
// The tests that call a variant, below it on the stack.
const TEST_CODE = /^test\/(([a-z]+\/)?[^/]+\.test\.js|helpers\/)/;

// Calls `fn(...args, done)` once and resolves with what happened: the
// shared observation (scripts/harness/conformance.js) with this process's
// uncaught exceptions and rejections as the escapes, plus who called each fake
// operation (`calls`: the origins of the frames on the caller's stack,
// nearest first, see origins()) for the adapter checks.
function observe(fn, args, fakeOptions) {
  const calls = [];
  const onOperation = (op) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40;
    const stack = new Error().stack;
    Error.stackTraceLimit = limit;
    calls.push({ op, origins: origins(stack) });
  };
  return shared.observe(fakes, processEscapes, fn, args, Object.assign({ onOperation }, fakeOptions))
    .then((obs) => Object.assign(obs, { calls }));
}

function processEscapes(onError) {
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return () => {
    process.removeListener('uncaughtException', onError);
    process.removeListener('unhandledRejection', onError);
  };
}

// Stack text → where each frame's code lives, nearest first: a file of this
// repository ('examples/rx.js'), a package ('node_modules/rxjs') or Node
// itself ('node'). Frames without a file (`new Promise (<anonymous>)`) are
// left out.
function origins(stack) {
  const out = [];
  for (const line of String(stack).split('\n').slice(1)) {
    const m = /\((.*)\)\s*$/.exec(line) || /^\s*at (?:async )?(.*)$/.exec(line);
    if (!m) continue;
    const where = m[1].replace(/:\d+:\d+$/, '');
    if (where.startsWith('node:')) out.push('node');
    else if (where.includes('/node_modules/')) {
      const parts = where.split('/node_modules/').pop().split('/');
      out.push('node_modules/' + (parts[0].startsWith('@') ? parts[0] + '/' + parts[1] : parts[0]));
    } else if (path.isAbsolute(where)) out.push(path.relative(ROOT, where));
  }
  return out;
}

// How a variant must reach the fakes, from its manifest entry (or a fixture's
// stand-in): { id, file: repo-relative path, adapter: null | { file, library, uses }
// with a repo-relative file, libraries: [npm names] }.
//
// Each asynchronous operation must be called by the variant's adapter: its
// adapter file, or code of the adapter's library (Node's own for "node"), and
// no other file of ours may sit between the variant and the fakes. A variant
// without an adapter hands the fakes its callbacks itself: the operation is
// called from its own file or from one of its libraries (genny, gens, async).
function adapterProblems(obs, v) {
  const out = new Set();
  for (const call of obs.calls) {
    const frames = call.origins.filter((o) => o !== HELPER_FILE && o !== OBSERVER_FILE);
    while (frames[0] === FAKES_FILE) frames.shift();
    const caller = frames[0] || '(no frame)';
    const libraryCode = (lib) => (lib === 'node' ? caller === 'node' : packagesOf(lib).has(caller));
    if (v.adapter) {
      const via = `its adapter ${v.adapter.file} (${v.adapter.library}: ${v.adapter.uses})`;
      if (caller === v.file) {
        out.add(`${v.id}: ${call.op} is called by the variant's own code (${v.file}), not through ${via}`);
      } else if (caller !== v.adapter.file && !libraryCode(v.adapter.library)) {
        out.add(`${v.id}: ${call.op} reaches the fakes through ${caller}, not through ${via}`);
      }
    } else if (caller !== v.file && !v.libraries.some(libraryCode)) {
      out.add(`${v.id}: ${call.op} reaches the fakes through ${caller}, but the manifest gives the variant no ` +
        `adapter: it must call the fakes itself or through one of its libraries (${v.libraries.join(', ') || 'none'})`);
    }
    // Our own files between the fakes and the variant's nearest frame: only
    // the adapter may be there; anything else is a layer the callback
    // variants do not pay for.
    const upTo = frames.indexOf(v.file);
    for (const o of upTo < 0 ? frames : frames.slice(0, upTo)) {
      if (o === 'node' || o.startsWith('node_modules/') || TEST_CODE.test(o)) continue;
      if (o === FAKES_FILE || (v.adapter && o === v.adapter.file)) continue;
      out.add(`${v.id}: ${call.op} passes through ${o}, a layer between the variant and the fakes that is not ` +
        (v.adapter ? `its adapter ${v.adapter.file}` : 'declared (the manifest gives no adapter)'));
    }
  }
  if (obs.calls.length === 0) out.add(`${v.id}: no fake operation was called`);
  return [...out];
}

// A library's code: its package and, transitively, the packages it depends
// on (gens/parallel runs on continuable-list), as 'node_modules/<name>'.
// Optional dependencies count: streamline's generators and fibers runtimes
// are galaxy and fibers, which it lists as optional.
function packagesOf(lib, seen = new Set()) {
  if (seen.has('node_modules/' + lib)) return seen;
  seen.add('node_modules/' + lib);
  let manifest = null;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', lib, 'package.json'), 'utf8'));
  } catch (err) {
    return seen; // not installed: the variant fails to load and says so
  }
  for (const dep of Object.keys(Object.assign({}, manifest.dependencies, manifest.optionalDependencies))) packagesOf(dep, seen);
  return seen;
}

// The error a failed operation of an adapted API delivers, whatever the API
// returns: a promise's rejection, an observable's error, a thunk's callback.
// Tells whether the adapter itself keeps the error the fake created.
function errorFromAdapter(api) {
  const error = new Error('probe failure at blob.put');
  fakes.reset({ delay: 0, fail: { op: 'blob.put', error } });
  return new Promise((resolve) => {
    const result = api.blobManager.create(api.account).put({});
    const got = (value) => resolve({ kept: value === error, value, error });
    if (result && typeof result.then === 'function') result.then(() => got(undefined), got);
    else if (result && typeof result.subscribe === 'function') result.subscribe(() => {}, got, () => got(undefined));
    else if (typeof result === 'function') result((err) => got(err));
    else resolve({ kept: false, value: result, error, unknown: true });
  });
}

// Relative requires of a file, followed through files of this repository:
// the files of ours it loads, as repo-relative paths.
function localRequires(file, seen = new Set()) {
  const source = fs.readFileSync(file, 'utf8');
  for (const m of source.matchAll(/require\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
    const target = require.resolve(path.resolve(path.dirname(file), m[1]));
    const rel = path.relative(ROOT, target);
    if (seen.has(rel)) continue;
    seen.add(rel);
    localRequires(target, seen);
  }
  return seen;
}

// Packages a file requires by name (first path segment, scope kept).
function packageRequires(file) {
  const names = new Set();
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/require\(\s*['"]([^'".][^'"]*)['"]\s*\)/g)) {
    const parts = m[1].split('/');
    names.add(parts[0].startsWith('@') ? parts[0] + '/' + parts[1] : parts[0]);
  }
  return names;
}

// A manifest entry as adapterProblems() wants it.
function descriptor(entry, examplesDir) {
  const rel = (f) => path.relative(ROOT, exampleFile(f, examplesDir));
  return {
    id: entry.id,
    file: rel(entry.file),
    adapter: entry.adapter ? Object.assign({}, entry.adapter, { file: rel(entry.adapter.file) }) : entry.adapter,
    libraries: Object.keys(entry.libraries || {})
  };
}

// What the manifest claims about the adapter, checked against the files:
// promise, async-function and reactive variants have one; the variant loads
// it; it is the named library's (it requires that package, or only Node's
// own modules for "node"); nothing of ours sits under it but the fakes; and
// `wrappers` lists exactly the files of ours the variant loads.
const NEED_ADAPTER = ['promises', 'async-functions', 'reactive'];

function manifestAdapterProblems(entry, examplesDir) {
  const out = [];
  const v = descriptor(entry, examplesDir);
  if (entry.adapter === undefined) {
    return [`${v.id}: the manifest entry has no "adapter" field; give null (the variant passes callbacks to the ` +
      'fakes itself) or { file, library, uses }'];
  }
  const loads = localRequires(path.join(ROOT, v.file));
  // A compiled variant's source may load our files through its own runtime's
  // require (StratifiedJS), which the output does not show.
  if (entry.compile) localRequires(path.join(examplesDir, entry.compile.source), loads);
  const listed = new Set(entry.wrappers.map((w) => path.relative(ROOT, path.join(examplesDir, w))));
  const missing = [...loads].filter((f) => !listed.has(f));
  const extra = [...listed].filter((f) => !loads.has(f));
  if (missing.length || extra.length) {
    out.push(`${v.id}: "wrappers" is not what ${v.file} loads` +
      (missing.length ? `; loaded but not listed: ${missing.join(', ')}` : '') +
      (extra.length ? `; listed but not loaded: ${extra.join(', ')}` : ''));
  }
  if (!v.adapter) {
    if (NEED_ADAPTER.includes(entry.family)) {
      out.push(`${v.id}: a ${entry.family} variant needs an adapter of its library between it and the fakes, ` +
        'but the manifest gives "adapter": null');
    }
    return out;
  }
  const a = v.adapter;
  if (!loads.has(a.file)) out.push(`${v.id}: ${v.file} does not load its adapter ${a.file}`);
  if (!fs.existsSync(path.join(ROOT, a.file))) return out.concat(`${v.id}: adapter ${a.file} does not exist`);
  const packages = packageRequires(path.join(ROOT, a.file));
  if (a.library === 'node') {
    const foreign = [...packages].filter((p) => !builtinModules.includes(p.replace(/^node:/, '')));
    if (foreign.length) out.push(`${v.id}: adapter ${a.file} is declared as Node's own but requires ${foreign.join(', ')}`);
  } else if (!packages.has(a.library)) {
    out.push(`${v.id}: adapter ${a.file} does not require ${a.library}, so it is not an adapter of that library`);
  } else if (!v.libraries.includes(a.library)) {
    out.push(`${v.id}: adapter library ${a.library} is not among the variant's "libraries"`);
  }
  const under = [...localRequires(path.join(ROOT, a.file))].filter((f) => f !== FAKES_FILE);
  if (under.length) {
    out.push(`${v.id}: adapter ${a.file} loads ${under.join(', ')}: only the fakes may sit under an adapter, ` +
      'or the variant pays for a layer the callback variants do not');
  }
  return out;
}

// When the error reaching `done` is not the fake's own: whether the adapter
// already lost it, or the variant's code did.
async function explainIdentity(v) {
  if (!v.adapter) return `${v.id} has no adapter, so its own code replaced the error`;
  const r = await errorFromAdapter(require(path.join(ROOT, v.adapter.file)));
  if (r.kept) return `its adapter ${v.adapter.file} keeps the error, so the variant's own code replaced it`;
  return `its adapter ${v.adapter.file} (${v.adapter.library}: ${v.adapter.uses}) wraps errors: a failed operation ` +
    `delivers ${describe(r.value)} instead of the fake's error itself`;
}

module.exports = {
  descriptor, manifestAdapterProblems, explainIdentity,
  observe, problems, failedLog, adapterProblems, errorFromAdapter, localRequires, packageRequires, origins, ROOT
};
