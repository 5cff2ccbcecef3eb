'use strict';
// Builds a fixture site, or the real site with another environment, with the
// project's own .eleventy.js, so tests see exactly what an author would see
// from `npm run build`. Each configuration is built once per test run
// (helpers/site-builds.js): the output is shared, read it and leave it.
const path = require('node:path');
const { siteBuild } = require('./site-builds');

// → { ok, output, log }, log being stdout+stderr of the build.
function buildFixture(name) {
  return siteBuild({ args: [`--input=${path.join('test', 'fixtures', name)}`] });
}

// The real site built with the given environment (e.g. CHARTS_DATA_DIR naming
// a data folder); variables that change what a build accepts are unset unless
// given, so the caller's shell cannot turn a check off. → { ok, output, log }.
function buildSiteWith(env) {
  return siteBuild({ env });
}

module.exports = { buildFixture, buildSiteWith };
