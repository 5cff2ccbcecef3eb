'use strict';
// The runtimes of the perf files as the runtime matrix shows them: what the
// runs recorded about each runtime id (completed from its profile in
// scripts/runtimes/profiles.json), a short label, and release order.
const { profiles: runtimes, browsers = {} } = require('../../scripts/runtimes/profiles.json');

// A browser profile (chromium) is looked up like a runtime's; its label
// names what it is rather than a version line.
const profiles = Object.assign({}, runtimes, browsers);

// What the runs recorded about a runtime id (name, version, engine, release
// date), completed from its profile in scripts/runtimes/profiles.json for
// runs made before the probe stored them.
function runtimeInfo(perf, id) {
  let rt = null;
  for (const run of Object.values(perf.runs || {})) {
    if (run.runtimes && run.runtimes[id]) rt = run.runtimes[id];
  }
  rt = rt || {};
  const profileName = rt.profile || (id.includes('@') ? id.split('@')[0] : null);
  const profile = (profileName && profiles[profileName]) || {};
  const name = rt.name || profile.runtime || id.split(/[-@]/)[0];
  const version = String(rt.version || profile.version || (id.split('@')[1] || '')).replace(/^v/, '');
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
    browser: Boolean(rt.browser || (profileName && browsers[profileName])),
    v8: rt.v8 || null,
  };
}

const versionParts = (v) => v.split('.').map((x) => Number(x) || 0);
function compareVersions(a, b) {
  const pa = versionParts(a), pb = versionParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] || 0) !== (pb[i] || 0)) return (pa[i] || 0) - (pb[i] || 0);
  return 0;
}

// Release order: a runtime family (node, deno, bun) comes in when its first
// shown release came out, and within a family the versions go up. The
// release dates of pinned patch versions alone would not do: the last patch
// of an older line can come out after a newer line's. A browser (chromium)
// comes after every runtime whatever its date: it is the same engine in
// another host, read beside Node rather than in its history.
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
function matrixRuntimes(perf, cells) {
  return orderRuntimes([...new Set(cells.map((c) => c.runtime))].map((id) => runtimeInfo(perf, id)));
}

module.exports = { runtimeInfo, compareVersions, orderRuntimes, matrixRuntimes };
