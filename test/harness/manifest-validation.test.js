'use strict';
// A manifest is checked once, as it is loaded (scripts/lib/manifest.js: its
// JSON Schema through ajv, then what a schema cannot say): an entry whose
// file leaves examples/, a folder named as a file, a null entry and an empty
// list are refused by every tool that reads it, exit 2, naming the manifest,
// the entry's index and id, with no stack trace (issue 25, item 4). Before,
// complexity counted /etc/hostname, debuggability ran it, the bench planned
// it; a folder or a null entry gave an EISDIR or TypeError trace.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { loadManifest, ManifestError, EXAMPLES } = require('../../scripts/lib/manifest');

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'manifest');

// Each tool, pointed at a manifest, writing (if it ever got that far) into `out`.
const TOOLS = {
  'bench --dry-run': (manifest, out) => ['scripts/bench.js', '--dry-run', '--manifest', manifest, '--out', out],
  complexity: (manifest, out) => ['scripts/complexity.js', '--manifest', manifest, '--out', out],
  debuggability: (manifest, out) => ['scripts/debuggability.js', '--manifest', manifest, '--no-cost', '--out', out],
};

function run(t, args) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-manifest-out-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'out.json');
  const r = spawnSync(process.execPath, args(out), { cwd: ROOT, encoding: 'utf8', timeout: 60000 });
  return { ...r, wrote: fs.existsSync(out) };
}

const CASES = [
  ['escape.json', 'a file outside examples/', /escape\.json: variant #1 \(escapes\): "file" "\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/hostname" resolves to \/etc\/hostname, outside examples\//],
  ['folder.json', 'a folder as file', /folder\.json: variant #1 \(a-folder\): "file": examples\/lib is a folder; name the variant's \.js file/],
  ['null-entry.json', 'a null entry', /null-entry\.json: variant #1 \(no id\): must be an object: one variant entry, got null/],
  ['no-variants.json', 'an empty variants list', /no-variants\.json: "variants" must be a list of at least one variant entry/],
];

for (const [fixture, what, expected] of CASES) {
  for (const [tool, args] of Object.entries(TOOLS)) {
    test(`${tool} refuses a manifest with ${what}: exit 2, naming manifest and entry, no stack trace`, (t) => {
      const r = run(t, (out) => args(path.join(FIXTURES, fixture), out));
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, expected);
      assert.doesNotMatch(r.stderr, /\n\s+at |TypeError|EISDIR|--variants null/);
      assert.equal(r.wrote, false, 'nothing may be written');
    });
  }
}

test('a link inside the manifest\'s folder that points outside it is refused', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-manifest-link-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const entry = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'escape.json'), 'utf8')).variants[0];
  fs.symlinkSync('/etc/hostname', path.join(dir, 'variant.js'));
  const file = path.join(dir, 'manifest.json');
  fs.writeFileSync(file, JSON.stringify({ schema: 1, variants: [{ ...entry, file: path.relative(EXAMPLES, path.join(dir, 'variant.js')) }] }));
  assert.throws(() => loadManifest(file), (err) => err instanceof ManifestError && /variant #0 \(original\): "file": .*variant\.js is a link to \/etc\/hostname, outside examples\//.test(err.message));
});

test('every problem of a manifest is named at once, one line each', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-manifest-many-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const [orig] = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'escape.json'), 'utf8')).variants;
  const file = path.join(dir, 'manifest.json');
  fs.writeFileSync(file, JSON.stringify({ schema: 1, variants: [
    { ...orig, file: 7 }, { ...orig, id: 'b', title: undefined }, { ...orig, id: 'c', catchThrows: true }, { ...orig, id: 'd', scenarios: ['Upload!'] },
  ] }));
  assert.throws(() => loadManifest(file), (err) => {
    assert.deepEqual(err.problems, [
      'variant #0 (original): "file" must be a file path relative to examples/',
      'variant #1 (b): "title" is missing',
      'variant #2 (c): has an unknown field "catchThrows" (the fields: examples/README.md, "The manifest")',
      'variant #3 (d): "scenarios" must be a non-empty list of scenario names (a-z, 0-9 and -), each one of scripts/harness/scenarios/ (the harness checks them against its registry) (scenarios.0: must match pattern "^[a-z0-9-]+$")',
    ]);
    assert.equal(err.message.split('\n').length, 4);
    return true;
  });
});

test('the real manifests, and the fixture manifests whose variants lie beside them, load', () => {
  for (const file of ['examples/manifest.json', 'examples/chains/manifest.json', 'examples/delegation/manifest.json', 'examples/streamline-modes/manifest.json',
    'test/fixtures/bench/manifest.json', 'test/fixtures/chains/manifest.json', 'test/fixtures/delegation/manifest.json', 'test/fixtures/streamline-modes/manifest.json']) {
    assert.doesNotThrow(() => loadManifest(path.join(ROOT, file)), file);
  }
});
