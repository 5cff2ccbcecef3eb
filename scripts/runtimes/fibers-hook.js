// Lets the running process load fibers and fibrous from the fibers tree of its
// own runtime (.cache/fibers/<profile>/node_modules, built by fibers.js), found
// from profiles.json by runtime name and exact version, so the child runner and
// the tests need no hand-set path. When there is no loadable tree, `reason`
// says why in the words of profiles.json ("fibers does not load on Node 16+:
// ...") or names the command that builds it. ES5: it runs in the child on
// Node 0.11 as well as on Bun and Deno.
'use strict';
var fs = require('fs');
var path = require('path');
var useLibraries = require('./library-hook');

var ROOT = path.join(__dirname, '..', '..');
// Only these come from the tree; its streamline 0.6.0 stays unused.
var PACKAGES = ['fibers', 'fibrous'];

function runningRuntime() {
  /* global Bun, Deno */
  if (typeof Bun !== 'undefined') return { name: 'bun', version: Bun.version };
  if (typeof Deno !== 'undefined') return { name: 'deno', version: Deno.version.deno };
  return { name: 'node', version: process.versions.node };
}

// → { profile, dir (node_modules of the tree) } or { profile, reason }.
function findFibersTree(env) {
  env = env || process.env;
  var rt = runningRuntime();
  var profilesFile = env.ASYNCBENCH_RUNTIME_PROFILES || path.join(__dirname, '..', 'lib', 'profiles.json');
  var profiles;
  try {
    profiles = JSON.parse(fs.readFileSync(profilesFile, 'utf8')).profiles;
  } catch (e) {
    return { profile: null, reason: 'cannot read ' + profilesFile + ' (' + e.message + ')' };
  }
  var name = null;
  Object.keys(profiles).forEach(function (n) {
    if (!name && profiles[n].runtime === rt.name && profiles[n].version === rt.version) name = n;
  });
  if (!name) {
    return { profile: null, reason: 'fibers is only loaded from a profile\'s tree, and no profile in scripts/lib/profiles.json is ' +
      rt.name + ' ' + rt.version };
  }
  var fibers = profiles[name].fibers || {};
  if (fibers.unavailable) return { profile: name, reason: fibers.unavailable };
  var tree = path.join(path.resolve(env.ASYNCBENCH_CACHE || path.join(ROOT, '.cache')), 'fibers', name);
  if (!fs.existsSync(path.join(tree, 'install.json'))) {
    return { profile: name, reason: 'the fibers tree of ' + name + ' is not built; run `npm run runtimes -- fibers ' + name + '`' };
  }
  return { profile: name, dir: path.join(tree, 'node_modules') };
}

// Installs the require hook when a tree exists; → what findFibersTree found.
function useFibersTree(env) {
  var found = findFibersTree(env);
  if (found.dir) useLibraries(found.dir, PACKAGES);
  return found;
}

module.exports = { findFibersTree: findFibersTree, useFibersTree: useFibersTree, PACKAGES: PACKAGES };
