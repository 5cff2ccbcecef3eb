'use strict';
// data/ is shared with the benchmark scripts: whatever JSON they write must
// load as global data, and their docs (SCHEMA.md) and raw logs must never
// turn into pages.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { buildFixture } = require('../helpers/eleventy');

test("arbitrary JSON in data/ loads; docs and raw logs there are not rendered", (t) => {
  const { ok, output: out, log } = buildFixture("data-dir");
  assert.ok(ok, log);
  const files = fs.readdirSync(out, { recursive: true }).map(String);
  assert.equal(fs.readFileSync(path.join(out, 'page', 'index.html'), 'utf8').trim(), 'bench/1 runs');
  assert.ok(!files.some((f) => /schema/i.test(f)), `unexpected output: ${files.join(', ')}`);
  assert.ok(!files.some((f) => f.startsWith('data')), `unexpected output: ${files.join(', ')}`);
});
