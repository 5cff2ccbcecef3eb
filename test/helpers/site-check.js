'use strict';
// The real site plus the test-only posts in test/fixtures/site-check/posts/
// (the typesetting check and a draft), built once per test run. The
// shared build in _site/ is the production one and never has them.
const fs = require('node:fs');
const path = require('node:path');
const { buildSiteWith } = require('./eleventy');

const FIXTURE_POSTS = path.join('test', 'fixtures', 'site-check', 'posts');

// Built once per test run and shared (helpers/site-builds.js): read it, never
// change it.
function buildSiteCheck() {
  const r = buildSiteWith({ ASYNCBENCH_EXTRA_POSTS: FIXTURE_POSTS });
  if (!r.ok) throw new Error(`Site build with the fixture posts failed:\n${r.log}`);
  return {
    output: r.output,
    read: (rel) => fs.readFileSync(path.join(r.output, rel), 'utf8'),
  };
}

module.exports = { buildSiteCheck, FIXTURE_POSTS };
