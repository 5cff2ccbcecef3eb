'use strict';
// Tests (and scripts/run-tests.js) read the real build in _site/. `npm test` builds it once before any
// test file starts (scripts/run-tests.js sets ASYNCBENCH_SITE_BUILT); when a
// single file is run by hand we build only if there is no site yet.

const fs = require('node:fs');
const path = require('node:path');
const { runEleventy } = require('./eleventy-cli');

const { ROOT, SITE } = require('../lib/paths');

// From an empty _site: Eleventy never deletes pages whose source is gone, and
// the tests must see exactly what the current sources publish.
function buildSite() {
  fs.rmSync(SITE, { recursive: true, force: true });
  const r = runEleventy();
  if (r.status !== 0) {
    throw new Error(`Site build failed (exit ${r.status}):\n${r.stderr || r.stdout}`);
  }
}

function ensureSite() {
  if (!process.env.ASYNCBENCH_SITE_BUILT && !fs.existsSync(path.join(SITE, 'index.html'))) {
    buildSite();
  }
  return SITE;
}

function readSite(rel) {
  return fs.readFileSync(path.join(ensureSite(), rel), 'utf8');
}

module.exports = { ROOT, SITE, buildSite, ensureSite, readSite };
