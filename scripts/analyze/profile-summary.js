// Where a style's time and bytes go (issue 43, `npm run profiles`): V8's CPU
// profiles and sampling heap profiles of one (runtime, variant) pair, summed
// by the code that spent them. A function is put in one part by the file it
// was loaded from:
//   variant   the variant's own file (examples/<file>)
//   adapter   its adapter of the fakes (the manifest's adapter.file, examples/lib/)
//   library   a package under node_modules, named by its folder there (q,
//             bluebird, when-2: the era releases sit under their npm aliases),
//             or a helper of examples/lib/ the variant loads ("lib/catcher.js")
//   node      Node's own JavaScript (node:internal/..., timers, events)
//   harness   the harness and the fake storage (scripts/, examples/lib/fakes.js)
//   native    functions with no script (V8 builtins such as Array.prototype
//             .slice, a browser's setTimeout) that no code of a part above
//             called; one it called counts in the caller's part (framesOf)
//   gc        V8's "(garbage collector)"
//   program   V8's "(program)": the engine outside JavaScript (compiling,
//             runtime calls, the event loop's own C++)
//   idle      V8's "(idle)": waiting for the next event (the fake I/O's timers)
//   other     anything else
// Shares are of the busy time (everything but idle), so the parts of one
// profile add up to 1 whatever the fake I/O's waits were.
//
// A profile comes from Node (the inspector's Profiler and HeapProfiler
// domains, the .cpuprofile and .heapprofile formats of --cpu-prof and
// --heap-prof) or from a browser's worker, whose functions all sit in one
// bundle: there a `locate` from the bundle's source map (bundleLocator)
// names the file each function was bundled from.
'use strict';
const path = require('node:path');
const { fileURLToPath } = require('node:url');
const { SourceMap } = require('node:module');
const { ROOT, fromPackage } = require('../lib/paths');

const PARTS = Object.freeze({
  variant: 'the variant’s own file (examples/<file>)',
  adapter: 'its adapter of the fakes (the manifest’s adapter file in examples/lib/)',
  library: 'a library package under node_modules, named by its folder there (q, bluebird, when-2), or a helper file of examples/lib/ the variant loads (lib/catcher.js)',
  node: 'Node’s own JavaScript (node:internal/…, timers, events)',
  harness: 'the harness and the fake storage (scripts/, examples/lib/fakes.js)',
  native: 'functions with no script (V8 builtins, a browser’s setTimeout) that no code with a script called; one that such code called counts in that code’s part',
  gc: 'V8’s garbage collector',
  program: 'V8 outside JavaScript: compiling, runtime calls, the event loop’s own native code',
  idle: 'waiting for the next event (the fake I/O’s timers); left out of the shares',
  other: 'code of no file above',
});
const FAKES = path.join(ROOT, 'examples', 'lib', 'fakes.js');
const SCRIPTS = path.join(ROOT, 'scripts') + path.sep;

// V8's pseudo-functions (no script): "(garbage collector)" and its kin.
// A Map: a function with no script may be named "constructor" or "toString".
const PSEUDO = new Map([['(garbage collector)', 'gc'], ['(GC)', 'gc'], ['(idle)', 'idle'], ['(program)', 'program'], ['(root)', 'program']]);

// A call frame's script → { script: 'file', file, line } (a file on disk),
// { script: 'node', file, line } (Node's own), { script: 'none' } (no
// script), or { script: 'url', file } (a URL of no file here). line: 1-based.
function nodeLocate(frame) {
  const url = frame.url || '';
  const line = frame.lineNumber >= 0 ? frame.lineNumber + 1 : null;
  if (!url) return { script: 'none' };
  if (url.startsWith('file://')) return { script: 'file', file: fileURLToPath(url), line };
  if (path.isAbsolute(url)) return { script: 'file', file: url, line };
  if (url.startsWith('node:')) return { script: 'node', file: url, line };
  // Node before 16 names its own modules without the scheme ("internal/timers.js", "events.js").
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) return { script: 'node', file: `node:${url.replace(/\.js$/, '')}`, line };
  return { script: 'url', file: url };
}

// The locate of a browser bundle: a frame of `bundleUrl` is named by the
// bundle's source map (its `sources` relative to `sourceRoot`, the folder
// the bundler worked in); any other frame as nodeLocate names it.
function bundleLocator(bundleUrl, map, sourceRoot = ROOT) {
  const sourceMap = new SourceMap(map);
  return (frame) => {
    if (frame.url !== bundleUrl) return nodeLocate(frame);
    const hit = sourceMap.findEntry(Math.max(0, frame.lineNumber), Math.max(0, frame.columnNumber));
    if (!hit || !hit.originalSource) return { script: 'url', file: frame.url };
    const source = hit.originalSource.replace(/^file:\/\//, '');
    return { script: 'file', file: path.resolve(sourceRoot, source), line: hit.originalLine + 1 };
  };
}

// The package a file under node_modules belongs to: the folder after the
// last node_modules/ in its path ("@scope/name" kept whole), or null.
function packageOf(file) {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return null;
  return parts[at + 1].startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
}

// A manifest entry's own files, absolute: { variantFile, adapterFile,
// helperFiles (its wrappers) }. fileOf: a manifest path → the file on disk.
function pairFiles(entry, fileOf) {
  return {
    variantFile: fileOf(entry.file),
    adapterFile: entry.adapter ? fileOf(entry.adapter.file) : null,
    helperFiles: (entry.wrappers || []).map((f) => fileOf(f)),
  };
}

// A located frame → its part: { kind, name } (name: the package for a
// library, the kind otherwise). files: pairFiles().
function partOf(frame, where, files) {
  if (where.script === 'none') {
    const kind = PSEUDO.get(frame.functionName) || (/^\(.*\)$/.test(frame.functionName) ? 'program' : 'native');
    return { kind, name: kind };
  }
  if (where.script === 'node') return { kind: 'node', name: 'node' };
  if (where.script !== 'file') return { kind: 'other', name: 'other' };
  const pkg = packageOf(where.file);
  if (pkg) return { kind: 'library', name: pkg };
  const file = path.resolve(where.file);
  if (file === files.variantFile) return { kind: 'variant', name: 'variant' };
  if (file === files.adapterFile) return { kind: 'adapter', name: 'adapter' };
  if (file === FAKES || file.startsWith(SCRIPTS)) return { kind: 'harness', name: 'harness' };
  if (files.helperFiles.includes(file)) return { kind: 'library', name: path.relative(path.join(ROOT, 'examples'), file).split(path.sep).join('/') };
  return { kind: 'other', name: 'other' };
}

// How a table of top functions names a file: from its package ("q/q.js"),
// relative to the repository, or as the runtime named it.
function shownFile(where) {
  if (!where.file) return null;
  if (where.script !== 'file') return where.file;
  const named = fromPackage(where.file);
  if (named !== where.file) return named;
  return path.relative(ROOT, where.file).split(path.sep).join('/');
}

const round = (x, places) => Math.round(x * 10 ** places) / 10 ** places;

// The time each sample stands for, in µs: from its timestamp to the next
// one's (the last to the profile's end), as DevTools counts it. V8 now and
// then records a sample out of order (a negative delta): it counts 0. With
// `spans` ([[begin, end] µs on the profile's clock]), only the samples taken
// in a span count, each up to the span's end; the others count 0.
function sampleDurations(profile, spans = null) {
  const { samples = [], timeDeltas = [] } = profile;
  const stamps = new Array(samples.length);
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i] || 0;
    stamps[i] = t;
  }
  return stamps.map((s, i) => {
    let end = i + 1 < stamps.length ? stamps[i + 1] : profile.endTime;
    if (spans) {
      const span = spans.find(([b, e]) => s >= b && s <= e);
      if (!span) return 0;
      end = Math.min(end, span[1]);
    }
    return Math.max(0, end - s);
  });
}

// One profile's call frames, located and put in their parts, once per node
// (nodes: [{ id, callFrame, children: [ids] }]). A native function (no
// script: a builtin such as Array.prototype.slice, or a browser's
// setTimeout) is counted in the part of the nearest caller that has a
// script: its time and its bytes are spent for that code.
function framesOf(nodes, locate, files) {
  const out = new Map();
  const parent = new Map();
  for (const node of nodes) {
    const where = locate(node.callFrame);
    out.set(node.id, { frame: node.callFrame, where, part: partOf(node.callFrame, where, files) });
    for (const c of node.children || []) parent.set(c, node.id);
  }
  const callerPart = (id) => {
    for (let up = parent.get(id); up !== undefined; up = parent.get(up)) {
      const p = out.get(up).part;
      if (p.kind !== 'native') return p;
    }
    return null;
  };
  for (const [id, f] of out) {
    if (f.part.kind !== 'native') continue;
    const p = callerPart(id);
    if (p && ['variant', 'adapter', 'library', 'node', 'harness', 'other'].includes(p.kind)) f.part = p;
  }
  return out;
}

// Sums `amount` of each [part, frame] into parts and functions.
function tally() {
  const parts = new Map();
  const fns = new Map();
  return {
    add(f, amount) {
      const key = `${f.part.kind}\0${f.part.name}`;
      const p = parts.get(key) || { kind: f.part.kind, name: f.part.name, amount: 0 };
      p.amount += amount;
      parts.set(key, p);
      const c = f.frame;
      const fkey = [c.functionName, c.url, c.lineNumber, c.columnNumber].join('\0');
      const fn = fns.get(fkey) || { f, amount: 0 };
      fn.amount += amount;
      fns.set(fkey, fn);
    },
    parts: () => [...parts.values()],
    functions: () => [...fns.values()],
  };
}

const byShare = (a, b) => b.share - a.share || a.name.localeCompare(b.name);

// The CPU profiles of one pair → where the time went: { samples, wallMs,
// idleMs, busyMs, categories: [{ name, kind, selfMs, share }] (largest
// first; idle left out), top: [{ name, part, file, line, selfMs, share }]
// (the `top` functions of most self time, idle left out) }. Each of
// `profiles` is { profile, spans }: a CPU profile (one per profiled batch,
// or one over several) and the spans of it to count (sampleDurations), or
// null for all of it. samples: the samples counted. locate: nodeLocate or a
// bundleLocator; files: pairFiles().
function summarizeCpu(profiles, { locate = nodeLocate, files, top = 8 } = {}) {
  const t = tally();
  let samples = 0;
  let wallUs = 0;
  for (const { profile, spans = null } of profiles) {
    const frames = framesOf(profile.nodes, locate, files);
    const durations = sampleDurations(profile, spans);
    profile.samples.forEach((id, i) => {
      const f = frames.get(id);
      if (!f) throw new Error(`a CPU profile's sample ${i} names node ${id}, which the profile does not hold`);
      if (durations[i] <= 0) return;
      samples++;
      t.add(f, durations[i]);
      wallUs += durations[i];
    });
  }
  const idleUs = t.parts().filter((p) => p.kind === 'idle').reduce((s, p) => s + p.amount, 0);
  const busyUs = wallUs - idleUs;
  const share = (us) => (busyUs > 0 ? round(us / busyUs, 4) : 0);
  const categories = t.parts().filter((p) => p.kind !== 'idle' && p.amount > 0)
    .map((p) => ({ name: p.name, kind: p.kind, selfMs: round(p.amount / 1000, 3), share: share(p.amount) }))
    .sort(byShare);
  const functions = t.functions().filter((fn) => fn.f.part.kind !== 'idle' && fn.amount > 0)
    .sort((a, b) => b.amount - a.amount)
    .slice(0, top)
    .map(({ f, amount }) => ({
      name: f.frame.functionName || '(anonymous)', part: f.part.name, file: shownFile(f.where), line: f.where.line || null,
      selfMs: round(amount / 1000, 3), share: share(amount),
    }));
  return { samples, wallMs: round(wallUs / 1000, 3), idleMs: round(idleUs / 1000, 3), busyMs: round(busyUs / 1000, 3), categories, top: functions };
}

// Every node of a sampling heap profile's tree (head, children).
function heapNodes(head) {
  const out = [];
  const stack = [head];
  while (stack.length) {
    const node = stack.pop();
    out.push(node);
    for (const c of node.children || []) stack.push(c);
  }
  return out;
}

// Sampling heap profiles of `calls` calls → the bytes allocated per call,
// in all and by part: { bytesPerCall, categories: [{ name, kind,
// bytesPerCall, share }] (largest first) }. A node's selfSize is V8's
// estimate of the bytes allocated there (each sample scaled by the chance it
// was sampled), so the sum is the allocation, not the samples' sizes.
function summarizeAllocations(profiles, calls, { locate = nodeLocate, files } = {}) {
  if (!(calls > 0)) throw new Error(`summarizeAllocations: calls must be a positive number, got ${calls}`);
  const t = tally();
  for (const profile of profiles) {
    const nodes = heapNodes(profile.head);
    const frames = framesOf(nodes.map((n) => ({ id: n.id, callFrame: n.callFrame, children: (n.children || []).map((c) => c.id) })), locate, files);
    for (const n of nodes) if (n.selfSize > 0) t.add(frames.get(n.id), n.selfSize);
  }
  const total = t.parts().reduce((s, p) => s + p.amount, 0);
  const categories = t.parts().filter((p) => p.amount > 0)
    .map((p) => ({ name: p.name, kind: p.kind, bytesPerCall: round(p.amount / calls, 1), share: total > 0 ? round(p.amount / total, 4) : 0 }))
    .sort(byShare);
  return { bytesPerCall: round(total / calls, 1), categories };
}

// The async resources of `calls` calls by type → per call, by type.
function asyncPerCall(counts, calls) {
  if (!(calls > 0)) throw new Error(`asyncPerCall: calls must be a positive number, got ${calls}`);
  return Object.fromEntries(Object.keys(counts).sort().map((type) => [type, round(counts[type] / calls, 3)]));
}

module.exports = {
  PARTS, nodeLocate, bundleLocator, packageOf, pairFiles, partOf, shownFile, sampleDurations,
  summarizeCpu, summarizeAllocations, asyncPerCall,
};
