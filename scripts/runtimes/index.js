// What the harness calls: a profile name → everything needed to run a child
// under it. Installs the runtime on demand and probes it once (cached).
//
//   const { resolveProfile } = require('./runtimes');
//   const rt = resolveProfile('node-0.11');
//   spawn(rt.path, rt.flags.concat(rt.gcFlags, [CHILD], args))
// The profile is read once and passed along to every step.
'use strict';
const profiles = require('./profiles');
const { runtimeId } = require('../lib/runtime-id');
const { installRuntime } = require('./install');
const { probeProfile } = require('./probe');
const { librarySetOf, installLibraries, HOOK } = require('./libraries');
const { installFibers } = require('./fibers');

// → { id, name, profile, runtime, version, engine, released, path, flags, gcFlags, capabilities,
//     libraries: { set, packages, unavailable, nodeModules, installed, hook }, fibers }
// `id` is the id its cells carry (lib/runtime-id.js); `profile` the profile
// object itself. `flags` is everything that goes before the script (deno: run -A), in order.
function resolveProfile(name, { install = true, log } = {}) {
  const p = profiles.getProfile(name);
  if (install) installRuntime(p, { log });
  const capabilities = probeProfile(p);
  return {
    id: runtimeId({ profile: name, version: p.version }),
    name,
    profile: p,
    runtime: p.runtime,
    version: p.version,
    engine: p.engine,
    released: p.released,
    path: profiles.binaryPath(p),
    flags: p.command.concat(p.flags),
    gcFlags: capabilities.gc.exposed ? p.gcFlags : [],
    capabilities,
    libraries: Object.assign(librarySetOf(p), { hook: HOOK }),
    fibers: capabilities.fibers
  };
}

module.exports = {
  resolveProfile,
  getProfile: profiles.getProfile,
  browserProfile: profiles.browserProfile,
  isInstalled: profiles.isInstalled,
  binaryPath: (name) => profiles.binaryPath(profiles.getProfile(name)),
  installRuntime,
  probeProfile,
  installLibraries,
  librarySetOf,
  installFibers
};
