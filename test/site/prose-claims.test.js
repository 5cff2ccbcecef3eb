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

function filesLoader(files) {
  const load = (name) => {
    if (!files[name]) throw new Error(`data/${name}.json: missing`);
    return { shown: `data/${name}.json`, data: files[name] };
  };
  load.has = (name) => name in files;
  return load;
}

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
