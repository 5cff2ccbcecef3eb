'use strict';
// Today's debuggability score (scripts/analyze/stack-score.js nowScore) on
// real traces recorded into test/fixtures/analyzers/score-traces.json, the
// rejected-promise failure of the fakes, a real run of two variants end to
// end, and the table that shows the score beside the 2013 levels.
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseStack, traceRecord, failureFacts, nowScore } = require('../../scripts/analyze/stack-score');
const { analyzeVariant, WAYS } = require('../../scripts/analyze/debug-runs');
const { debugMethod } = require('../../scripts/analyze/debug-method');
const { loadManifest, EXAMPLES, authoredFile } = require('../../scripts/lib/manifest');
const { analyzerEnv } = require('../../scripts/lib/env');
const { tableModel } = require('../../site/models');
const { validator } = require('../helpers/analyzer-schemas');
const fakes = require('../../examples/lib/fakes');

const recorded = require('../fixtures/analyzers/score-traces.json');

function recordOf(name, { dropLow = false } = {}) {
  const c = recorded.cases.find((x) => x.name === name);
  assert.ok(c, `no recorded case "${name}"`);
  const opts = { variantFiles: [c.variantFile], root: recorded.root };
  return traceRecord({ outcome: c.outcome, high: parseStack(c.high, opts), low: dropLow ? null : parseStack(c.low, opts) }, c.expectedLines);
}

// One failure scored alone: the same record in every slot, read back for one.
const pointsOf = (record, way = 'throw') => nowScore({ callback: record, reject: record, 'throw-at-io': record, throw: record, poison: record }).byFailure[way];

test('score: a rejected promise awaited by async/await earns every point, the line coming from an `at async` frame', () => {
  const r = pointsOf(recordOf('at-async'), 'reject');
  assert.deepEqual(r.facts, { lineAtDefaultLimit: true, lineAtHighLimit: true, reachesDone: true, outcome: 'done', libraryFramesBefore: 0, asyncFrames: true });
  assert.equal(r.points, 5);
  assert.match(r.reasons[0], /^rejected I\/O promise: 5\/5/);
  assert.match(r.reasons[0], /\+1 `at async` frames name the variant/);
  assert.equal(recordOf('at-async').exactFrom, 'async-frame');
});

test('score: a trace cut at 10 frames keeps the line only at the high limit (1 point, not 2)', () => {
  const record = recordOf('cut-at-10');
  assert.ok(record.firstVariantFrame >= 10, `the variant frame is frame ${record.firstVariantFrame}, not beyond the 10th`);
  assert.equal(record.atDefaultLimit.quality, 'absent');
  const r = pointsOf(record);
  assert.equal(r.facts.lineAtHighLimit, true);
  assert.equal(r.facts.lineAtDefaultLimit, false);
  assert.ok(r.facts.libraryFramesBefore > 0);
  assert.equal(r.points, 2, r.reasons[0]); // +1 line at 50 only, +1 done
  assert.match(r.reasons[0], /\+1 failing line only at Error\.stackTraceLimit 50 \(lost at the default limit of 10 frames\)/);
  assert.match(r.reasons[0], /\+0 \d+ library frame\(s\) before the first variant frame/);
});

test('score: a failure not run again at the default limit earns the high-limit point only, and says why', () => {
  const r = pointsOf(recordOf('at-async', { dropLow: true }));
  assert.equal(r.facts.lineAtDefaultLimit, false);
  assert.match(r.reasons[0], /only at Error\.stackTraceLimit 50 \(not run at the default limit\)/);
  assert.equal(r.points, 4);
});

test('score: a throw that crashes the process loses the "reaches done" point', () => {
  const r = pointsOf(recordOf('crash'));
  assert.equal(r.facts.reachesDone, false);
  assert.equal(r.points, 3); // line at 10, direct
  assert.match(r.reasons[0], /\+0 escapes as an uncaught exception: the process crashes/);
});

test('score: an I/O error made in a timer has no frame of the variant', () => {
  const r = pointsOf(recordOf('absent'), 'callback');
  assert.equal(r.facts.libraryFramesBefore, null);
  assert.equal(r.points, 1); // reaches done only
  assert.match(r.reasons[0], /\+0 failing line absent even at Error\.stackTraceLimit 50/);
  assert.match(r.reasons[0], /\+0 no frame of the variant at all/);
});

test('score: library frames above the first variant frame cost the "direct" point', () => {
  const facts = failureFacts(recordOf('library-before'));
  assert.equal(facts.lineAtDefaultLimit, true);
  assert.ok(facts.libraryFramesBefore > 0);
  assert.equal(pointsOf(recordOf('library-before'), 'callback').points, 3);
});

test('score: five failures sum to at most 25; a failed run scores 0 with its reason', () => {
  const s = nowScore({ callback: recordOf('absent'), reject: recordOf('at-async'), 'throw-at-io': recordOf('cut-at-10'), throw: recordOf('crash'), poison: { failed: 'timed out after 20000 ms' } });
  assert.equal(s.max, 25);
  assert.equal(s.score, 1 + 5 + 2 + 3 + 0);
  assert.equal(s.byFailure.poison.facts, null);
  assert.match(s.byFailure.poison.reasons[0], /throw right after a resume: 0, the run failed \(timed out after 20000 ms\)/);
  assert.equal(s.reasons.length, 5);
  assert.match(s.byFailure['throw-at-io'].reasons[0], /^I\/O call that throws: 2\/5/);
});

test('fakes: the rejected-promise failure is for asynchronous operations; node-style callers get it as an error', async () => {
  assert.throws(() => fakes.reset({ fail: { op: 'uuid.v1', how: 'reject' } }), /uuid\.v1 is synchronous; it can only fail with how: "throw"/);
  fakes.reset({ fail: { op: 'tx.commit', how: 'reject' } });
  const err = await new Promise((resolve) => fakes.db.begin().commit(resolve));
  assert.equal(err.injected, true);
  assert.match(err.message, /injected failure at tx\.commit \(rejected\)/);
  fakes.reset({});
});

test('fakes.promiseMethods: the rejection is made after the delay where V8 can add the awaiting function', async () => {
  const api = fakes.adapt(fakes.promiseMethods());
  fakes.reset({ fail: { op: 'fileVersion.insert', how: 'reject' }, log: true });
  const tx = api.db.begin();
  async function uploadLike() {
    await api.FileVersion.insert({ fileId: 'f', versionId: 1 }).execWithin(tx);
  }
  const err = await uploadLike().then(() => null, (e) => e);
  assert.equal(err.injected, true);
  assert.equal(err.op, 'fileVersion.insert');
  assert.match(err.stack, /\n\s+at async uploadLike \(/);
  assert.deepEqual(fakes.stats().log, ['tx.begin', 'fileVersion.insert fileId=f versionId=1']);
  // Without a failure the same methods resolve with the node-style values.
  fakes.reset({});
  const blobId = await api.blobManager.create(api.account).put('stream');
  assert.equal(blobId, 'blob-1');
});

test('real run: async-await shows `at async upload` for the rejected promise, promises-bluebird does not, and the scores differ', () => {
  const manifest = loadManifest();
  const run = (id) => {
    const entry = manifest.variants.find((v) => v.id === id);
    return analyzeVariant(entry, { examplesDir: EXAMPLES, stackLimit: 50, authored: authoredFile(entry, manifest.variants).file });
  };
  const native = run('async-await');
  const bluebird = run('promises-bluebird');
  const rejectOf = (v) => v.traces.find((t) => t.way === 'reject' && !t.longStack);
  const n = rejectOf(native);
  assert.equal(n.promiseForms, true);
  assert.equal(n.outcome, 'done');
  assert.ok(n.asyncVariantFrames > 0, n.excerpt.join('\n'));
  assert.equal(n.atDefaultLimit.quality, 'exact');
  assert.ok(n.excerpt.some((l) => /at async upload \(examples\/async-await\.js:\d+/.test(l)), n.excerpt.join('\n'));
  assert.equal(native.score.asyncFrames.reject, true);
  const b = rejectOf(bluebird);
  assert.equal(b.promiseForms, false);
  assert.equal(b.asyncVariantFrames, 0);
  assert.equal(bluebird.score.asyncFrames.reject, false);
  for (const v of [native, bluebird]) {
    for (const way of ['callback', 'reject', 'throw-at-io', 'throw', 'poison']) {
      const t = v.traces.find((x) => x.way === way && !x.longStack);
      assert.ok(t.atDefaultLimit && !t.atDefaultLimit.failed, `${v.id} ${way} ran at the default limit`);
      assert.equal(v.score.byFailure[way].facts.reachesDone, t.outcome === 'done');
    }
    assert.ok(v.score.reasons.length >= 5);
  }
  // The 2013 level cannot tell them apart; the score does.
  assert.equal(native.stackTraces.level, bluebird.stackTraces.level);
  assert.ok(native.score.score > bluebird.score.score, `${native.score.score} vs ${bluebird.score.score}`);
  assert.equal(typeof bluebird.score.scoreWithSwitch, 'number');
  // The data file these make validates, and the table shows the score beside the levels.
  const data = {
    schema: 'asyncbench/debuggability@1', generatedBy: 'scripts/debuggability.js', description: 'test',
    method: debugMethod({ cost: false }, 50), env: analyzerEnv('scripts/debuggability.js', ['bluebird']), variants: [bluebird, native],
  };
  assert.equal(validator('debuggability')(data), null);
  assert.deepEqual(Object.keys(data.method.ways), WAYS.map((w) => w.id));
  assert.equal(data.method.ways.reject.scored, false, 'not on the 2013 scale');
  assert.equal(data.method.ways.reject.inScore, true);
  const table = tableModel('debuggability', {}, () => ({ data, file: 'debuggability.json' }));
  assert.deepEqual(table.rows.map((r) => r.name), ['async-await', 'promises-bluebird'], 'best score first');
  assert.equal(table.rows[0].score, native.score.score);
  assert.match(table.rows[0].reject, /^exact, at async$/);
  assert.match(table.rows[0].points, /^\d · 5 · \d · \d · \d$/);
});

test('table: data written before the score show "not measured yet", not a blank or a zero', () => {
  const old = { variants: [{ id: 'original', sourceMaps: { level: 5 }, stackTraces: { level: 4, levelWithSwitch: null }, total: 9, catchesThrows: false, traces: [] }], env: {} };
  const table = tableModel('debuggability', {}, () => ({ data: old, file: 'debuggability.json' }));
  assert.equal(table.rows[0].score, 'not measured yet');
  assert.equal(table.rows[0].reject, 'not measured yet');
  assert.equal(table.rows[0].stackTraces, 4, 'the 2013 level stays');
});

// fibers does not load on the runtime running the tests (Node 16+): the
// analyzer names the variant and the reason instead of scoring failed runs 0.
test('a variant the tracing runtime cannot run is listed with its reason, not scored 0', () => {
  const { spawnSync } = require('node:child_process');
  const path = require('node:path');
  const r = spawnSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'debuggability.js'), '--variants', '^(fibrous|original)$', '--no-cost'], { encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /^fibrous\s+not traced: fibers does not load[^\n]*\(node-[\d.]+, probed\)$/m);
  assert.doesNotMatch(r.stderr, /^fibrous .*FAILED/m);
  assert.match(r.stderr, /^original\s+maps 5/m, 'the variants it can run are still traced');

  const data = {
    schema: 'asyncbench/debuggability@1', generatedBy: 'scripts/debuggability.js', description: 'test',
    method: debugMethod({ cost: false }, 50), env: analyzerEnv('scripts/debuggability.js', []),
    variants: [{ id: 'original', sourceMaps: { level: 5 }, stackTraces: { level: 4, levelWithSwitch: null }, total: 9, catchesThrows: false, traces: [] }],
    skipped: [{ id: 'fibrous', reason: 'fibers does not load on Node 16+: no binary' }],
  };
  const table = tableModel('debuggability', {}, () => ({ data, file: 'debuggability.json' }));
  assert.deepEqual(table.rows.map((x) => x.name), ['original']);
  assert.match(table.caption, /Not traced on this runtime: fibrous \(fibers does not load on Node 16\+\)/);
});
