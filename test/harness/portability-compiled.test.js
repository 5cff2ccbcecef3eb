'use strict';
// The 2013-era variants in the form that runs on Node 0.11: a compiled
// variant is checked as its build output, so the compilers run first (they
// write examples/build/, which is why this is not a unit test). The sources,
// the wrappers and the checker itself: test/unit/portability.test.js.
const test = require('node:test');
const assert = require('node:assert');
const { loadManifest } = require('../../scripts/lib/manifest');
const { ensureCompiled } = require('../../scripts/compile/index');
const { exampleFile } = require('../../scripts/lib/paths');
const { checkFile } = require('../helpers/es5-syntax');

test('every 2013-era variant uses ES5 syntax only (plus generators)', () => {
  const variants = loadManifest().variants.filter((v) => v.era === '2013');
  assert.ok(variants.length > 0, 'the manifest lists no 2013-era variant');
  // A compiled variant is checked in the form that runs: its build output.
  variants.forEach((v) => ensureCompiled(v));
  const found = variants.flatMap((v) => checkFile(exampleFile(v.file)));
  assert.deepStrictEqual(found, [], 'ES2015+ syntax in a 2013-era variant; rewrite it in ES5 or mark it "modern":\n' +
    found.join('\n'));
});
