'use strict';
// The unit tier's rules, enforced while its files run (scripts/run-tests.js
// preloads this file with --require for test/unit/): a unit test starts no
// process, builds no site, drives no browser and reads no committed data file
// or built page. What it needs comes from test/fixtures/ or is made in the
// test. Breaking a rule throws a TierError at the call that breaks it, so the
// test that does it fails, saying where the file belongs instead.
const childProcess = require('node:child_process');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const DATA = path.join(ROOT, 'data');
const SITE = path.join(ROOT, '_site');

class TierError extends Error {
  constructor(what) {
    super(`unit tier: this test ${what}. A unit test spawns no process, builds nothing and reads fixture data only: `
      + 'move the file to test/site/ (it builds or reads data/ or _site/), test/harness/ (it runs the benchmark, a runtime '
      + 'or another process) or test/browser/, or give it a fixture (test/fixtures/).');
    this.name = 'TierError';
    this.code = 'ETIER';
  }
}

const SPAWNERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'];
const READERS = ['readFileSync', 'readFile', 'createReadStream', 'openSync', 'open'];
// Packages that only a build or a browser test loads.
const HEAVY = new Map([
  ['@11ty/eleventy', 'loads Eleventy (a site build)'],
  ['playwright-core', 'loads playwright-core (a browser)'],
]);

// A committed data file (data/*.json; the schemas in data/schema/ are small
// and stay allowed) or anything in the built site.
function forbiddenRead(file) {
  if (typeof file !== 'string' && !(file instanceof URL)) return null;
  const abs = path.resolve(file instanceof URL ? file.pathname : file);
  if (path.dirname(abs) === DATA && abs.endsWith('.json')) return `reads the committed data file data/${path.basename(abs)}`;
  if (abs === SITE || abs.startsWith(SITE + path.sep)) return `reads the built site (${path.relative(ROOT, abs)})`;
  return null;
}

const saved = [];
function patch(target, name, make) {
  const original = target[name];
  saved.push(() => { target[name] = original; });
  target[name] = make(original);
}

let installed = false;
function install() {
  if (installed) return;
  installed = true;
  for (const name of SPAWNERS) {
    patch(childProcess, name, () => function (command) {
      throw new TierError(`starts a process (child_process.${name} ${path.basename(String(command))})`);
    });
  }
  for (const name of READERS) {
    patch(fs, name, (original) => function (file) {
      const why = forbiddenRead(file);
      if (why) throw new TierError(why);
      return original.apply(this, arguments);
    });
  }
  patch(fs.promises, 'readFile', (original) => function (file) {
    const why = forbiddenRead(file);
    if (why) return Promise.reject(new TierError(why));
    return original.apply(this, arguments);
  });
  patch(Module, '_load', (original) => function (request) {
    if (HEAVY.has(request)) throw new TierError(HEAVY.get(request));
    return original.apply(this, arguments);
  });
}

function uninstall() {
  while (saved.length) saved.pop()();
  installed = false;
}

module.exports = { install, uninstall, TierError, isInstalled: () => installed };

// Preloaded with --require by the unit tier: the rules hold for the whole file.
if (process.env.ASYNCBENCH_TEST_TIER === 'unit') install();
