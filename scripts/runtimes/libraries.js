// A profile's library set (profiles.json "librarySets") installed with the
// system npm into .cache/libs/<set>/node_modules, once per set. The harness
// makes variants load from there with library-hook.js (NODE_PATH alone cannot:
// the repository's own node_modules is found first).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { profileOf, librariesDir, readJson } = require('./profiles');
const { loadProfiles } = require('../lib/runtime-id');
const { buildAtomically, diskUsage, run } = require('./staging');

class LibrariesError extends Error {
  constructor(message) {
    super(message);
    this.name = 'LibrariesError';
  }
}

const recordFile = (set) => path.join(librariesDir(set), 'install.json');
const specs = (packages) => Object.keys(packages).sort().map((p) => `${p}@${packages[p]}`);

// The set of a profile, with where it lives and whether that tree is current.
function librarySetOf(nameOrProfile) {
  const { librarySet } = profileOf(nameOrProfile);
  const dir = librariesDir(librarySet.name);
  const rec = readJson(recordFile(librarySet.name));
  return {
    set: librarySet.name,
    packages: librarySet.packages,
    unavailable: librarySet.unavailable,
    dir,
    nodeModules: path.join(dir, 'node_modules'),
    installed: Boolean(rec && JSON.stringify(rec.packages) === JSON.stringify(specs(librarySet.packages)))
  };
}

// Installs the set named `set` unless the tree already holds exactly its versions.
function installLibrarySet(set, { log = () => {} } = {}) {
  const s = loadProfiles().librarySets[set];
  if (!s) throw new LibrariesError(`unknown library set "${set}"; known: ${Object.keys(loadProfiles().librarySets).join(', ')}`);
  const dir = librariesDir(set);
  const wanted = specs(s.packages);
  const holdsWanted = (folder) => {
    const rec = readJson(path.join(folder, 'install.json'));
    return Boolean(rec && JSON.stringify(rec.packages) === JSON.stringify(wanted));
  };
  if (holdsWanted(dir)) return Object.assign({ set, dir, fresh: false }, readJson(recordFile(set)));
  log(`library set ${set}: npm install ${wanted.join(' ')}...`);
  const started = Date.now();
  const record = buildAtomically(dir, (stage) => {
    try {
      run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', stage].concat(wanted), { cwd: stage });
    } catch (err) {
      throw new LibrariesError(`library set ${set}: npm install failed (${err.reason}); check the network and the versions in ` +
        `scripts/lib/profiles.json, then rerun \`npm run runtimes -- libs ${set}\``);
    }
    const r = { set, packages: wanted, installedAt: new Date().toISOString(),
      seconds: Math.round((Date.now() - started) / 100) / 10, bytes: diskUsage(stage) };
    fs.writeFileSync(path.join(stage, 'install.json'), JSON.stringify(r, null, 2) + '\n');
    return r;
  }, holdsWanted);
  return Object.assign({ set, dir, fresh: true }, record);
}

function installLibraries(nameOrProfile, opts) {
  return installLibrarySet(profileOf(nameOrProfile).librarySet.name, opts);
}

module.exports = { librarySetOf, installLibrarySet, installLibraries, LibrariesError, HOOK: path.join(__dirname, 'library-hook.js') };
