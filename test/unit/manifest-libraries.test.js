'use strict';
// The manifest's "libraries" are what the variants really load, at the
// versions package.json installs: a library listed but not installed (or at
// another version) would be measured at a version nobody wrote down, and a
// package required but not listed would be missing from the variant's page,
// from the runtimes' library sets and from the article.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { loadManifest, EXAMPLES } = require('../../scripts/lib/manifest');

const real = loadManifest().variants;
const byId = (id) => real.find((v) => v.id === id);

// `variant.file` may name a file of test/fixtures/manifest/: it is copied
// beside the temporary manifest, where a fixture manifest's files may lie.
function loadWith(t, variant, pkg) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-manifest-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const fixture = /^fixture:(.*)$/.exec(variant.file);
  if (fixture) {
    fs.copyFileSync(path.join(__dirname, '..', 'fixtures', 'manifest', fixture[1]), path.join(dir, fixture[1]));
    variant = { ...variant, file: path.relative(EXAMPLES, path.join(dir, fixture[1])) };
  }
  const file = path.join(dir, 'manifest.json');
  fs.writeFileSync(file, JSON.stringify({ schema: 1, variants: [variant] }));
  return () => loadManifest(file, pkg && { packageJson: pkg });
}

test('every real variant lists the libraries it requires, at package.json\'s versions', () => {
  assert.ok(real.some((v) => Object.keys(v.libraries).length > 0));
});

test('a library missing from package.json dependencies is refused, naming it', (t) => {
  const v = { ...byId('promises-bluebird'), libraries: { ...byId('promises-bluebird').libraries, 'left-pad': '1.3.0' } };
  assert.throws(loadWith(t, v), /promises-bluebird\): library left-pad@1\.3\.0 is not in package\.json "dependencies"/);
});

test('a library at another version than package.json\'s is refused', (t) => {
  const v = { ...byId('promises-bluebird'), libraries: { bluebird: '3.7.1' } };
  assert.throws(loadWith(t, v), /library bluebird is 3\.7\.1 here but package\.json "dependencies" has "3\.7\.2"/);
});

test('an npm alias in package.json counts at the version it installs', (t) => {
  const v = byId('promises-bluebird');
  const pkg = { dependencies: { bluebird: 'npm:bluebird@3.7.2' } };
  assert.doesNotThrow(loadWith(t, v, pkg));
  assert.throws(loadWith(t, v, { dependencies: { bluebird: 'npm:bluebird@3.5.0' } }), /has "npm:bluebird@3\.5\.0"/);
});

test('a variant requiring a package its entry does not list is refused', (t) => {
  const v = { ...byId('original'), id: 'requires-bluebird', file: 'fixture:requires-bluebird.js' };
  assert.throws(loadWith(t, v), /requires-bluebird\): .*requires-bluebird\.js requires "bluebird", which "libraries" does not list/);
  assert.doesNotThrow(loadWith(t, { ...v, libraries: { bluebird: '3.7.2' } }));
});
