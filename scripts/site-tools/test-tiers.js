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

const byName = (name) => TIERS.find((t) => t.name === name);
const dirOf = (tier) => path.join(ROOT, 'test', tier.name);

module.exports = { TIERS, byName, dirOf };
