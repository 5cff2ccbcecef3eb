'use strict';
// site/prose/claims.js: sentences a person wrote that state an ordering, a
// tie, a trend or a "cheapest", checked against the data at build time under
// the one rule of site/prose/compare.js. A sentence the data stop supporting
// fails the build, quoting it.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { buildSiteWith } = require('../helpers/eleventy');
const { dataDir } = require('../helpers/data-dir');
const { setTimes, timesWithInterval } = require('../helpers/perf-samples');
const { runtimeMatches, NOW_RUNTIME } = require('../../site/lib/runtime-match');
const { ProseNumberError } = require('../../site/lib/lookup');
const { claims, ClaimError } = require('../../site/prose/claims');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');
const { makeLoader } = require('../../site/lib/data-files');
const { summarizeCell } = require('../../scripts/harness/datafile');

const { filesLoader } = require('../helpers/files-loader');

const cell = (variant, median, lo, hi, runtime = 'node-24@24.21.0', file = DEFAULT_PERF) => ({
  file, key: `${runtime}|upload|cpu|${variant}|1000`, runtime, scenario: 'upload', mode: 'cpu', variant, n: 1000, status: 'ok',
  time: { median }, timeCi: { lo, hi },
});
const claimsOver = (cells, extra = {}) => {
  const files = { ...extra };
  for (const { file, ...c } of cells) (files[file] = files[file] || { runs: {}, cells: [] }).cells.push(c);
  return claims(filesLoader(files), extra.profileView ? { profileView: extra.profileView } : {});
};
const K = { mode: 'cpu', n: 1000 };
const holds = (f, rel, kw) => assert.equal(f('The sentence.', rel, { ...K, ...kw }), 'The sentence.');
const fails = (f, rel, kw, re) => assert.throws(() => f('The <a href="#x">sentence</a> here.', rel, { ...K, ...kw }),
  (err) => err instanceof ClaimError && /the sentence "The sentence here\." is no longer true/.test(err.message) && re.test(err.message));

test('ahead holds only when the intervals are apart and in the order claimed', () => {
  const f = claimsOver([cell('original', 10, 9, 11), cell('async-await', 20, 19, 22), cell('promises-native', 10.5, 10.8, 12)]);
  holds(f, 'ahead', { a: 'original', b: 'async-await' });
  fails(f, 'ahead', { a: 'async-await', b: 'original' }, /original .* ranks ahead of async-await/);
  fails(f, 'ahead', { a: 'original', b: 'promises-native' }, /are tied: their 95 % intervals overlap/);
});

test('tied and same: every pair overlaps; "same" also needs medians within the margin', () => {
  const f = claimsOver([cell('original', 10, 9, 11), cell('flattened', 10.2, 9.5, 11), cell('catcher', 11.5, 10.5, 13), cell('async-await', 20, 19, 22)]);
  holds(f, 'tied', { variants: 'original,flattened,catcher' });
  holds(f, 'same', { variants: 'original,flattened' });
  fails(f, 'same', { variants: 'original,catcher' }, /more than 5 % apart: tied, not the same/);
  fails(f, 'tied', { variants: 'original,async-await' }, /rank: their 95 % intervals are apart/);
  assert.throws(() => f('x', 'tied', { ...K, variants: 'original' }), ProseNumberError);
});

test('leads: at the front or tied with it; alone=true is the "only / cheapest" sentence', () => {
  const f = claimsOver([cell('original', 10, 9, 11), cell('flattened', 10.5, 9.5, 11.5), cell('async-await', 20, 19, 22)]);
  holds(f, 'leads', { a: 'flattened' });
  fails(f, 'leads', { a: 'original', alone: true }, /not alone at the lowest end: tied with 1 other style \(flattened\)/);
  fails(f, 'leads', { a: 'async-await' }, /async-await is not at the lowest end/);
  holds(f, 'leads', { a: 'async-await', end: 'high', alone: true });
  const g = claimsOver([cell('original', 10, 9, 11), cell('async-await', 20, 19, 22)]);
  holds(g, 'leads', { a: 'original', alone: true });
});

test('ratio: the whole interval within the bounds given', () => {
  const f = claimsOver([cell('original', 10, 9.5, 10.5), cell('async-await', 15, 14.5, 15.5)]);
  holds(f, 'ratio', { a: 'async-await', b: 'original', min: 1.3, max: 1.7 });
  fails(f, 'ratio', { a: 'async-await', b: 'original', min: 1.45 }, /is 1\.5× \(interval 1\.38–1\.63×\), not within 1\.45–…×/);
  assert.throws(() => f('x', 'ratio', { ...K, a: 'async-await', b: 'original' }), /ratio needs min= or max=/);
});

test('trend: each step of the ratio apart from the next, in the direction claimed', () => {
  const file = 'perf-then';
  const f = claimsOver([
    cell('original', 10, 9.5, 10.5, 'node-10@10.0.0', file), cell('async-await', 11, 10.5, 11.5, 'node-10@10.0.0', file),
    cell('original', 10, 9.5, 10.5, 'node-20@20.0.0', file), cell('async-await', 16, 15.5, 16.5, 'node-20@20.0.0', file),
    cell('original', 10, 9.5, 10.5, 'node-24@24.0.0', file), cell('async-await', 15.8, 15.3, 16.3, 'node-24@24.0.0', file),
  ]);
  holds(f, 'trend', { file, a: 'async-await', b: 'original', runtimes: 'node-10,node-20', direction: 'up' });
  fails(f, 'trend', { file, a: 'async-await', b: 'original', runtimes: 'node-10,node-20', direction: 'down' }, /does not go down from node-10/);
  fails(f, 'trend', { file, a: 'async-await', b: 'original', runtimes: 'node-20,node-24', direction: 'down' }, /does not go down from node-20 \(1\.6×/);
  // One style across runtimes of one file: a@runtime.
  holds(f, 'ahead', { file, a: 'async-await@node-10', b: 'async-await@node-20' });
});

test('profile: the part named holds the most time, or at least min=', () => {
  const view = { categories: [{ name: 'q', share: 0.6 }, { name: 'node', share: 0.3 }, { name: 'variant', share: 0.1 }] };
  const f = claimsOver([], { profileView: () => view });
  holds(f, 'profile', { variant: 'promises-q', part: 'q' });
  holds(f, 'profile', { variant: 'promises-q', part: 'node', min: 0.25 });
  fails(f, 'profile', { variant: 'promises-q', part: 'node' }, /q \(60 %\), not node \(30 %\), holds the most/);
  fails(f, 'profile', { variant: 'promises-q', part: 'gc' }, /has no part "gc"; it has: q, node, variant/);
  assert.throws(() => claimsOver([])('x', 'profile', { variant: 'promises-q', part: 'q' }), /no profile data are loaded/);
});

test('an unknown relation names the known ones', () => {
  assert.throws(() => claimsOver([])('x', 'fastest', {}), /unknown claim "fastest"; use one of ahead, tied, same, leads, ratio, trend, profile, scores, exact, growth/);
});

// The companion posts' files under the same rule (source=): a cell of
// data/<source>.json with its time median and 95 % interval, or with
// samples only (too few for an interval).
const scell = (source, variant, mode, n, median, lo, hi, { runtime = 'node-24@24.21.0', status = 'ok', samples } = {}) => ({
  file: source, key: `${runtime}|${source}|${mode}|${variant}|${n}`, runtime, scenario: source, mode, variant, n, status,
  ...(status === 'ok' ? { time: { median }, timeCi: { lo, hi } } : {}),
  ...(samples ? { samples: samples.map((timeMs) => ({ status: 'ok', timeMs })) } : {}),
});
const D = { source: 'delegation', mode: 'flat', n: 10000 };
const delegation = () => claimsOver([
  scell('delegation', 'delegation-suspend', 'flat', 10000, 278, 222, 380),
  scell('delegation', 'delegation-async-await', 'flat', 10000, 443, 410, 520),
  scell('delegation', 'delegation-bluebird', 'flat', 10000, 488, 457, 585),
  scell('delegation', 'delegation-co-promises', 'flat', 10000, 499, 467, 518),
  scell('delegation', 'delegation-co-3-thunks', 'flat', 10000, 548, 455, 576, { runtime: 'node-0.11@0.11.14' }),
  scell('delegation', 'delegation-co-3-thunks', 'd1', 10000, 710, 583, 922, { runtime: 'node-0.11@0.11.14' }),
]);

test('source="delegation": ahead, tied and same read the delegation file under the one rule', () => {
  const f = delegation();
  holds(f, 'ahead', { ...D, a: 'delegation-suspend', b: 'delegation-async-await' });
  fails(f, 'ahead', { ...D, a: 'delegation-async-await', b: 'delegation-bluebird' }, /delegation-async-await 443 \(410–520\) and delegation-bluebird 488 \(457–585\) are tied/);
  holds(f, 'tied', { ...D, variants: 'delegation-async-await,delegation-bluebird,delegation-co-promises' });
  holds(f, 'same', { ...D, variants: 'delegation-bluebird,delegation-co-promises' });
  fails(f, 'same', { ...D, variants: 'delegation-async-await,delegation-bluebird' }, /more than 5 % apart: tied, not the same/);
  // One runner at two depths: a side carries its own mode.
  holds(f, 'ahead', { ...D, runtime: 'node-0.11', a: 'delegation-co-3-thunks', b: 'delegation-co-3-thunks:d1' });
  fails(f, 'ahead', { ...D, runtime: 'node-0.11', a: 'delegation-co-3-thunks:d1', b: 'delegation-co-3-thunks' }, /delegation-co-3-thunks on node-0\.11 548 .* ranks ahead of delegation-co-3-thunks \(d1\) on node-0\.11/);
  // Throughput orders as time does, the other way round: claims rank on time.
  assert.throws(() => f('x', 'ahead', { ...D, metric: 'throughput', a: 'delegation-suspend', b: 'delegation-async-await' }), /leave metric= out/);
  assert.throws(() => f('x', 'ahead', { ...D, source: 'delegations', a: 'x', b: 'y' }), /source="delegations" is none of perf, delegation, streamline-modes, chains/);
});

test('source=: leads and ratio rank a companion file\'s cells; n="max" is the most it measured', () => {
  const f = delegation();
  holds(f, 'leads', { ...D, a: 'delegation-suspend' });
  fails(f, 'leads', { ...D, a: 'delegation-async-await' }, /delegation-async-await is not at the lowest end: delegation-suspend 278 \(222–380\) leads/);
  holds(f, 'leads', { ...D, a: 'delegation-bluebird', end: 'high' });
  fails(f, 'leads', { ...D, a: 'delegation-bluebird', end: 'high', alone: true }, /not alone at the highest end: tied with 2 other styles/);
  holds(f, 'ratio', { ...D, a: 'delegation-co-promises', b: 'delegation-suspend', min: 1.2 });
  const C = { source: 'chains', mode: 'async' };
  const g = claimsOver([
    scell('chains', 'chains-native', 'async', 1, 4.5, 3.1, 5.8), scell('chains', 'chains-async', 'async', 1, 4.9, 3.6, 6.1),
    scell('chains', 'chains-native', 'async', 100, 75.3, 70.2, 92.1), scell('chains', 'chains-async', 'async', 100, 74.8, 62.3, 97.8),
    scell('chains', 'chains-native', 'async', 100, 427, 413, 616, { runtime: 'node-0.11@0.11.14' }), scell('chains', 'chains-async', 'async', 100, 83, 75, 137, { runtime: 'node-0.11@0.11.14' }),
  ]);
  holds(g, 'same', { ...C, n: 'max', variants: 'chains-native,chains-async' });
  holds(g, 'ahead', { ...C, n: 'max', runtime: 'node-0.11', a: 'chains-async', b: 'chains-native' });
  holds(g, 'trend', { ...C, n: 100, a: 'chains-native', b: 'chains-async', runtimes: 'node-0.11,node-24', direction: 'down' });
  fails(g, 'trend', { ...C, n: 100, a: 'chains-native', b: 'chains-async', runtimes: 'node-0.11,node-24', direction: 'up' }, /does not go up from node-0\.11/);
});

test('source="streamline-modes": five runs give no interval, so nothing ranks; outcomes are checked from the first failure up', () => {
  const S = { source: 'streamline-modes', mode: 'setImmediate' };
  const five = (x) => [x, x * 1.1, x * 0.9, x * 1.05, x * 0.95];
  const f = claimsOver([
    scell('streamline-modes', 'slmodes-fibers', 'setImmediate', 5000, 13, null, null, { samples: five(13) }),
    scell('streamline-modes', 'slmodes-callbacks', 'setImmediate', 5000, 82, null, null, { samples: five(82) }),
    scell('streamline-modes', 'slmodes-raw-callbacks', 'setImmediate', 100, 21, null, null, { samples: five(21) }),
    scell('streamline-modes', 'slmodes-raw-callbacks', 'setImmediate', 1000, null, null, null, { status: 'stack-overflow' }),
    scell('streamline-modes', 'slmodes-raw-callbacks', 'setImmediate', 5000, null, null, null, { status: 'stack-overflow' }),
    scell('streamline-modes', 'slmodes-async-await', 'setImmediate', 5000, 30, null, null, { samples: five(30) }),
  ]);
  fails(f, 'ahead', { ...S, n: 5000, a: 'slmodes-fibers', b: 'slmodes-callbacks' }, /too few repetitions for an interval, so nothing ranks/);
  fails(f, 'tied', { ...S, n: 5000, variants: 'slmodes-fibers,slmodes-async-await' }, /too few repetitions for an interval/);
  holds(f, 'unranked', { ...S, n: 5000, a: 'slmodes-fibers', b: 'slmodes-callbacks' });
  holds(f, 'unranked', { source: 'streamline-modes', mode: undefined, n: undefined });
  holds(f, 'outcome', { ...S, variant: 'slmodes-raw-callbacks', outcome: 'stack-overflow' });
  fails(f, 'outcome', { ...S, variant: 'slmodes-raw-callbacks', outcome: 'timeout' }, /slmodes-raw-callbacks never ended in timeout: ok, stack-overflow/);
  fails(f, 'outcome', { ...S, variant: 'slmodes-raw-callbacks', outcome: 'ok' }, /did not finish everywhere: stack-overflow at n = 1000, stack-overflow at n = 5000/);
  holds(f, 'outcome', { ...S, variant: 'slmodes-async-await', outcome: 'ok' });
  // Without mode=, "ok" spans every mode; a failure holds "from the first n up" of one mode only.
  const modes = claimsOver([
    scell('streamline-modes', 'slmodes-async-await', 'setImmediate', 1, 30, null, null, { samples: five(30) }),
    scell('streamline-modes', 'slmodes-async-await', 'readFile', 1, 1700, null, null, { samples: five(1700) }),
    scell('streamline-modes', 'slmodes-callbacks', 'readFile', 1, null, null, null, { status: 'timeout' }),
  ]);
  holds(modes, 'outcome', { source: 'streamline-modes', mode: undefined, n: undefined, variant: 'slmodes-async-await', outcome: 'ok' });
  fails(modes, 'outcome', { source: 'streamline-modes', mode: undefined, n: undefined, variant: 'slmodes-callbacks', outcome: 'ok' }, /did not finish everywhere: timeout at n = 1/);
  assert.throws(() => modes('x', 'outcome', { source: 'streamline-modes', variant: 'slmodes-callbacks', outcome: 'timeout' }), /outcome="timeout" needs mode=/);
  // A rerun with six runs a cell gives intervals: the "nothing ranks" sentence then stops the build.
  const six = claimsOver([scell('streamline-modes', 'slmodes-fibers', 'setImmediate', 5000, 13, 12, 14)]);
  fails(six, 'unranked', { source: 'streamline-modes', mode: undefined, n: undefined }, /slmodes-fibers\|5000 has a 95 % interval of its median/);
  const back = claimsOver([
    scell('streamline-modes', 'slmodes-raw-callbacks', 'setImmediate', 100, null, null, null, { status: 'stack-overflow' }),
    scell('streamline-modes', 'slmodes-raw-callbacks', 'setImmediate', 1000, 21, null, null, { samples: five(21) }),
  ]);
  fails(back, 'outcome', { ...S, variant: 'slmodes-raw-callbacks', outcome: 'stack-overflow' }, /stack-overflow at n = 100 but not at every n above it \(ok at n = 1000\)/);
});

test('a companion post whose file is not measured yet is a draft: its sentences pass, unchecked', (t) => {
  const empty = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'asyncbench-claims-'));
  t.after(() => fs.rmSync(empty, { recursive: true, force: true }));
  const f = claims(makeLoader({ dataDir: empty }));
  assert.equal(f('Suspend finished first.', 'ahead', { ...D, a: 'delegation-suspend', b: 'delegation-async-await' }), 'Suspend finished first.');
});

// The build: the fixture post's sentence holds on the committed data and
// stops the build, quoted, once the data say otherwise.
function setTime(d, variant, median, lo, hi) {
  const c = d.cells.find((x) => x.variant === variant && x.mode === 'cpu' && x.n === 1000 && x.scenario === 'upload' && runtimeMatches(x.runtime, NOW_RUNTIME));
  setTimes(c, (old) => timesWithInterval(old.length, { median, lo, hi }));
}

test('a sentence the data contradict fails the build, quoting the sentence', (t) => {
  const posts = path.join('test', 'fixtures', 'prose-claims', 'posts');
  const ok = buildSiteWith({ ASYNCBENCH_EXTRA_POSTS: posts, ASYNCBENCH_DRAFTS: '1' });
  assert.ok(ok.ok, ok.log);
  const html = fs.readFileSync(path.join(ok.output, 'posts', 'claims-in-prose', 'index.html'), 'utf8');
  assert.match(html, /Promisified async functions finish before StratifiedJS\./);
  // Styles the article makes no claim about, so that it still builds and the
  // fixture's sentence is the one that stops the build.
  const data = dataDir({ edit: { [DEFAULT_PERF]: (d) => { setTime(d, 'async-await-promisify', 300, 290, 310); setTime(d, 'stratifiedjs', 100, 95, 105); } } });
  t.after(() => data.remove());
  const r = buildSiteWith({ CHARTS_DATA_DIR: data.dir, ASYNCBENCH_EXTRA_POSTS: posts, ASYNCBENCH_DRAFTS: '1' });
  assert.equal(r.ok, false, 'the build passed');
  assert.match(r.log, /posts\/claims-in-prose\.md: \{% claim "ahead" %\}: the sentence "Promisified async functions finish before StratifiedJS\." is no longer true: stratifiedjs [^\n]* ranks ahead of async-await-promisify/);
});

test('scores and exact: debuggability sentences, counted from recorded traces', () => {
  const trace = (quality) => [{ way: 'reject', quality }];
  const debuggability = { variants: [
    { id: 'original', score: { score: 11, max: 25 }, traces: trace('absent') },
    { id: 'async-await', score: { score: 17, max: 25 }, traces: trace('exact') },
    { id: 'streamline-callbacks', score: { score: 20, max: 25 }, traces: trace('exact') },
  ] };
  const f = claimsOver([], { debuggability });
  holds(f, 'scores', { a: 'async-await', b: 'original' });
  fails(f, 'scores', { a: 'async-await', b: 'streamline-callbacks' }, /async-await scores 17 and streamline-callbacks 20/);
  holds(f, 'exact', { variants: 'streamline-callbacks,async-await' });
  fails(f, 'exact', { variants: 'async-await' }, /are async-await, streamline-callbacks, not async-await/);
});

test('growth: a sentence about how a style\'s time grows holds only as the sweep\'s fits read', () => {
  const { currentLoad } = require('../../site/lib/per-build');
  const { growthFit, reading, steepness } = require('../../site/models/growth');
  const load = currentLoad();
  const f = claims(load);
  const kw = { runtime: 'node-14', metric: 'warm' };
  const a = growthFit(load, 'fibrous', kw), b = growthFit(load, 'async-await', kw);
  const says = steepness(a, b);
  holds(f, 'growth', { ...kw, a: 'fibrous', reading: reading(a), b: 'async-await', steepness: says });
  const other = ['steeper than', 'less steep than', 'not told apart from'].find((s) => s !== says);
  fails(f, 'growth', { ...kw, a: 'fibrous', b: 'async-await', steepness: other }, new RegExp(`is ${says} async-await's`));
  fails(f, 'growth', { ...kw, a: 'fibrous', reading: 'quadratic' }, /fibrous's growth reads "/);
});

test('leads exactly=: the group at the front is these styles and no others', () => {
  const f = claimsOver([cell('original', 10, 9, 11), cell('flattened', 10.5, 9.5, 11.5), cell('async-await', 20, 19, 22)]);
  holds(f, 'leads', { exactly: 'flattened,original' });
  fails(f, 'leads', { exactly: 'original' }, /the group at the lowest end is flattened, original, not original/);
  fails(f, 'leads', { exactly: 'original,flattened,async-await' }, /is flattened, original, not async-await, flattened, original/);
});

test('runtimes= checks a relation on each runtime named, and says which one broke it', () => {
  const file = 'perf-then';
  const f = claimsOver([
    cell('original', 10, 9.5, 10.5, 'node-20@20.0.0', file), cell('async-await', 16, 15.5, 16.5, 'node-20@20.0.0', file),
    cell('original', 10, 9.5, 10.5, 'node-22@22.0.0', file), cell('async-await', 10.2, 9.8, 10.6, 'node-22@22.0.0', file),
  ]);
  holds(f, 'ahead', { file, a: 'original', b: 'async-await', runtimes: 'node-20' });
  fails(f, 'ahead', { file, a: 'original', b: 'async-await', runtimes: 'node-20,node-22' }, /on node-22: original .* and async-await .* are tied/);
});

// A companion post's sentence (source=) holds on the committed
// data/delegation.json and stops the build, quoted, once the file says otherwise.
test('a companion post\'s sentence the data contradict fails the build, quoting the sentence', (t) => {
  const posts = path.join('test', 'fixtures', 'prose-claims', 'posts');
  const ok = buildSiteWith({ ASYNCBENCH_EXTRA_POSTS: posts, ASYNCBENCH_DRAFTS: '1' });
  assert.ok(ok.ok, ok.log);
  assert.match(fs.readFileSync(path.join(ok.output, 'posts', 'companion-claims', 'index.html'), 'utf8'), /Suspend finishes its coroutines before async functions do\./);
  // suspend, flat, 10,000 coroutines on Node 24: slower than async/await, by more than the intervals.
  const slower = (d) => {
    const c = d.cells.find((x) => x.variant === 'delegation-suspend' && x.mode === 'flat' && x.n === 10000 && runtimeMatches(x.runtime, NOW_RUNTIME));
    setTimes(c, (old) => timesWithInterval(old.length, { median: 900, lo: 880, hi: 920 }));
    for (const s of c.samples) if (s.status === 'ok') s.opsPerSec = Number((c.n / s.timeMs * 1000).toFixed(1));
    summarizeCell(c, { ciTarget: c.timeCi.targetPct });
  };
  const data = dataDir({ edit: { delegation: slower } });
  t.after(() => data.remove());
  const r = buildSiteWith({ CHARTS_DATA_DIR: data.dir, ASYNCBENCH_EXTRA_POSTS: posts, ASYNCBENCH_DRAFTS: '1' });
  assert.equal(r.ok, false, 'the build passed');
  assert.match(r.log, /posts\/companion-claims\.md: \{% claim "ahead" %\}: the sentence "Suspend finishes its coroutines before async functions do\." is no longer true: delegation-async-await [^\n]* ranks ahead of delegation-suspend 900 \(880–920\)/);
});

test('reproduced: a sentence about which styles moved since 2013 holds only while the table says so', () => {
  const { currentLoad } = require('../../site/lib/per-build');
  const { reproduction2013 } = require('../../site/models/reproduction-2013');
  const load = currentLoad();
  const f = claims(load);
  const rows = reproduction2013({ set: 'cpu' }, load).rows;
  const [row] = rows;
  const other = ['agrees', 'differs', 'tied within spread'].find((v) => v !== row.verdict);
  holds(f, 'reproduced', { variants: row.name, verdict: row.verdict });
  fails(f, 'reproduced', { variants: row.name, verdict: other }, new RegExp(`${row.name} `));
  fails(f, 'reproduced', { variants: 'promises-telepathy', verdict: 'differs' }, /promises-telepathy is not in the cpu reproduction table/);
});
