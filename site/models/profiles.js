'use strict';
// data/profiles.json (asyncbench/profiles@1, npm run profiles: CPU profiles,
// allocation samples and async resources of the upload scenario's warm
// batches, scripts/analyze/profile.js) → why a style costs what it costs:
//
//   {% dataTable "profile", variants="promises-q,original", runtime="node-24" %}
//     one row per variant: the largest parts' shares of the busy time (parts=
//     names them: parts="q,gc,variant"), the bytes allocated and the promises
//     made per call
//   {% profile "promises-q", runtime="node-24", part="q" %}                    → "43 %", the part's share
//   {% profile "promises-q", field="allocPerCall" %}                           → "54 kB", all of a call's bytes
//   {% profile "promises-q", field="allocPerCall", part="q" %}                 → the part's bytes
//   {% profile "promises-native", field="asyncPerCall", type="PROMISE" %}      → "22"
//   {% profile "promises-bluebird", runtime="chromium", field="scheduler" %}   → "a resolved native promise's then (a microtask)"
//   {% profile "promises-bluebird", runtime="chromium", field="longStackTraces" %} → "on"
//
// runtime= is a profile (node-24, node-12, chromium) or a runtime id; unnamed,
// "now" (site/lib/runtime-match.js). Anything the file does not hold stops
// the build (a ProseNumberError naming what it holds and the command that
// profiles it); until the file exists, the table says it is not measured.
// profileView() is the same lookup for code (the article's claim checks).
const { listText } = require('../format');
const { envText } = require('../lib/provenance');
const { scenarioData } = require('../lib/measured');
const { ProseNumberError, list } = require('../lib/lookup');
const { runtimeMatches, NOW_RUNTIME } = require('../lib/runtime-match');
const { OPTIONAL } = require('../lib/data-files');
const { hostLabel, sameIdentity } = require('../../scripts/lib/host-identity');

const FILE = 'profiles';
const COMMAND = OPTIONAL[FILE];
const { measured } = scenarioData(FILE);

// A column's title for each part that is not a package.
const PART_TITLES = { variant: 'Its own file', adapter: 'Adapter', node: 'Node', harness: 'Harness and fakes', gc: 'GC',
  program: 'V8 (program)', native: 'Native', other: 'Other' };
const SCHEDULERS = {
  setImmediate: 'setImmediate (a macrotask per drain)',
  'process.nextTick': 'process.nextTick',
  'promise-then': 'a resolved native promise’s then (a microtask)',
  MutationObserver: 'a MutationObserver (a microtask)',
  setTimeout: 'setTimeout',
  none: 'none',
  unknown: 'an unknown scheduler',
};
const TABLE_PARTS = 4;

// ---- numbers in words, one rule each ----------------------------------------

// A share as a whole percent; one that rounds to 0 but is not 0 is "under 1 %".
function shareText(share) {
  const pct = Math.round(share * 100);
  return pct === 0 && share > 0 ? 'under 1 %' : `${pct} %`;
}

// Bytes: under 1 kB in whole bytes, then kB (1,000 bytes) to two significant
// figures below 10 kB and whole above.
function bytesText(bytes) {
  if (Math.round(bytes) < 1000) return `${Math.round(bytes)} bytes`;
  const kb = bytes / 1000;
  return kb < 10 ? `${Number(kb.toPrecision(2))} kB` : `${Math.round(kb).toLocaleString('en-GB')} kB`;
}

// A count per call: three significant figures ("22", "7.01", "0.5").
const countText = (x) => String(x >= 100 ? Math.round(x) : Number(x.toPrecision(3)));

// ---- the lookup ---------------------------------------------------------------

const matches = (p, runtime) => p.profile === runtime || runtimeMatches(p.runtime, runtime);
const remedy = (variant, runtime) => `profile it with ${COMMAND} -- --runtimes ${runtime} --variants '^${variant}$' --out data/profiles.json --resume`;

// The file, or a ProseNumberError saying how to make it.
function profilesData(load) {
  const hit = measured(load);
  if (!hit) throw new ProseNumberError(`data/profiles.json does not exist yet; make it with ${COMMAND}`);
  return hit.data;
}

// The one profiled pair of `variant` on `runtime` (unnamed: "now").
function findPair(data, variant, runtime = NOW_RUNTIME) {
  if (!variant) throw new ProseNumberError(`name the variant (it has: ${list(data.pairs.map((p) => p.variant))})`);
  const pair = data.pairs.find((p) => p.variant === variant && matches(p, runtime));
  if (pair) return pair;
  const left = data.notProfiled.find((p) => p.variant === variant && matches(p, runtime));
  if (left) throw new ProseNumberError(`data/profiles.json has no profile of ${variant} on ${runtime}: it was ${left.status} (${left.reason})`);
  const there = data.pairs.filter((p) => matches(p, runtime)).map((p) => p.variant);
  if (!there.length) {
    throw new ProseNumberError(`data/profiles.json holds no pair on ${runtime} (it has: ${list(data.pairs.map((p) => p.profile))}); ${remedy(variant, runtime)}`);
  }
  throw new ProseNumberError(`data/profiles.json holds no profile of ${variant} on ${runtime} (on ${runtime} it has: ${list(there)}); ${remedy(variant, runtime)}`);
}

// Why a pair has no allocation figure, in words.
function noAllocation(pair) {
  if (pair.allocation) return pair.allocation.reason;
  return pair.where === 'worker' ? 'allocations are sampled in the Node processes only' : 'no heap batches were profiled';
}

// What the profile of one pair says: { variant, runtime, where, calls,
// categories: [{ name, kind, selfMs, share }] (largest share first), top,
// idleShare, allocPerCall (bytes, or null: allocationNote says why),
// allocation: [{ name, kind, bytesPerCall, share }] or null, asyncPerCall:
// { type: count } or null (a browser's worker), scheduler: { library,
// version, kind, text, source }, longStackTraces }. Throws a
// ProseNumberError naming what is missing and how to profile it.
function profileView(load, { variant, runtime } = {}) {
  const pair = findPair(profilesData(load), variant, runtime || NOW_RUNTIME);
  const counted = pair.allocation && pair.allocation.counted === 'allocated';
  const { scheduler } = pair.bluebird;
  return {
    variant: pair.variant, runtime: pair.runtime, profile: pair.profile, where: pair.where, calls: pair.calls.cpu,
    categories: pair.cpu.categories.map(({ name, kind, selfMs, share }) => ({ name, kind, selfMs, share })).sort((a, b) => b.share - a.share),
    top: pair.cpu.top,
    idleShare: pair.cpu.wallMs > 0 ? pair.cpu.idleMs / pair.cpu.wallMs : 0,
    allocPerCall: counted ? pair.allocation.bytesPerCall : null,
    allocation: counted ? pair.allocation.categories : null,
    allocationNote: counted ? null : noAllocation(pair),
    asyncPerCall: pair.async ? pair.async.perCall : null,
    scheduler: { library: 'bluebird', version: pair.bluebird.version, kind: scheduler.kind, text: SCHEDULERS[scheduler.kind], source: scheduler.source },
    longStackTraces: pair.bluebird.longStackTraces,
  };
}

// The async resource types any pair counted: a type one pair never made reads 0.
const knownTypes = (data) => [...new Set(data.pairs.flatMap((p) => Object.keys((p.async && p.async.perCall) || {})))];

// {% profile "<variant>", runtime=, field=, part=, type= %} → text.
function profileProse(load, [variant], kw = {}) {
  const field = kw.field || 'share';
  const view = profileView(load, { variant, runtime: kw.runtime });
  const where = `${view.variant} on ${view.runtime}`;
  const part = (rows, key) => {
    const row = rows.find((c) => c.name === kw.part);
    if (!row) throw new ProseNumberError(`part="${kw.part}" is no part of ${where}'s ${key} (it has: ${list(rows.map((c) => c.name))})`);
    return row;
  };
  if (field === 'share') {
    if (!kw.part) throw new ProseNumberError(`part= names the part whose share to give (${where} has: ${list(view.categories.map((c) => c.name))})`);
    return shareText(part(view.categories, 'CPU profile').share);
  }
  if (field === 'allocPerCall') {
    if (view.allocPerCall === null) throw new ProseNumberError(`${where} has no allocation figure: ${view.allocationNote}`);
    return bytesText(kw.part ? part(view.allocation, 'allocations').bytesPerCall : view.allocPerCall);
  }
  if (field === 'asyncPerCall') {
    if (!view.asyncPerCall) throw new ProseNumberError(`${where} has no async resource counts: async_hooks are counted in the Node processes only`);
    const types = knownTypes(profilesData(load));
    if (!kw.type || !types.includes(kw.type)) throw new ProseNumberError(`type= names an async resource type (the file has: ${list(types)})`);
    return countText(view.asyncPerCall[kw.type] || 0);
  }
  if (field === 'scheduler') return view.scheduler.text;
  if (field === 'longStackTraces') return view.longStackTraces ? 'on' : 'off';
  throw new ProseNumberError(`unknown field="${field}"; use share, allocPerCall, asyncPerCall, scheduler or longStackTraces`);
}

// ---- the table ------------------------------------------------------------------

const title = (c) => PART_TITLES[c.kind] || c.name;

// The parts a table shows: parts= as given, else the TABLE_PARTS largest
// by the largest share any row gives them.
function shownParts(rows, args) {
  const all = new Map();
  for (const r of rows) {
    for (const c of r.pair.cpu.categories) {
      const known = all.get(c.name);
      if (!known || c.share > known.share) all.set(c.name, { name: c.name, kind: c.kind, share: c.share });
    }
  }
  if (args.parts) {
    return String(args.parts).split(',').map((n) => n.trim()).filter(Boolean).map((name) => {
      if (!all.has(name)) throw new Error(`tables: profile: parts="${args.parts}" names "${name}", which no row has (they have: ${[...all.keys()].sort().join(', ')})`);
      return all.get(name);
    });
  }
  return [...all.values()].sort((a, b) => b.share - a.share || a.name.localeCompare(b.name)).slice(0, TABLE_PARTS);
}

// The measured-on line of the rows' runs, and a note when they come from several machines.
function provenanceOf(data, rows) {
  const runs = [...new Set(rows.map((r) => r.pair.run))].map((id) => data.runs.find((run) => run.id === id)).filter(Boolean);
  const first = rows[0].pair;
  const run = runs[0];
  const env = run ? envText({ runtime: first.where === 'worker' ? 'chromium' : 'node', runtimeVersion: first.version,
    cpu: hostLabel(run.host), cores: run.host.cores, date: run.date, commit: run.git.commit, dirty: run.git.dirty, changed: run.git.changed }) : '';
  const hosts = runs.filter((r, i) => !runs.slice(0, i).some((o) => sameIdentity(o.host, r.host)));
  const notes = hosts.length > 1 ? [`These rows come from ${hosts.length} machines (${hosts.map((r) => hostLabel(r.host)).join('; ')}); a share or a byte count depends little on the machine, a time would.`] : [];
  const quote = (a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  // --out as the committed file it fed, as the benchmark's commands show it (site/lib/provenance.js).
  const command = (argv) => {
    const args = argv.map((a, i) => (argv[i - 1] === '--out' ? `data/${a.split('/').pop()}` : a));
    return args.length ? `${COMMAND} -- ${args.map(quote).join(' ')}` : COMMAND;
  };
  const commands = [...new Set(runs.map((r) => command(r.argv)))];
  return { env, notes, commands };
}

function profileTable(args, load) {
  const runtime = args.runtime || NOW_RUNTIME;
  const hit = measured(load);
  const columns = [{ key: 'variant', title: 'Variant' }];
  const base = { id: args.id || `table-profile-${runtime}`, columns, rows: [], env: '', source: null, incomplete: '' };
  if (!hit) {
    return { ...base, caption: `Where the CPU time goes, ${runtime} (not measured yet)`, empty: `No profiles yet: make data/profiles.json with ${COMMAND}.` };
  }
  const { data } = hit;
  const wanted = args.variants ? String(args.variants).split(',').map((v) => v.trim()).filter(Boolean)
    : data.pairs.filter((p) => matches(p, runtime)).map((p) => p.variant);
  const rows = wanted.map((variant) => {
    const left = data.notProfiled.find((p) => p.variant === variant && matches(p, runtime));
    return left ? { variant, left } : { variant, pair: findPair(data, variant, runtime) };
  });
  const profiled = rows.filter((r) => r.pair);
  if (!profiled.length) {
    return { ...base, caption: `Where the CPU time goes, ${runtime}`, empty: `No profiled pair on ${runtime} among ${listText(wanted)}: ${remedy(wanted[0] || 'VARIANT', runtime)}.` };
  }
  const parts = shownParts(profiled, args);
  columns.push(...parts.map((p) => ({ key: `part:${p.name}`, title: title(p), unit: '%', num: true })),
    { key: 'rest', title: 'The rest', unit: '%', num: true },
    { key: 'alloc', title: 'Allocated per call', num: true },
    { key: 'promises', title: 'Native promises per call', num: true });
  const m = data.method;
  const out = rows.map((r) => {
    const row = { variant: r.variant };
    if (!r.pair) {
      for (const c of columns.slice(1)) row[c.key] = { text: '–', title: `${r.left.status}: ${r.left.reason}` };
      return row;
    }
    const shares = new Map(r.pair.cpu.categories.map((c) => [c.name, c.share]));
    let shown = 0;
    for (const p of parts) {
      const s = shares.get(p.name) || 0;
      shown += s;
      row[`part:${p.name}`] = shares.has(p.name) ? shareText(s).replace(/ %$/, '') : '0';
    }
    row.rest = shareText(Math.max(0, 1 - shown)).replace(/ %$/, '');
    const counted = r.pair.allocation && r.pair.allocation.counted === 'allocated';
    row.alloc = counted ? bytesText(r.pair.allocation.bytesPerCall) : { text: '–', title: noAllocation(r.pair) };
    row.promises = r.pair.async ? countText(r.pair.async.perCall.PROMISE || 0) : { text: '–', title: 'async resources are counted in the Node processes only' };
    return row;
  });
  const first = profiled[0].pair;
  const place = first.where === 'worker' ? `Chromium ${first.version}, in a dedicated worker` : `Node ${first.version}`;
  return {
    ...base,
    caption: `Where the CPU time of the upload scenario goes, ${place}: each part’s share of the busy time (the waits for the fake I/O left out), ` +
      `over ${m.cpuBatches} warm batches of n = ${m.n} calls sampled every ${m.cpuIntervalUs} µs; the bytes allocated and the promises made per call. ` +
      `Parts: a library by its package, “${PART_TITLES.variant}” the style’s own code, “${PART_TITLES.harness}” the benchmark’s batch and fake storage.`,
    rows: out,
    ...provenanceOf(data, profiled),
  };
}

module.exports = {
  tables: { profile: profileTable },
  prose: { profile: profileProse },
  profileView, profileProse, shareText, bytesText, SCHEDULERS,
};
