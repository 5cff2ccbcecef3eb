// The named runtime profiles (scripts/lib/runtime-id.js reads profiles.json)
// and where each one's files live, so the installer, the probe, the library
// and fibers trees, the tests and the harness agree on one layout:
//   .cache/runtimes/<profile>/package/<binary>     the unpacked npm package
//   .cache/runtimes/<profile>/install.json         what was installed, when, how big
//   .cache/runtimes/<profile>/probe.json           cached capability probe
//   .cache/libs/<set>/node_modules                 a library set
//   .cache/fibers/<profile>/node_modules           fibers, fibrous, streamline
// ASYNCBENCH_CACHE moves the whole .cache (the tests use a temp folder).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const { ROOT } = require('../lib/paths');
const { loadProfiles, profileNames, browserNames } = require('../lib/runtime-id');

// A request that can never succeed as written: the CLI exits 2.
const { UsageError } = require('../lib/args');

function cacheRoot() {
  return path.resolve(process.env.ASYNCBENCH_CACHE || path.join(ROOT, '.cache'));
}

// name → the profile, with its name; an unknown name is a UsageError that lists the known ones.
function getProfile(name) {
  const data = loadProfiles();
  const p = Object.prototype.hasOwnProperty.call(data.profiles, name) ? data.profiles[name] : null;
  if (!p) {
    const known = profileNames().concat(browserNames());
    throw new UsageError(`unknown runtime profile "${name}"; known: ${known.join(', ')} (scripts/lib/profiles.json)`);
  }
  return Object.assign({ name, command: [] }, p, { librarySet: Object.assign({ name: p.libraries }, data.librarySets[p.libraries]) });
}

// A browser profile ("browsers" in profiles.json: a runtime that is a
// browser, which bench drives with playwright-core) with its name, or null.
function browserProfile(name) {
  const browsers = loadProfiles().browsers || {};
  if (name.startsWith('$') || !Object.prototype.hasOwnProperty.call(browsers, name)) return null;
  return Object.assign({ name }, browsers[name]);
}

// A profile object as it is, or the profile of a name: a walk through one
// profile (install, probe, libraries) reads profiles.json once and passes
// the object along.
function profileOf(nameOrProfile) {
  return typeof nameOrProfile === 'string' ? getProfile(nameOrProfile) : nameOrProfile;
}

const runtimesDir = () => path.join(cacheRoot(), 'runtimes');
const profileDir = (name) => path.join(runtimesDir(), name);
const packageDir = (name) => path.join(profileDir(name), 'package');
const binaryPath = (profile) => path.join(packageDir(profile.name), profile.binary);
const headersDir = (profile) => path.join(packageDir(profile.name), profile.headers || '.');
const installRecordFile = (name) => path.join(profileDir(name), 'install.json');
const probeFile = (name) => path.join(profileDir(name), 'probe.json');
const librariesDir = (set) => path.join(cacheRoot(), 'libs', set);
const fibersDir = (name) => path.join(cacheRoot(), 'fibers', name);

// Installed means the install finished: install.json is written into the
// staging folder last, and the folder is renamed into place after it.
function isInstalled(name) {
  return fs.existsSync(installRecordFile(name));
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return null;
  }
}

module.exports = {
  ROOT, UsageError, cacheRoot, getProfile, browserProfile, profileOf,
  runtimesDir, profileDir, packageDir, binaryPath, headersDir, installRecordFile, probeFile,
  librariesDir, fibersDir, isInstalled, readJson
};
