'use strict';
// The article's variant paragraphs (posts/analysis/variants-prose.json) must
// match the manifest both ways, or the build fails: no paragraph about a
// variant that is gone, no variant or family left without one.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { proseProblems, loadProse } = require('../../site/variant-prose');
const dataPlugin = require('../../_config/data');
const { loadManifest } = require('../../scripts/lib/manifest');

const manifest = {
  variants: [
    { id: 'original', family: 'callbacks' },
    { id: 'async-await', family: 'async-functions' },
  ],
};
const family = (title) => ({ title, text: `About ${title}.` });
const good = () => ({
  families: { callbacks: family('Callbacks'), 'async-functions': family('Async functions') },
  variants: { original: 'Nested.', 'async-await': 'Awaited.' },
});

test('prose that matches the manifest has no problems', () => {
  assert.deepEqual(proseProblems(good(), manifest), []);
});

test('a paragraph for a variant the manifest does not have is a problem', () => {
  const prose = good();
  prose.variants.fibrous = 'Fibers.';
  assert.deepEqual(proseProblems(prose, manifest), [
    'variants: "fibrous" is not a variant in examples/manifest.json (renamed or removed?); delete or rename its paragraph',
  ]);
});

test('a manifest variant without a paragraph is a problem', () => {
  const prose = good();
  delete prose.variants['async-await'];
  assert.deepEqual(proseProblems(prose, manifest), ['variants: "async-await" is in examples/manifest.json but has no paragraph; add one']);
});

test('an empty paragraph, a missing family and an unknown family are problems', () => {
  const prose = good();
  prose.variants.original = '  ';
  delete prose.families.callbacks;
  prose.families.fibers = family('Fibers');
  const found = proseProblems(prose, manifest);
  assert.equal(found.length, 3, found.join('\n'));
  assert.match(found.join('\n'), /"original" must be a non-empty paragraph/);
  assert.match(found.join('\n'), /no variant in examples\/manifest\.json has the family "fibers"/);
  assert.match(found.join('\n'), /"callbacks" is used in examples\/manifest\.json but has no title and text/);
});

test('the committed paragraphs match the committed manifest', () => {
  assert.doesNotThrow(() => loadProse(loadManifest()));
});

test('the build data fails on a mismatch, naming the file and every problem', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-prose-'));
  try {
    const file = path.join(dir, 'variants-prose.json');
    const prose = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'posts', 'analysis', 'variants-prose.json'), 'utf8'));
    const [first] = loadManifest().variants;
    delete prose.variants[first.id];
    prose.variants['no-such-variant'] = 'Gone.';
    fs.writeFileSync(file, JSON.stringify(prose));

    // The plugin as .eleventy.js registers it, pointed at the broken file.
    const globals = {};
    dataPlugin({ on() {}, addDataExtension() {}, addGlobalData: (name, fn) => { globals[name] = fn; } }, { proseFile: file });
    assert.throws(() => globals.variantProse(), (err) => {
      assert.match(err.message, /variants-prose\.json does not match examples\/manifest\.json/);
      assert.match(err.message, new RegExp(`"${first.id}" is in examples/manifest\\.json but has no paragraph`));
      assert.match(err.message, /"no-such-variant" is not a variant/);
      return true;
    });
    assert.equal(globals.manifest().variants.length, loadManifest().variants.length, 'the manifest is read from examples/manifest.json');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
