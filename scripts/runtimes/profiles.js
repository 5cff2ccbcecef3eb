// The named runtime profiles (profiles.json) and where each one's files live,
// so the installer, the probe, the library and fibers trees, the tests and the
// harness agree on one layout:
//   .cache/runtimes/<profile>/package/<binary>     the unpacked npm package
//   .cache/runtimes/<profile>/install.json         what was installed, when, how big
//   .cache/runtimes/<profile>/probe.json           cached capability probe
//   .cache/libs/<set>/node_modules                 a library set
//   .cache/fibers/<profile>/node_modules           fibers, fibrous, streamline
// ASYNCBENCH_CACHE moves the whole .cache (the tests use a temp folder);
// ASYNCBENCH_RUNTIME_PROFILES swaps profiles.json (tests of failing installs).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const { ROOT } = require('../lib/paths');
const PROFILES_FILE = path.join(__dirname, 'profiles.json');

// A request that can never succeed as written: the CLI exits 2.
const { UsageError } = require('../lib/args');

function cacheRoot() {
  return path.resolve(process.env.ASYNCBENCH_CACHE || path.join(ROOT, '.cache'));
}

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

function profileNames() {
  return Object.keys(loadProfiles().profiles);
}

// Profile names oldest release first (charts plot runtimes in release order;
// Node 24.21 came out before 22.23).
function byRelease() {
  const { profiles } = loadProfiles();
  return Object.keys(profiles).sort((a, b) => profiles[a].released.localeCompare(profiles[b].released) || a.localeCompare(b));
}

// name → the profile, with its name; an unknown name is a UsageError that lists the known ones.
function getProfile(name) {
  const data = loadProfiles();
  const p = Object.prototype.hasOwnProperty.call(data.profiles, name) ? data.profiles[name] : null;
  if (!p) {
    const known = Object.keys(data.profiles).concat(Object.keys(data.browsers || {}).filter((b) => !b.startsWith('$')));
    throw new UsageError(`unknown runtime profile "${name}"; known: ${known.join(', ')} (scripts/runtimes/profiles.json)`);
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
  ROOT, UsageError, cacheRoot, loadProfiles, profileNames, byRelease, getProfile, browserProfile, profileOf,
  runtimesDir, profileDir, packageDir, binaryPath, headersDir, installRecordFile, probeFile,
  librariesDir, fibersDir, isInstalled, readJson
};
