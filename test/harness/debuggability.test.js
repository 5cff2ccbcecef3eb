'use strict';
// Stack-trace scoring (scripts/analyze/stack-score.js) on fixture stacks for every
// level, and the run layer (scripts/analyze/debug-runs.js) on a real variant and on
// a crashing fixture variant.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { parseStack, scoreTrace, levelFor } = require('../../scripts/analyze/stack-score');
const { analyzeVariant, sourceMapLevel } = require('../../scripts/analyze/debug-runs');
const { loadManifest, EXAMPLES, authoredFile } = require('../../scripts/lib/manifest');
const { validator } = require('../helpers/analyzer-schemas');

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'analyzers');
const stacks = require('../fixtures/analyzers/stacks.json');
const opts = { variantFiles: [stacks.variantFile], root: stacks.root };

const score = (ways) => Object.fromEntries(Object.entries(ways).map(([w, s]) => [w, scoreTrace(parseStack(s, opts), stacks.expected[w])]));

for (const c of stacks.cases) {
  test(`scorer: ${c.name}`, () => {
    const r = levelFor({ plain: score(c.plain), switched: c.switched ? score(c.switched) : null, switchName: 'lib' });
    assert.equal(r.level, c.level, r.reasons.join('\n'));
    assert.ok(r.reasons.length >= 4);
  });
}

test('parseStack classifies frames; scoreTrace counts library frames above the variant', () => {
  const parsed = parseStack(stacks.cases[1].plain.throw, opts);
  assert.deepEqual(parsed.frames.map((f) => f.kind), ['fakes', 'fakes', 'library', 'variant', 'node', 'library']);
  const t = scoreTrace(parsed, [18]);
  assert.equal(t.quality, 'exact');
  assert.equal(t.libraryFramesBefore, 1);
  assert.equal(t.firstVariantFrame, 3);
  assert.deepEqual(scoreTrace(parsed, [21]).distance, 3);
});

test('long-stack sections and V8 async frames are told apart', () => {
  const long = scoreTrace(parseStack(stacks.cases[0].plain.callback, opts), [30]);
  assert.equal(long.exactFrom, 'long-stack');
  assert.equal(long.longStackSections, 1);
  const asyncFrame = scoreTrace(parseStack(stacks.cases[0].plain.poison, opts), [16]);
  assert.equal(asyncFrame.exactFrom, 'async-frame');
  assert.equal(asyncFrame.asyncFrames, 1);
});

test('a failed run is not scored', () => {
  const plain = score(stacks.cases[1].plain);
  plain.poison = { failed: 'child exited 1 without a result' };
  const r = levelFor({ plain });
  assert.equal(r.level, null);
  assert.match(r.reasons.join(' '), /poison: run failed/);
});

test('source-map levels follow the compile step', () => {
  assert.equal(sourceMapLevel({ compile: null }, {}).level, 5);
  const ts = { compile: { tool: 'tsc', source: 'x.ts', sourceMaps: true } };
  assert.equal(sourceMapLevel(ts, { callback: { pointsAt: 'source' } }).level, 3);
  assert.equal(sourceMapLevel(ts, { callback: { pointsAt: 'source' } }).pointsAt, 'source');
  assert.equal(sourceMapLevel({ compile: { tool: 'regenerator', source: 'x.js', sourceMaps: true } }, {}).level, 4);
  assert.equal(sourceMapLevel({ compile: { tool: 'streamline', source: 'x._js', sourceMaps: false, preservesLines: true } }, {}).level, 2);
  assert.equal(sourceMapLevel({ compile: { tool: 'old', source: 'x._js', sourceMaps: false } }, {}).level, 1);
});

test('a variant that crashes is recorded as a failure, not scored', () => {
  const entry = { id: 'crashing', family: 'callbacks', file: 'crashing-variant.js', compile: null, catchesThrows: true, article2013: null };
  const r = analyzeVariant(entry, { examplesDir: FIXTURES });
  assert.equal(r.stackTraces.level, null);
  assert.equal(r.total, null);
  assert.match(r.failure, /a different error reached the caller/);
  assert.match(r.failure, /noSuchMethod/);
  assert.ok(r.traces.some((t) => t.failed));
});

test('original.js: exact when its own code throws, absent for an I/O error; throws escape', () => {
  const entry = loadManifest().variants.find((v) => v.id === 'original');
  const r = analyzeVariant(entry, { examplesDir: EXAMPLES });
  assert.equal(r.stackTraces.level, 4, r.stackTraces.reasons.join('\n'));
  const byWay = Object.fromEntries(r.traces.map((t) => [t.way, t]));
  assert.equal(byWay.callback.quality, 'absent');
  assert.equal(byWay.poison.outcome, 'uncaught');
  assert.equal(byWay.poison.reachedAsManifestSays, true);
  for (const t of r.traces) assert.ok(t.excerpt.every((l) => !l.includes(ROOT)), 'excerpts use repo-relative paths');
});

test('committed data/debuggability.json validates and lists manifest variants only', () => {
  const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'debuggability.json'), 'utf8'));
  assert.equal(validator('debuggability')(data), null);
  const ids = new Set(loadManifest().variants.map((v) => v.id));
  // @2: every runtime's variants and skips; @1: the one list at the top.
  const runtimes = data.runtimes || [{ variants: data.variants, skipped: data.skipped || [] }];
  for (const r of runtimes) {
    for (const v of r.variants.concat(r.skipped)) assert.ok(ids.has(v.id), `${v.id} (${r.id || 'top'}) is not in examples/manifest.json`);
  }
});

// A librarySet entry runs a two-line loader around an unchanged file
// (examples/lib/library-set.js): its failing lines are in that shared file.
test('a librarySet entry\'s traces are judged against the shared file it runs', () => {
  const manifest = loadManifest();
  const entry = manifest.variants.find((v) => v.librarySet);
  assert.ok(entry, 'no librarySet entry in the manifest');
  const r = analyzeVariant(entry, { examplesDir: EXAMPLES, authored: authoredFile(entry, manifest.variants).file });
  assert.ok(r.probe.calls['fileVersion.insert'].length > 0, 'the probe found no call in the shared file');
  const thrown = r.traces.find((t) => t.way === 'throw' && !t.longStack);
  assert.equal(thrown.quality, 'exact', JSON.stringify(thrown));
});
