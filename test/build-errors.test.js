'use strict';
// A mistake in an article must stop the build with a message that says where,
// not publish raw TeX or uncoloured code.
const test = require('node:test');
const assert = require('node:assert/strict');
const { buildFixture } = require('./helpers/eleventy');

test('a malformed formula fails the build, naming file and line', (t) => {
  const { ok, log } = buildFixture('broken-math', t);
  assert.equal(ok, false, 'build should fail');
  assert.match(log, /test\/fixtures\/broken-math\/posts\/broken\.md:7: cannot render math/);
  assert.match(log, /KaTeX parse error/);
});

test('a fence with an unknown language fails the build, naming file and line', (t) => {
  const { ok, log } = buildFixture('unknown-language', t);
  assert.equal(ok, false, 'build should fail');
  assert.match(log, /test\/fixtures\/unknown-language\/posts\/listing\.md:5: unknown code language "javscript"/);
});
