// A runtime's identity, in one place, for the harness, the analyzers and the
// site alike: the id it goes by in the data (made and parsed here), the
// profiles it may come from (scripts/lib/profiles.json, read only here),
// the one order runtimes are shown and run in, and the name a reader sees.
//
// The id a runtime goes by in the data (a cell's `runtime`, the keys of a
// run's `runtimes`):
//   a profile of profiles.json (--runtimes node-24)   node-24@24.21.0                      profile@version
//   a binary given by path (--runtime PATH FLAGS...)  node-20.20.2, node-0.11.14 --harmony  name-version flags
// The profile and exact version make a profile's cells readable and stable
// across machines; a binary has no profile, so its name, version and flags
// are what tell its cells apart. A page names a runtime shorter, by profile
// ("node-24") or by line ("node-20"): runtimeMatches() finds its ids.
//
// The one reader of profiles.json besides this module is
// scripts/runtimes/fibers-hook.js, which runs in the child on Node 0.11 and
// so cannot load this (ES2015+) module.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const PROFILES_FILE = path.join(__dirname, 'profiles.json');

// ---- the profiles ------------------------------------------------------------

// ASYNCBENCH_RUNTIME_PROFILES swaps profiles.json (tests of failing installs).
function profilesFile() {
  return path.resolve(process.env.ASYNCBENCH_RUNTIME_PROFILES || PROFILES_FILE);
}

function loadProfiles(file = profilesFile()) {
  let data;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: cannot read the runtime profiles (${err.message})`);
  }
  // The JSON Schema (profiles.schema.json) checks the shape in a test; these are
  // the cross-references a schema cannot express.
  for (const [name, p] of Object.entries(data.profiles || {})) {
    if (!data.librarySets || !data.librarySets[p.libraries]) {
      throw new Error(`${file}: profile ${name} names library set "${p.libraries}", which is not under "librarySets"`);
    }
  }
  for (const [set, s] of Object.entries(data.librarySets || {})) {
    for (const lib of Object.keys(s.unavailable || {})) {
      if (s.packages && s.packages[lib]) throw new Error(`${file}: library set ${set} lists ${lib} both as a package and as unavailable`);
    }
  }
  return data;
}

// Profile names as profiles.json lists them.
function profileNames() {
  return Object.keys(loadProfiles().profiles);
}

// Browser profiles ("browsers": chromium) as profiles.json lists them.
function browserNames() {
  return Object.keys(loadProfiles().browsers || {}).filter((b) => !b.startsWith('$'));
}

// The site names and orders many runtimes per page: it reads the profiles
// once per file, as it did when it required profiles.json. The harness calls
// loadProfiles(), which reads the file each time.
const read = new Map();
function profilesOnce() {
  const file = profilesFile();
  if (!read.has(file)) read.set(file, loadProfiles(file));
  return read.get(file);
}

// ---- ids ---------------------------------------------------------------------

// A profile's id carries flags only where a run measures the profile in
// more than one configuration (scripts/lib/levers.js): the lever's added
// V8 flags and, marked "+", its harness options ("node-24@24.21.0 +warm-gc").
function runtimeId({ profile, name, version, flags = [] }) {
  return [profile ? `${profile}@${version}` : `${name}-${version}`].concat(flags).join(' ');
}

// An id → { profile, name, version, flags }, runtimeId's parts:
//   'node-24@24.21.0'        → { profile: 'node-24', name: 'node', version: '24.21.0', flags: [] }
//   'node-0.11.14 --harmony' → { profile: null, name: 'node', version: '0.11.14', flags: ['--harmony'] }
//   'node-24@24.21.0 +warm-gc' → { profile: 'node-24', name: 'node', version: '24.21.0', flags: ['+warm-gc'] }
// A profile id names its runtime only through the profile, so `name` is the
// profile's first word there. A page's short name ("node-24", "bun") is no
// id: profileName() and runtimeMatches() take those.
function parseRuntimeId(id) {
  const text = String(id);
  const at = text.indexOf('@');
  if (at >= 0) {
    const profile = text.slice(0, at);
    const [version, ...flags] = text.slice(at + 1).split(' ');
    return { profile, name: profile.split('-')[0], version, flags };
  }
  const [head, ...flags] = text.split(' ');
  const m = /^(.+?)-(\d.*)$/.exec(head);
  return m ? { profile: null, name: m[1], version: m[2], flags } : { profile: null, name: head, version: null, flags };
}

// The profile a page's runtime name or a runtime id answers to: "node-24"
// and "node-24@24.21.0" both give "node-24". A binary's id has no profile and
// is given back whole, which no profile is named.
function profileName(runtime) {
  const text = String(runtime);
  return text.includes('@') ? parseRuntimeId(text).profile : text;
}

// Whether a runtime id answers to the name a page gives: the id itself, or a
// prefix of it up to a version separator, so "node-20" matches "node-20.20.2"
// (a binary's id) and "node-24" matches "node-24@24.21.0" (a profile's).
function runtimeMatches(id, name) {
  return id === name || id.startsWith(`${name}.`) || id.startsWith(`${name}-`) || id.startsWith(`${name}@`);
}

// ---- what a reader sees --------------------------------------------------------

// What the runs of a perf@1 file recorded about a runtime id (name, version,
// engine, release date), completed from its profile for runs made before the
// probe stored them, and `label`, the runtime's name for readers: its line
// ("Node 24", "Node 0.11", "Bun 1.4") or the profile's own label (a browser,
// "Chromium (V8 in a browser)").
function runtimeInfo(perf, id) {
  const { profiles: runtimes, browsers = {} } = profilesOnce();
  let rt = null;
  for (const run of Object.values(perf.runs || {})) {
    if (run.runtimes && run.runtimes[id]) rt = run.runtimes[id];
  }
  rt = rt || {};
  const parsed = parseRuntimeId(id);
  const own = rt.profile || parsed.profile;
  const profile = (own && (browsers[own] || runtimes[own])) || {};
  const name = rt.name || profile.runtime || parsed.name;
  const version = String(rt.version || profile.version || parsed.version || '').replace(/^v/, '');
  const [major, minor] = version.split('.');
  // Node names its lines by major version (0.x by minor); Bun and Deno are
  // told apart by minor releases.
  const line = major === '0' || name !== 'node' ? `${major}.${minor}` : major;
  return {
    id,
    name,
    version,
    engine: rt.engine || profile.engine || null,
    released: rt.released || profile.released || null,
    label: profile.label || `${name.charAt(0).toUpperCase()}${name.slice(1)}${version ? ` ${line}` : ''}`,
    browser: Boolean(rt.browser || (own && browsers[own])),
    v8: rt.v8 || null,
  };
}

// A runtime with its exact version and flags, as "measured on" says what ran:
// { name: 'node', version: '0.11.14', flags: ['--harmony'] } → "node 0.11.14 --harmony".
function exactName({ name, version, flags = [] }) {
  return [name, version, ...flags].filter(Boolean).join(' ');
}

// ---- the one order -------------------------------------------------------------

const versionParts = (v) => v.split('.').map((x) => Number(x) || 0);
function compareVersions(a, b) {
  const pa = versionParts(a), pb = versionParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] || 0) !== (pb[i] || 0)) return (pa[i] || 0) - (pb[i] || 0);
  return 0;
}

// Release order, of runtimes shown and of profiles run: a runtime family
// (node, deno, bun) comes in when its first release among them came out, and
// within a family the versions go up. The release dates of pinned patch
// versions alone would not do: the last patch of an older line can come out
// after a newer line's (Node 22.23 after 24.21). A browser (chromium) comes
// after every runtime whatever its date: it is the same engine in another
// host, read beside Node rather than in its history.
// infos: [{ name, version, released, browser }] (runtimeInfo's).
function orderRuntimes(infos) {
  const debut = new Map();
  for (const r of infos) {
    const d = r.released || '9999';
    if (!debut.has(r.name) || d < debut.get(r.name)) debut.set(r.name, d);
  }
  return [...infos].sort((a, b) => Number(Boolean(a.browser)) - Number(Boolean(b.browser)) ||
    debut.get(a.name).localeCompare(debut.get(b.name)) || a.name.localeCompare(b.name) || compareVersions(a.version, b.version));
}

// The runtimes the given cells come from, in release order.
function runtimesOfCells(perf, cells) {
  return orderRuntimes([...new Set(cells.map((c) => c.runtime))].map((id) => runtimeInfo(perf, id)));
}

// Profile names in release order (--runtimes all).
function byRelease() {
  const { profiles } = loadProfiles();
  const infos = Object.entries(profiles).map(([id, p]) => ({ id, name: p.runtime, version: p.version, released: p.released }));
  return orderRuntimes(infos).map((r) => r.id);
}

module.exports = {
  PROFILES_FILE, profilesFile, loadProfiles, profileNames, browserNames,
  runtimeId, parseRuntimeId, profileName, runtimeMatches,
  runtimeInfo, exactName,
  compareVersions, orderRuntimes, runtimesOfCells, byRelease,
};
