'use strict';
// The headline complexity count (scripts/analyze/shared-header.js,
// scripts/analyze/complexity.js): what a reader compares, without the shared
// header every variant repeats, and each row beside its 2013 counterpart.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { measureSource } = require('../../scripts/analyze/tokens');
const { headerOfAst, headerOfTokens } = require('../../scripts/analyze/shared-header');
const { measureText, measureFile, measureVariants, pair2013 } = require('../../scripts/analyze/complexity');
const { loadManifest, authoredFile, EXAMPLES } = require('../../scripts/lib/manifest');
const { makeLoader } = require('../../site/lib/data-files');
const { tableModel } = require('../../site/models');
const { styleName } = require('../../site/lib/style-names');

const ROOT = path.join(__dirname, '..', '..');
const reference = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'reference-2013.json'), 'utf8'));

// A small variant in the shape of the real ones: a library, the shared
// layer, its operations bound to local names, upload, parallel.
const HEADER = [
  "var lib = require('some-lib');",
  "var fakes = require('./lib/fakes');",
  'var db = fakes.db, files = fakes.files;',
  "var { uuid } = require('./lib/fakes');",
];
const BODY = [
  'function step(x, cb) { lib.go(x, cb); }',
  'exports.upload = function (id, done) { var tx = db.begin(); step(files.get(id), function (err) { if (err) return done(err); done(null, uuid.v1()); }); };',
  'exports.parallel = function (k, done) { for (var i = 0; i < k; i++) db.begin(); done(); };',
];
const source = (header, body = BODY) => header.concat(body).join('\n') + '\n';
const header = (text) => {
  const m = measureSource(text);
  return headerOfAst(m.ast, m.tokenList);
};

test('header: requires of project modules and same-name bindings of their properties, nothing else', () => {
  const h = header(source(HEADER));
  assert.deepEqual(h.names, ['db', 'files', 'uuid']);
  assert.deepEqual(h.bases, ['fakes']);
  assert.equal(h.ranges.length, 3, 'the package require stays counted');

  // A renamed binding, a library's property, a call: the variant's own code.
  for (const line of ['var fetch = fakes.files;', 'var go = lib.go;', "var put = require('util').promisify(fakes.put);"]) {
    const text = source(HEADER.concat(line));
    const m = measureSource(text);
    const own = m.tokenList.filter((t) => t.range[0] >= text.indexOf(line) && t.range[1] <= text.indexOf(line) + line.length);
    const inHeader = (t) => headerOfAst(m.ast, m.tokenList).ranges.some((r) => t.range[0] >= r[0] && t.range[1] <= r[1]);
    assert.ok(own.length > 0 && !own.some(inHeader), `${line} must not be header`);
  }
});

test('header: a shared module that upload also uses is not header, nor are the bindings taken from it', () => {
  const body = BODY.concat('var uploader = new Function(fakes);');
  const h = header(source(HEADER, body));
  assert.deepEqual(h.names, ['uuid'], 'only the destructuring straight from require() remains');
  assert.deepEqual(h.bases, []);
  // A property named like the base (x.fakes) is not a use.
  assert.deepEqual(header(source(HEADER, BODY.concat('var y = lib.fakes;'))).names, ['db', 'files', 'uuid']);
});

test('a header-only change leaves the headline count alone; a change in upload moves it', () => {
  const base = measureText(source(HEADER), 'v.js');
  const moreHeader = measureText(source(HEADER.concat('var account = fakes.account, Version = fakes.Version;')), 'v.js');
  assert.equal(moreHeader.headlineTokens, base.headlineTokens);
  assert.ok(moreHeader.headerTokens > base.headerTokens);
  assert.ok(moreHeader.tokens > base.tokens, 'the whole-file count sees the change');

  const changedUpload = BODY.slice();
  changedUpload[1] = changedUpload[1].replace('done(null, uuid.v1());', 'done(null, uuid.v1(), files.count());');
  const upload = measureText(source(HEADER, changedUpload), 'v.js');
  assert.equal(upload.headerTokens, base.headerTokens);
  assert.ok(upload.headlineTokens > base.headlineTokens);

  // The headline is the file minus header minus the parallel-only code.
  const m = measureSource(source(HEADER));
  const parallel = m.tokenList.filter((t) => t.range[0] >= source(HEADER).indexOf('exports.parallel')).length;
  assert.equal(base.headlineTokens, base.tokens - base.headerTokens - parallel);
});

test('the header read from tokens (StratifiedJS path) matches the one read from the tree, for every JS variant', () => {
  const manifest = loadManifest();
  const files = new Set(manifest.variants.map((v) => authoredFile(v, manifest.variants).file).filter((f) => !/\.sjs$/.test(f)));
  for (const file of files) {
    const text = fs.readFileSync(path.join(EXAMPLES, file), 'utf8');
    const m = measureSource(text, file);
    assert.deepEqual(headerOfTokens(text, m.tokenList), headerOfAst(m.ast, m.tokenList), file);
  }
});

test('a StratifiedJS source: its header is found and left out of the headline', () => {
  const sjs = loadManifest().variants.find((v) => v.compile && v.compile.tool === 'stratifiedjs');
  const row = measureFile(path.join(EXAMPLES, sjs.compile.source));
  assert.ok(row.headerTokens > 0);
  assert.ok(row.headerNames.length > 0);
  assert.ok(row.headlineTokens < row.uploadTokens);
  assert.equal(row.headlineTokens, row.uploadTokens - row.headerTokens);
});

test('compiled and librarySet entries: every count comes from the file a person wrote', () => {
  const manifest = loadManifest();
  const rows = new Map(measureVariants(manifest).map((r) => [r.id, r]));
  const compiled = manifest.variants.filter((v) => v.compile);
  const sets = manifest.variants.filter((v) => v.librarySet);
  assert.ok(compiled.length > 0 && sets.length > 0);
  const fields = ['tokens', 'headlineTokens', 'headerTokens', 'uploadTokens'];
  for (const v of compiled) {
    const own = measureFile(path.join(EXAMPLES, v.compile.source));
    const row = rows.get(v.id);
    assert.equal(row.file, `examples/${v.compile.source}`);
    for (const f of fields) assert.equal(row[f], own[f], `${v.id} ${f}`);
  }
  for (const v of sets) {
    const row = rows.get(v.id);
    const shared = rows.get(v.librarySet.variant);
    assert.notEqual(row.file, `examples/${v.file}`, `${v.id} must not count its loader`);
    for (const f of fields) assert.equal(row[f], shared[f], `${v.id} ${f}`);
  }
});

test('2013 pairing: every 2013 complexity row is paired or listed as unpaired, from the manifest only', () => {
  const manifest = loadManifest();
  const rows = reference.complexity.rows;
  const { byVariant, paired, unpaired } = pair2013(manifest.variants, rows);
  assert.deepEqual([...paired.map((p) => p.file2013), ...unpaired].sort(), rows.map((r) => r.name).sort());
  for (const p of paired) {
    for (const id of p.variants) assert.equal(byVariant.get(id), p.file2013);
  }
  for (const name of unpaired) {
    assert.ok(![...byVariant.values()].includes(name), `${name} is listed unpaired but a variant names it`);
  }
  // A compiled variant's article2013 is a 2013 output the table did not count:
  // each such entry names its row (or null) itself.
  const names = new Set(rows.map((r) => r.name));
  for (const v of manifest.variants.filter((x) => x.article2013 && !names.has(x.article2013))) {
    assert.ok('complexityFile2013' in v, `${v.id}: article2013 ${v.article2013} is not a complexity row and complexityFile2013 is missing`);
  }
  const counted = measureVariants(manifest, rows);
  for (const r of counted.filter((x) => x.file2013)) {
    const old = rows.find((x) => x.name === r.file2013);
    assert.equal(r.tokens2013, old.tokens);
    assert.equal(r.ratio2013, Math.round((r.headlineTokens / old.tokens) * 100) / 100);
  }
});

test('2013 pairing: a missing or unknown mapping fails with the variant named and what to do', () => {
  const rows = reference.complexity.rows;
  const v = { id: 'compiled-x', article2013: 'dst-x.js' };
  assert.throws(() => pair2013([v], rows), /variant compiled-x: article2013 "dst-x\.js" is not a row.*add "complexityFile2013"/);
  assert.throws(() => pair2013([{ ...v, complexityFile2013: 'nope.js' }], rows), /variant compiled-x: complexityFile2013 "nope\.js" is not a row/);
  const ok = pair2013([{ ...v, complexityFile2013: null }, { id: 'y', article2013: rows[0].name }], rows);
  assert.equal(ok.byVariant.get('compiled-x'), null);
  assert.deepEqual(ok.paired.map((p) => p.variants), [['y']]);
  assert.equal(ok.unpaired.length, rows.length - 1);
});

// Only the pairing, which depends on the manifest and the 2013 data alone: the
// token counts move whenever a variant file does, and are regenerated then.
test('committed data/complexity.json pairs its rows with 2013 as the manifest says', () => {
  const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'complexity.json'), 'utf8'));
  const manifest = loadManifest();
  const { byVariant, paired, unpaired } = pair2013(manifest.variants, reference.complexity.rows);
  const stale = 'data/complexity.json is stale: run npm run complexity';
  assert.deepEqual(data.pairing2013, { paired, unpaired }, stale);
  for (const r of data.variants) {
    assert.equal(r.file2013, byVariant.get(r.id), `${r.id}: ${stale}`);
    assert.equal(r.headlineTokens, r.tokens - r.headerTokens - (r.tokens - r.uploadTokens), r.id);
  }
  assert.equal(Math.min(...data.variants.map((v) => v.headlineComplexity)), 1);
});

test('results table: the headline count, the whole file and the 2013 counterpart side by side', () => {
  const model = tableModel('complexity', {}, makeLoader({ dataDir: path.join(ROOT, 'data') }));
  const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'complexity.json'), 'utf8'));
  const byId = new Map(data.variants.map((v) => [v.id, v]));
  assert.deepEqual(model.columns.map((c) => c.key).slice(0, 7), ['name', 'tokens', 'complexity', 'file', 'file2013', 'tokens2013', 'ratio2013']);
  for (const r of model.rows) {
    const v = byId.get(r.name);
    assert.equal(r.tokens, v.headlineTokens);
    assert.equal(r.file, v.tokens);
    assert.equal(r.file2013, v.file2013);
    assert.equal(r.ratio2013, v.ratio2013);
    // The × column has the prose's baseline, nested callbacks, not the smallest variant.
    assert.equal(r.complexity, Math.round((v.headlineTokens / byId.get('original').headlineTokens) * 100) / 100, r.name);
  }
  assert.equal(model.rows.find((r) => r.name === 'original').complexity, 1);
  // Styles by their one name (site/lib/style-names.js, issue 43), the baseline as the prose says it.
  assert.match(model.caption, /multiple of nested callbacks,/);
  assert.ok(model.caption.includes(`${data.sharedHeader.tokens}-token shared header (${styleName(data.sharedHeader.variant)};`), model.caption);
  for (const name of data.pairing2013.unpaired) assert.ok(model.caption.includes(name), name);
});
