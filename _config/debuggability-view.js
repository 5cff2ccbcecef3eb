'use strict';
// One runtime's results out of data/debuggability.json, whichever way the
// file is keyed: @1 files hold one runtime's variants at the top, @2 files a
// runtimes[] list with each runtime's environment beside its results. A page
// that names no runtime gets "now" (the current LTS, runtime-match.js), as
// the charts do; a file with one runtime needs no name.
const { runtimeMatches, NOW_RUNTIME } = require('./runtime-match');

class DebuggabilityViewError extends Error {}

const matches = (r, name) => r.profile === name || runtimeMatches(r.id, name);

// → { id, variants, skipped, env } where env is the host's environment with
// this runtime's name and version (what a table's "measured on" line shows).
function debuggabilityView(data, name) {
  if (!Array.isArray(data.runtimes)) {
    // @1: the one runtime that ran the script; a page naming another must not get it.
    const [only] = debuggabilityRuntimes(data);
    if (name && !runtimeMatches(only.id, name)) throw new DebuggabilityViewError(`debuggability.json has no runtime "${name}" (it has: ${only.id}); run npm run debuggability -- --runtimes ${name}`);
    return { id: only.id, variants: data.variants, skipped: data.skipped || [], env: data.env || {}, runtime: only };
  }
  const ids = data.runtimes.map((r) => r.id).join(', ');
  let r;
  if (name) {
    r = data.runtimes.find((x) => matches(x, name));
    if (!r) throw new DebuggabilityViewError(`debuggability.json has no runtime "${name}" (it has: ${ids}); run npm run debuggability -- --runtimes ${name}`);
  } else {
    r = data.runtimes.find((x) => matches(x, NOW_RUNTIME)) || (data.runtimes.length === 1 ? data.runtimes[0] : null);
    if (!r) throw new DebuggabilityViewError(`debuggability.json holds several runtimes but not ${NOW_RUNTIME} (it has: ${ids}); name one with runtime=`);
  }
  const env = { ...(data.env || {}), runtime: r.runtime, runtimeVersion: r.version };
  return { id: r.id, variants: r.variants, skipped: r.skipped || [], env, runtime: r };
}

// Every runtime the file holds, in its order (one for an @1 file).
function debuggabilityRuntimes(data) {
  if (Array.isArray(data.runtimes)) return data.runtimes;
  const env = data.env || {};
  return [{ id: `${env.runtime || 'node'}-${String(env.runtimeVersion || env.version || '').replace(/^v/, '')}`, runtime: env.runtime || 'node',
    version: String(env.runtimeVersion || env.version || '').replace(/^v/, ''), flags: [], variants: data.variants, skipped: data.skipped || [] }];
}

module.exports = { debuggabilityView, debuggabilityRuntimes, DebuggabilityViewError };
