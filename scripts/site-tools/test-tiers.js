'use strict';
// The test suite's tiers, in the order `npm test` runs them. A test file's
// tier is the folder it lives in (test/<tier>/); scripts/run-tests.js runs a
// tier's files with these settings and test/unit/tier-layout.test.js holds
// every file to its folder's rules.
//
// concurrency: how many test files node --test runs at once. The unit and
// site tiers are CPU work, so one file per core; the harness and browser
// tiers mostly wait on child processes and a browser, so they overlap more.
// needs: what the runner prepares before the tier starts: `compiled`, the
// compiled variants in examples/build/ (npm run compile); `site`, the
// production build in _site/, made once and read by every file.
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const { ROOT } = require('../lib/paths');

const cores = Math.max(1, os.availableParallelism ? os.availableParallelism() : os.cpus().length);

const TIERS = [
  {
    name: 'unit',
    what: 'modules on fixture data: no process, build, browser or committed data file',
    concurrency: cores,
    needs: [],
    // Enforces the rules above while the tier's files run.
    preload: path.join(ROOT, 'test', 'helpers', 'unit-tier.js'),
  },
  {
    name: 'site',
    what: 'the built site and the committed data: builds (each configuration once per run) and the data check',
    concurrency: cores,
    needs: ['site'],
  },
  {
    name: 'harness',
    what: 'the benchmark, the analyzers, the compilers and the runtimes, end to end in child processes',
    concurrency: cores + 1,
    needs: ['compiled'],
  },
  {
    name: 'browser',
    what: 'pages and the in-browser runner in headless Chromium',
    concurrency: cores,
    needs: ['compiled', 'site'],
  },
];

// Where the tier folders are: test/, or a fixture suite's folder (the runner's
// own tests point ASYNCBENCH_TEST_ROOT elsewhere).
const testRoot = (env = process.env) => (env.ASYNCBENCH_TEST_ROOT ? path.resolve(env.ASYNCBENCH_TEST_ROOT) : path.join(ROOT, 'test'));

const byName = (name) => TIERS.find((t) => t.name === name);
const dirOf = (tier, root = testRoot()) => path.join(root, tier.name);

// Not test files, wherever they sit: helpers, fixtures (whose own *.test.js
// are run by tests, not by the runner) and the browser tests' screenshots.
const NOT_TESTS = new Set(['node_modules', 'helpers', 'fixtures', 'artifacts']);

// Every *.test.js under `dir`, sorted. Collected here because Node 20's
// `node --test test/` treats *every* .js file under a test/ directory as a
// test file, which would execute helpers and fixtures too.
function testFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (NOT_TESTS.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(full));
    else if (/\.test\.[cm]?js$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

module.exports = { TIERS, byName, dirOf, testRoot, testFiles, NOT_TESTS };
