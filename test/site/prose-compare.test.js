'use strict';
// site/prose/compare.js: the comparisons behind the checked sentences
// (site/prose/claims.js). Intervals apart -> a ratio with its conservative
// interval; overlapping -> no rank. A variant, runtime or trace the data do
// not hold stops the build naming the post and what the data hold.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { buildSiteWith } = require('../helpers/eleventy');
const { ProseNumberError } = require('../../site/lib/lookup');
const compareProse = require('../../site/prose/compare');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');
const { profileName } = require('../../scripts/lib/runtime-id');

const { filesLoader } = require('../helpers/files-loader');

const FIXTURES = path.join('test', 'fixtures', 'prose-compare');

// The plugin's functions over a hand-made perf file of "now" (no Eleventy needed).
function withCells(cells, debug = { variants: [] }) {
  return compareProse(filesLoader({ [DEFAULT_PERF]: { runs: {}, cells }, debuggability: debug }));
}
const cell = (variant, median, lo, hi, runtime = 'node-24@24.21.0') => ({
  key: `${runtime}|upload|cpu|${variant}|1000`, runtime, scenario: 'upload', mode: 'cpu', variant, n: 1000, status: 'ok',
  time: { median }, timeCi: { lo, hi },
});

test('intervals apart give a ratio with a conservative interval; overlapping ones a tie', () => {
  const f = withCells([cell('original', 10, 9, 11), cell('async-await', 20, 19, 22), cell('promises-native', 10.5, 10.8, 12)]);
  const apart = f.compare({ a: 'async-await', b: 'original', mode: 'cpu', n: 1000 });
  assert.equal(apart.apart, true);
  assert.deepEqual([apart.ratio, apart.lo, apart.hi].map((x) => Number(x.toFixed(3))), [2, 1.727, 2.444]);
  assert.equal(f.compare({ a: 'promises-native', b: 'original', mode: 'cpu', n: 1000 }).apart, false);
  const { best, tied } = f.leaders({ mode: 'cpu', n: 1000 });
  assert.equal(best.id, 'original');
  assert.deepEqual(tied.map((r) => r.id), ['promises-native']);
});

test('leaders end="high": the highest median and every style whose interval reaches it, for superlatives like "the most memory"', () => {
  const f = withCells([cell('original', 100, 97, 103), cell('promises-q', 300, 280, 320), cell('rx', 290, 270, 305), cell('async-await', 200, 190, 210)]);
  const { best, tied } = f.leaders({ mode: 'cpu', n: 1000, end: 'high' });
  assert.equal(best.id, 'promises-q');
  assert.deepEqual(tied.map((r) => r.id), ['rx']);
  assert.deepEqual(f.leaders({ mode: 'cpu', n: 1000, end: 'high', exclude: '^rx$' }).tied, []);
  assert.throws(() => f.leaders({ mode: 'cpu', n: 1000, end: 'top' }), /end= is "low".*or "high"/);
});

test('metric="warm" compares the warm figures with their stored intervals', () => {
  const warmCell = (variant, median, lo, hi) => ({ ...cell(variant, median * 3, median * 2.9, median * 3.1), warm: { median }, warmCi: { lo, hi } });
  const f = withCells([warmCell('original', 10, 9.8, 10.2), warmCell('async-await', 14, 13.5, 14.5)]);
  const v = f.compare({ a: 'async-await', b: 'original', mode: 'cpu', n: 1000, metric: 'warm' });
  assert.deepEqual([v.apart, v.ratio, Number(v.lo.toFixed(3)), Number(v.hi.toFixed(3))], [true, 1.4, 1.324, 1.48]);
});

test('with too few repetitions for an interval, compare gives the medians\' ratio and ranks nothing', () => {
  const few = { ...cell('rx', 30, null, null), timeCi: { lo: null, hi: null } };
  few.samples = [{ status: 'ok', timeMs: 30 }, { status: 'ok', timeMs: 31 }, { status: 'ok', timeMs: 29 }];
  const f = withCells([cell('original', 10, 9, 11), few]);
  const v = f.compare({ a: 'rx', b: 'original', mode: 'cpu', n: 1000 });
  assert.deepEqual([v.apart, v.ratio, v.reps], [null, 3, 3]);
  assert.throws(() => f.leaders({ mode: 'cpu', n: 1000 }), /too few repetitions/);
});

test('the repetitions counted for a warm figure are the ones that settled, not every one that ran', () => {
  const base = { ...cell('original', 10, 9, 11), warm: { median: 10 }, warmCi: { lo: 9, hi: 11 } };
  const few = { ...cell('rx', 30, 20, 40), warm: { median: 20 }, warmCi: { lo: null, hi: null } };
  few.samples = Array.from({ length: 8 }, (_, i) => ({ status: 'ok', timeMs: 30, warmMs: i < 5 ? 20 : null }));
  const f = withCells([base, few]);
  assert.equal(f.compare({ a: 'rx', b: 'original', mode: 'cpu', n: 1000, metric: 'warm' }).reps, 5);
});

test('what the data do not hold fails, naming it and what exists', () => {
  const debug = { variants: [{ id: 'original', traces: [{ way: 'reject', longStack: false, excerpt: ['Error: x'], quality: 'absent', outcome: 'done' }] }] };
  const f = withCells([cell('original', 10, 9, 11), cell('async-await', 20, 19, 22), { ...cell('rx', 5, null, null), timeCi: { lo: null, hi: null }, samples: [] }], debug);
  const fails = (fn, re) => assert.throws(fn, (err) => err instanceof ProseNumberError && re.test(err.message));
  fails(() => f.compare({ a: 'zz', b: 'original', mode: 'cpu', n: 1000 }), /no variant "zz" in data\/perf-node-24\.json .*it has: async-await, original, rx$/);
  // runtime= picks the profile's file: one that is no profile fails here, a
  // profile without a file is the loader's missing file.
  fails(() => f.compare({ a: 'original', b: 'async-await', mode: 'cpu', n: 1000, runtime: 'bun-9' }), /^runtime "bun-9" is not a runtime profile, so no data\/perf-<profile>\.json holds it; name one of /);
  assert.throws(() => f.compare({ a: 'original', b: 'async-await', mode: 'cpu', n: 1000, runtime: 'bun' }), /data\/perf-bun\.json: missing/);
  fails(() => f.leaders({ mode: 'cpu', n: 1000, file: 'perf' }), /file="perf" is retired/);
  fails(() => f.compare({ a: 'original', b: 'async-await', mode: 'cpu', n: 5000 }), /no n "5000"/);
  fails(() => f.compare({ a: 'original', b: 'async-await', mode: 'cpu', n: 1000, metric: 'speed' }), /unknown metric "speed"/);
  fails(() => f.leaders({ mode: 'cpu', n: 1000 }), /too few repetitions for a 95 % interval/);
  fails(() => f.leaders({ mode: 'cpu', n: 1000, exclude: '.' }), /no measured variant is left/);
  fails(() => f.switchCost('original', {}), /no id "original" .*long-stack switch\); it has: \(nothing\)$/);
});

function buildFails(t, dir, re) {
  const r = buildSiteWith({ ASYNCBENCH_EXTRA_POSTS: path.join(FIXTURES, dir) });
  assert.equal(r.ok, false, 'the build passed');
  assert.match(r.log, re);
}

test('a comparison naming a variant the data do not hold fails the build', (t) => {
  buildFails(t, 'unknown-variant', /posts\/compare-unknown-variant\.md: \{% claim "ahead", a="promises-telepathy"[^%]*%\}: no variant "promises-telepathy" in data\/perf-node-24\.json[^\n]*it has: [^\n]*\boriginal\b/);
});

test('a comparison naming a runtime the data do not hold fails the build', (t) => {
  buildFails(t, 'unknown-runtime', /posts\/compare-unknown-runtime\.md: \{% claim "ahead", [^%]*runtime="bun-9" %\}: runtime "bun-9" is not a runtime profile, so no data\/perf-<profile>\.json holds it; name one of [^\n]*node-24/);
});

test('recorded traces of a variant the data do not hold fail the build', (t) => {
  buildFails(t, 'unknown-trace', /posts\/traces-unknown-variant\.md: \{% traces [^%]*%\}: no id "promises-telepathy" in data\/debuggability\.json; it has: [^\n]*\boriginal\b/);
});

test('run settings come from the runs of the runtime named (or now); runs that differ or lack the key fail', () => {
  const run = (id, reps, cpu) => ({ harness: { reps, ciTarget: 3 }, host: { cpu, cores: 2 }, runtimes: { [id]: { id } } });
  // Each profile's runs in its own file, as the site reads them.
  const files = (runs) => {
    const data = {};
    for (const [id, r] of Object.entries(runs)) {
      const name = `perf-${profileName(Object.keys(r.runtimes)[0])}`;
      data[name] = data[name] || { runs: {}, cells: [] };
      data[name].runs[id] = r;
    }
    return compareProse(filesLoader(data));
  };
  const f = files({ a: run('node-24@24.21.0', 5, 'Xeon'), b: run('node-14@14.21.3', 7, 'Xeon') });
  assert.equal(f.runSetting('reps', {}), '5', 'unnamed, the runtime is now (node-24)');
  assert.equal(f.runSetting('reps', { runtime: 'node-14' }), '7');
  assert.equal(f.runSetting('cpu', {}), 'Xeon');
  const fails = (fn, re) => assert.throws(fn, (err) => err instanceof ProseNumberError && re.test(err.message));
  fails(() => f.runSetting('retries', {}), /run a in data\/perf-node-24\.json records no retries/);
  assert.throws(() => f.runSetting('reps', { runtime: 'bun' }), /data\/perf-bun\.json: missing/);
  const g = files({ a: run('node-24@24.21.0', 5, 'Xeon'), b: run('node-24@24.21.0', 9, 'Xeon') });
  fails(() => g.runSetting('reps', {}), /the runs of "node-24" differ in reps \(5 \/ 9\)/);
});

test('run settings with n= read only the runs that measured that n', () => {
  const run = (ns, maxReps) => ({ harness: { ns, reps: 5, maxReps }, host: { cpu: 'Xeon' }, runtimes: { 'node-24@24.21.0': { id: 'node-24@24.21.0' } } });
  const f = compareProse(filesLoader({ [DEFAULT_PERF]: { runs: { matrix: run([1000], 25), range: run([100, 2000], 5) }, cells: [] } }));
  const fails = (fn, re) => assert.throws(fn, (err) => err instanceof ProseNumberError && re.test(err.message));
  fails(() => f.runSetting('maxReps', {}), /differ in maxReps \(25 \/ 5\); name the runtime or an n=/);
  assert.equal(f.runSetting('maxReps', { n: 1000 }), '25');
  assert.equal(f.runSetting('maxReps', { n: 2000 }), '5');
  assert.equal(f.runSetting('reps', {}), '5', 'a setting the runs share needs no n=');
  fails(() => f.runSetting('maxReps', { n: 300 }), /no run in data\/perf-node-24\.json measured runtime "node-24" at n = 300/);
  fails(() => f.runSetting('maxReps', { n: 'many' }), /n= takes a positive integer/);
});
