'use strict';
// Token counter and complexity CLI (scripts/analyze/tokens.js, scripts/complexity.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { countTokens, measureSource, TokenizeError } = require('../../scripts/analyze/tokens');
const { parallelParts } = require('../../scripts/analyze/parallel-parts');
const { validator } = require('../helpers/analyzer-schemas');

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'analyzers');
const CLI = path.join(ROOT, 'scripts', 'complexity.js');
const read = (name) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

test('a generator: function* and yield* are two tokens each, comments do not count', () => {
  const m = measureSource(read('generator.js'), 'generator.js');
  assert.deepEqual(m.tokenList.slice(0, 2).map((t) => t.value), ['function', '*']);
  const yields = m.tokenList.filter((t) => t.value === 'yield');
  assert.equal(yields.length, 2);
  assert.ok(yields.every((t) => t.type === 'Keyword'));
  assert.deepEqual(countTokens(read('generator.js')), { tokens: 22, lines: 4, depth: 1 });
});

test('an async function: async and await are one Identifier token each', () => {
  const m = measureSource(read('async.js'));
  const kinds = m.tokenList.filter((t) => t.value === 'async' || t.value === 'await').map((t) => t.type);
  assert.deepEqual(kinds, ['Identifier', 'Identifier']);
  assert.deepEqual(countTokens(read('async.js')), { tokens: 18, lines: 4, depth: 1 });
});

test('depth counts functions inside functions, arrows included', () => {
  assert.equal(countTokens('var a = 1;').depth, 0);
  assert.equal(countTokens('function a() { return function () { return () => 1; }; }').depth, 3);
  assert.equal(countTokens('f(function () {}); g(function () {});').depth, 1);
});

test('syntax Esprima 4 cannot parse is an error naming file, line and column, never a count', () => {
  // The tokenizer alone would split `?.` into two tokens and carry on.
  assert.throws(() => countTokens('var x = 1;\nvar y = a?.b;\n', 'opt.js'), (err) => {
    assert.ok(err instanceof TokenizeError);
    assert.equal(err.line, 2);
    assert.match(err.message, /^opt\.js:2:\d+: Esprima 4 cannot parse/);
    return true;
  });
  assert.throws(() => countTokens('const o = { ...a };', 'spread.js'), /spread\.js:1:\d+/);
});

test('modules are parsed as modules when they are not scripts', () => {
  assert.equal(countTokens('import x from "y";\nexport default x;\n').tokens, 9);
});

test('parallel parts: code only exports.parallel reaches, shared helpers stay with upload', () => {
  const src = [
    'var lib = require("lib");',
    'var only = require("only-parallel");',
    'function shared() {}',
    'function helper() { return only(); }',
    'exports.upload = function () { shared(); lib(); };',
    'exports.parallel = function () { shared(); helper(); };',
  ].join('\n');
  const { ast } = measureSource(src);
  assert.deepEqual(parallelParts(ast).map((p) => p.name), ['only', 'helper', 'exports.parallel']);
});

test('CLI: files and folders on the command line print a table', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'complexity-'));
  try {
    fs.writeFileSync(path.join(dir, 'a.js'), 'function a(cb) { cb(null, 1); }\n');
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'sub', 'b.js'), 'function b(cb) {\n  cb(null, 1);\n  cb(null, 2);\n}\n');
    fs.writeFileSync(path.join(dir, 'sub', 'notes.txt'), 'not code');
    const r = spawnSync(process.execPath, [CLI, dir], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const rows = r.stdout.trim().split('\n').slice(2).map((l) => l.trim().split(/\s+/));
    assert.deepEqual(rows.map((c) => [path.basename(c[0]), c[1], c[2]]), [['a.js', '14', '1.00'], ['b.js', '21', '1.50']]);

    const json = spawnSync(process.execPath, [CLI, '--json', path.join(dir, 'a.js')], { encoding: 'utf8' });
    assert.equal(JSON.parse(json.stdout)[0].tokens, 14);

    fs.writeFileSync(path.join(dir, 'bad.js'), 'x ?? y;\n');
    const bad = spawnSync(process.execPath, [CLI, path.join(dir, 'bad.js')], { encoding: 'utf8' });
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /bad\.js:1:\d+: Esprima 4 cannot parse/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('committed data/complexity.json validates and lists manifest variants only', () => {
  const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'complexity.json'), 'utf8'));
  assert.equal(validator('complexity')(data), null);
  const ids = new Set(require('../../examples/manifest.json').variants.map((v) => v.id));
  for (const v of data.variants) assert.ok(ids.has(v.id), `${v.id} is not in examples/manifest.json`);
  assert.equal(Math.min(...data.variants.map((v) => v.complexity)), 1);
});

// The four "-0-9" entries run an unchanged file through a two-line loader
// (examples/lib/library-set.js); the code a reader compares is that file.
test('a librarySet entry counts the shared file it runs, not its loader', () => {
  const { measureVariants } = require('../../scripts/analyze/complexity');
  const { loadManifest: load } = require('../../scripts/lib/manifest');
  const manifest = load();
  const rows = new Map(measureVariants(manifest).map((r) => [r.id, r]));
  const entries = manifest.variants.filter((v) => v.librarySet);
  assert.ok(entries.length > 0, 'no librarySet entry in the manifest');
  for (const v of entries) {
    const row = rows.get(v.id);
    const shared = rows.get(v.librarySet.variant);
    assert.equal(row.counted, 'librarySet.variant', v.id);
    assert.equal(row.file, shared.file, v.id);
    assert.equal(row.tokens, shared.tokens, v.id);
  }
});
