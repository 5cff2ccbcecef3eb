'use strict';
// site/prose/compare.js: comparative phrases decided by the data when the
// page is built. Intervals apart -> a ratio with its interval; intervals
// overlapping -> a tie. A variant, runtime or trace the data do not hold
// stops the build naming the post and what the data hold. A build with
// changed data changes the phrases, in a fixture post and in the article.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { buildSiteWith } = require('../helpers/eleventy');
const { dataDir } = require('../helpers/data-dir');
const { setTimes, timesWithInterval } = require('../helpers/perf-samples');
const { visibleText } = require('../helpers/drafts-site');
const { runtimeMatches, NOW_RUNTIME } = require('../../site/lib/runtime-match');
const { ProseNumberError } = require('../../site/lib/lookup');
const compareProse = require('../../site/prose/compare');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');
const { profileName } = require('../../scripts/lib/runtime-id');

// A loader over hand-made files: name -> data; a name it lacks is missing.
function filesLoader(files) {
  const load = (name) => {
    if (!files[name]) throw new Error(`data/${name}.json: missing`);
    return { shown: `data/${name}.json`, data: files[name] };
  };
  load.has = (name) => name in files;
  return load;
}

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
  assert.equal(
    f.comparePhrase({ a: 'async-await', b: 'original', mode: 'cpu', n: 1000 }).replace(/<[^>]+>/g, ''),
    'async/await took 2× the time of Nested callbacks (95\u00a0% interval 1.7–2.4×)',
  );
  assert.equal(f.comparePhrase({ a: 'promises-native', b: 'original', mode: 'cpu', n: 1000 }).replace(/<[^>]+>/g, ''),
    'Native promises and Nested callbacks took the same time (medians 5\u00a0% apart)');
  const wide = withCells([cell('original', 10, 7, 14), cell('promises-native', 12.1, 9, 15)]);
  assert.equal(wide.comparePhrase({ a: 'promises-native', b: 'original', mode: 'cpu', n: 1000 }).replace(/<[^>]+>/g, ''),
    'Native promises and Nested callbacks could not be ranked (medians 21\u00a0% apart, their 95\u00a0% intervals overlapping)',
    'medians far apart under overlapping intervals are no tie');
  const { best, tied } = f.leaders({ mode: 'cpu', n: 1000 });
  assert.equal(best.id, 'original');
  assert.deepEqual(tied.map((r) => r.id), ['promises-native']);
});

test('within: a group that ties is stated as the spread of its medians, and a group that does not stop the build', () => {
  const f = withCells([cell('original', 100, 97, 103), cell('async-await', 102.5, 99, 106), cell('promises-native', 101, 98, 104), cell('rx', 140, 135, 150)]);
  assert.equal(f.within({ variants: 'original, async-await, promises-native', mode: 'cpu', n: 1000 }).replace(/<[^>]+>/g, ''),
    'Nested callbacks, async/await and Native promises are all within 3\u00a0% of each other', '2.5 % rounds up, never down');
  assert.throws(() => f.within({ variants: 'original,rx', mode: 'cpu', n: 1000 }), (e) => e instanceof ProseNumberError && /original and rx do not tie/.test(e.message));
  assert.throws(() => f.within({ variants: 'original', mode: 'cpu', n: 1000 }), /at least two variants/);
});

test('leaders end="high": the highest median and every style whose interval reaches it, for superlatives like "the most memory"', () => {
  const f = withCells([cell('original', 100, 97, 103), cell('promises-q', 300, 280, 320), cell('rx', 290, 270, 305), cell('async-await', 200, 190, 210)]);
  const { best, tied } = f.leaders({ mode: 'cpu', n: 1000, end: 'high' });
  assert.equal(best.id, 'promises-q');
  assert.deepEqual(tied.map((r) => r.id), ['rx']);
  assert.match(f.leadersPhrase({ mode: 'cpu', n: 1000, end: 'high', exclude: '^rx$' }), /Q<\/a>, above every other style by more than the 95\s% intervals$/);
  assert.throws(() => f.leaders({ mode: 'cpu', n: 1000, end: 'top' }), /end= is "low".*or "high"/);
});

test('metric="warm" compares the warm figures with their stored intervals', () => {
  const warmCell = (variant, median, lo, hi) => ({ ...cell(variant, median * 3, median * 2.9, median * 3.1), warm: { median }, warmCi: { lo, hi } });
  const f = withCells([warmCell('original', 10, 9.8, 10.2), warmCell('async-await', 14, 13.5, 14.5)]);
  assert.equal(f.comparePhrase({ a: 'async-await', b: 'original', mode: 'cpu', n: 1000, metric: 'warm' }).replace(/<[^>]+>/g, ''),
    'async/await took 1.4× the warm time of Nested callbacks (95\u00a0% interval 1.3–1.5×)');
});

test('a ratio close to 1 gets the digits that tell it from its interval', () => {
  const f = withCells([cell('original', 100, 99, 101), cell('rx', 104, 102, 106)]);
  assert.match(f.comparePhrase({ a: 'rx', b: 'original', mode: 'cpu', n: 1000 }), /took 1\.04× the time of .*\(95\s% interval 1\.01–1\.07×\)/);
});

test('with too few repetitions for an interval, the phrase gives the medians\' ratio and ranks nothing', () => {
  const few = { ...cell('rx', 30, null, null), timeCi: { lo: null, hi: null } };
  few.samples = [{ status: 'ok', timeMs: 30 }, { status: 'ok', timeMs: 31 }, { status: 'ok', timeMs: 29 }];
  const f = withCells([cell('original', 10, 9, 11), few]);
  assert.match(f.comparePhrase({ a: 'rx', b: 'original', mode: 'cpu', n: 1000 }), /the median of .* was 3× that of .*, from 3 repetitions: too few for a 95\s% interval, so the two are not ranked/);
  assert.throws(() => f.leaders({ mode: 'cpu', n: 1000 }), /too few repetitions/);
});

test('the repetitions counted for a warm figure are the ones that settled, not every one that ran', () => {
  const base = { ...cell('original', 10, 9, 11), warm: { median: 10 }, warmCi: { lo: 9, hi: 11 } };
  const few = { ...cell('rx', 30, 20, 40), warm: { median: 20 }, warmCi: { lo: null, hi: null } };
  few.samples = Array.from({ length: 8 }, (_, i) => ({ status: 'ok', timeMs: 30, warmMs: i < 5 ? 20 : null }));
  const f = withCells([base, few]);
  assert.match(f.comparePhrase({ a: 'rx', b: 'original', mode: 'cpu', n: 1000, metric: 'warm' }), /from 5 repetitions: too few/);
});

test('what the data do not hold fails, naming it and what exists', () => {
  const debug = { variants: [{ id: 'original', traces: [{ way: 'reject', longStack: false, excerpt: ['Error: x'], quality: 'absent', outcome: 'done' }] }] };
  const f = withCells([cell('original', 10, 9, 11), cell('async-await', 20, 19, 22), { ...cell('rx', 5, null, null), timeCi: { lo: null, hi: null }, samples: [] }], debug);
  const fails = (fn, re) => assert.throws(fn, (err) => err instanceof ProseNumberError && re.test(err.message));
  fails(() => f.comparePhrase({ a: 'zz', b: 'original', mode: 'cpu', n: 1000 }), /no variant "zz" in data\/perf-node-24\.json .*it has: async-await, original, rx$/);
  // runtime= picks the profile's file: one that is no profile fails here, a
  // profile without a file is the loader's missing file.
  fails(() => f.comparePhrase({ a: 'original', b: 'async-await', mode: 'cpu', n: 1000, runtime: 'bun-9' }), /^runtime "bun-9" is not a runtime profile, so no data\/perf-<profile>\.json holds it; name one of /);
  assert.throws(() => f.comparePhrase({ a: 'original', b: 'async-await', mode: 'cpu', n: 1000, runtime: 'bun' }), /data\/perf-bun\.json: missing/);
  fails(() => f.leaders({ mode: 'cpu', n: 1000, file: 'perf' }), /file="perf" is retired/);
  fails(() => f.comparePhrase({ a: 'original', b: 'async-await', mode: 'cpu', n: 5000 }), /no n "5000"/);
  fails(() => f.comparePhrase({ a: 'original', b: 'async-await', mode: 'cpu', n: 1000, metric: 'speed' }), /unknown metric "speed"/);
  fails(() => f.comparePhrase({ a: 'rx', b: 'original', mode: 'cpu', n: 1000 }), /too few repetitions for a 95 % interval/);
  fails(() => f.leaders({ mode: 'cpu', n: 1000, exclude: '.' }), /no measured variant is left/);
  fails(() => f.switchCost('original', {}), /no id "original" .*long-stack switch\); it has: \(nothing\)$/);
});

function buildFails(t, dir, re) {
  const r = buildSiteWith({ ASYNCBENCH_EXTRA_POSTS: path.join(FIXTURES, dir) });
  assert.equal(r.ok, false, 'the build passed');
  assert.match(r.log, re);
}

test('a comparison naming a variant the data do not hold fails the build', (t) => {
  buildFails(t, 'unknown-variant', /posts\/compare-unknown-variant\.md: \{% compare "perf", a="promises-telepathy"[^%]*%\}: no variant "promises-telepathy" in data\/perf-node-24\.json[^\n]*it has: [^\n]*\boriginal\b/);
});

test('a comparison naming a runtime the data do not hold fails the build', (t) => {
  buildFails(t, 'unknown-runtime', /posts\/compare-unknown-runtime\.md: \{% compare [^%]*runtime="bun-9" %\}: runtime "bun-9" is not a runtime profile, so no data\/perf-<profile>\.json holds it; name one of [^\n]*node-24/);
});

test('recorded traces of a variant the data do not hold fail the build', (t) => {
  buildFails(t, 'unknown-trace', /posts\/traces-unknown-variant\.md: \{% traces [^%]*%\}: no id "promises-telepathy" in data\/debuggability\.json; it has: [^\n]*\boriginal\b/);
});

// Gives a cell (the now runtime, CPU-bound, n = 1000) samples whose median
// and interval are these; the harness derives its figures from them.
function setTime(d, variant, median, lo, hi) {
  const c = d.cells.find((x) => x.variant === variant && x.mode === 'cpu' && x.n === 1000 && x.scenario === 'upload' && runtimeMatches(x.runtime, NOW_RUNTIME));
  setTimes(c, (old) => timesWithInterval(old.length, { median, lo, hi }));
  assert.deepEqual([c.time.median, c.timeCi.lo, c.timeCi.hi], [median, lo, hi]);
}

test('a build with changed data changes the phrases of a fixture post', (t) => {
  const build = (edit) => {
    const data = dataDir({ edit: { [DEFAULT_PERF]: edit } });
    t.after(() => data.remove());
    const r = buildSiteWith({ CHARTS_DATA_DIR: data.dir, ASYNCBENCH_EXTRA_POSTS: path.join(FIXTURES, 'posts'), ASYNCBENCH_DRAFTS: '1' });
    // Two styles the article makes no claim about, so it still builds
    // (its own sentences are checked by test/site/prose-claims.test.js).
    assert.ok(r.ok, r.log);
    const read = (p) => visibleText(fs.readFileSync(path.join(r.output, p, 'index.html'), 'utf8')).replace(/\s+/g, ' ');
    return { post: read('posts/compare-in-prose') };
  };
  const apart = build((d) => { setTime(d, 'stratifiedjs', 100, 95, 105); setTime(d, 'async-await-promisify', 300, 290, 310); });
  assert.match(apart.post, /Compare: async\/await with util\.promisify took 3× the time of StratifiedJS \(95\s% interval 2\.8–3\.3×\)\./);
  assert.match(apart.post, /Leaders: StratifiedJS, ahead of every other style by more than the 95\s% intervals\./);
  const tied = build((d) => { setTime(d, 'stratifiedjs', 100, 95, 105); setTime(d, 'async-await-promisify', 101, 96, 106); });
  assert.match(tied.post, /Compare: async\/await with util\.promisify and StratifiedJS took the same time \(medians 1\s% apart\)\./);
  assert.match(tied.post, /Leaders: StratifiedJS, tied with async\/await with util\.promisify \(their 95\s% intervals overlap\)\./);
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
