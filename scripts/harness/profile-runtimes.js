// --runtimes: runtime profiles (scripts/lib/profiles.json) → the runtime
// records the plan and the child spawner take. Each profile is installed on
// demand, probed (scripts/runtimes/probe.js, cached), given its library set,
// and checked by starting the child runner under it (runtime-record.js). The
// profile object is read once and passed along. A profile that cannot be
// installed or cannot run the child runner costs one line and is left out:
// the rest of the matrix goes on. A browser profile (chromium) is made by
// browser/chromium-runtime.js instead: same record, no child runner.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const runtimes = require('../runtimes');
const { byRelease } = require('../lib/runtime-id');
const { UsageError } = require('../lib/args');
const { ROOT } = require('../lib/paths');
const { profileRuntime } = require('./runtime-record');
const { browserRuntime } = require('./browser/chromium-runtime');

// "all" or a list of names → profile names in release order of the request;
// an unknown name is a UsageError listing the known ones (exit 2). A browser
// profile (chromium) is taken only where asked for (bench: { browsers: true })
// and never by "all": it runs no child runner (debuggability needs one).
function profileNamesFor(requested, { browsers = false } = {}) {
  // "all,chromium": every runtime profile, then the browser named beside it.
  if (requested.includes('all')) return byRelease().concat(browsers ? requested.filter((n) => runtimes.browserProfile(n)) : []);
  for (const name of requested) {
    if (browsers && runtimes.browserProfile(name)) continue;
    runtimes.getProfile(name); // throws for an unknown name
  }
  return requested;
}

// The library set "current" is the repository's own dependencies, which
// npm ci already installed: its children need no hook. Any other set gets
// its own tree, loaded first through library-hook.js.
function sameAsRepository(packages) {
  const deps = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies || {};
  const a = Object.keys(packages).sort();
  return a.length === Object.keys(deps).length && a.every((p) => deps[p] === packages[p]);
}

function installedVersions(nodeModules, packages) {
  const out = {};
  for (const name of Object.keys(packages).sort()) {
    try {
      out[name] = JSON.parse(fs.readFileSync(path.join(nodeModules, name, 'package.json'), 'utf8')).version;
    } catch (err) {
      out[name] = null;
    }
  }
  return out;
}

// One profile → a runtime record, or throws an Error whose message is the
// one line to print (it names the profile and what to do).
async function resolveOne(name, log) {
  const browser = runtimes.browserProfile(name);
  if (browser) return browserRuntime(name, browser);
  let rt;
  try {
    rt = runtimes.resolveProfile(name, { log });
  } catch (err) {
    const text = String(err.message).split('\n')[0];
    throw new Error(text.startsWith(name) ? text : `${name}: ${text}`);
  }
  const set = rt.libraries;
  let env;
  const librarySet = { set: set.set, unavailable: set.unavailable || {} };
  if (!sameAsRepository(set.packages)) {
    try {
      runtimes.installLibraries(rt.profile, { log });
    } catch (err) {
      throw new Error(`${name}: ${err.message}`);
    }
    env = { ASYNCBENCH_LIBS: set.nodeModules };
    librarySet.versions = installedVersions(set.nodeModules, set.packages);
  }
  let probed;
  try {
    probed = await profileRuntime(rt, env);
  } catch (err) {
    throw new Error(`${name}: the child runner does not start under ${rt.runtime} ${rt.version} ` +
      `(${err.message.split('\n')[0].slice(0, 300)}); run \`npm run runtimes -- probe ${name} --refresh\` to see why`);
  }
  const caps = rt.capabilities;
  const record = Object.assign(probed, {
    profile: name,
    engine: rt.engine,
    released: rt.released,
    capabilities: caps,
    librarySet,
    unavailable: librarySet.unavailable
  });
  if (caps.fibers && caps.fibers.loadable !== true && caps.fibers.reason) record.fibersUnavailable = caps.fibers.reason;
  // Variants found not to run here for a reason of the runtime's own
  // (profiles.json variantsUnavailable): skipped with that reason.
  const { variantsUnavailable } = rt.profile;
  if (variantsUnavailable) record.variantsUnavailable = variantsUnavailable;
  return record;
}

// → { runtimes: [records], failed: [{ profile, message }] }.
async function resolveProfiles(names, { log = () => {}, browsers = false } = {}) {
  const out = { runtimes: [], failed: [] };
  for (const name of profileNamesFor(names, { browsers })) {
    try {
      out.runtimes.push(await resolveOne(name, log));
    } catch (err) {
      if (err instanceof UsageError) throw err;
      out.failed.push({ profile: name, message: err.message });
      log(`${err.message.replace(/\.$/, '')}. Skipping ${name}; the rest of the matrix goes on.`);
    }
  }
  return out;
}

module.exports = { resolveProfiles, profileNamesFor };
