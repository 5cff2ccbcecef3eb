'use strict';
// site/prose/numbers.js (shortcodes in _config/prose.js): figures in prose
// come from data/ by key. A build with changed data prints the changed
// numbers; a key the data do not hold
// (variant, runtime, scenario, n, field) stops the build naming the post,
// the key and what the data do hold.
const test = require('node:test');
const { runtimeMatches, NOW_RUNTIME } = require('../site/lib/runtime-match');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { buildSiteWith } = require('./helpers/eleventy');
const { dataDir } = require('./helpers/data-dir');
const { scaleTimes } = require('./helpers/perf-samples');
const { value, count, runtimeVersion, ProseNumberError } = require('../site/prose/numbers');
const { ratioText } = require('../site/format');

const FIXTURES = path.join('test', 'fixtures', 'prose-numbers');
const DATA = path.join(__dirname, '..', 'data');

// A loader over hand-made data, shaped like the real files.
function fakeLoad() {
  const cell = (variant, mode, n, median, runtime = 'node-20.20.2', scenario = 'upload', status = 'ok') =>
    ({ key: `${runtime}|${scenario}|${mode}|${variant}|${n}`, runtime, scenario, mode, variant, n, status, time: status === 'ok' ? { median, p75: median + 1, count: 3 } : null, memory: { median: 2, count: 3 } });
  const files = {
    perf: { runs: { r: { runtimes: { 'node-20.20.2': { id: 'node-20.20.2', version: '20.20.2' } } } },
      cells: [cell('a', 'cpu', 100, 10), cell('b', 'cpu', 100, 4), cell('a', 'io', 100, 30), cell('c', 'cpu', 100, 0, undefined, undefined, 'timeout')] },
    complexity: { variants: [{ id: 'a', tokens: 1234, lines: 40, depth: 2, complexity: 1.234, tokens2013: null }] },
  };
  return (name) => ({ shown: `data/${name}.json`, data: files[name] });
}

test('values by key, with units and stats', () => {
  const load = fakeLoad();
  assert.deepEqual(value(load, 'perf', { variant: 'a', mode: 'cpu', n: 100 }), { value: 10, unit: 'ms' });
  assert.deepEqual(value(load, 'perf', { variant: 'a', mode: 'cpu', n: 100, stat: 'p75' }), { value: 11, unit: 'ms' });
  assert.deepEqual(value(load, 'perf', { variant: 'a', mode: 'io', n: 100, metric: 'memory', runtime: 'node-20' }), { value: 2, unit: 'MB' });
  assert.equal(value(load, 'complexity', { variant: 'a', field: 'lines' }).value, 40);
  assert.equal(count(load, 'perf', { of: 'variant', mode: 'cpu' }), 2, 'the timed-out cell is not a measured variant');
  assert.equal(runtimeVersion(load, 'node-20'), '20.20.2');
  assert.deepEqual([2.345, 0.6391, 15.4, 1234.5].map(ratioText), ['2.3', '0.64', '15', '1,235']);
});

test('a key the data do not hold fails, naming it and what exists', () => {
  const load = fakeLoad();
  const fails = (source, kw, re) => assert.throws(() => value(load, source, kw), (err) => err instanceof ProseNumberError && re.test(err.message));
  fails('perf', { variant: 'zz', mode: 'cpu', n: 100 }, /no variant "zz" in data\/perf\.json with scenario upload, mode cpu; it has: a, b, c$/);
  fails('perf', { variant: 'a', mode: 'cpu', n: 100, runtime: 'bun' }, /no runtime "bun" .*it has: node-20\.20\.2$/);
  fails('perf', { variant: 'a', mode: 'cpu', n: 100, scenario: 'nope' }, /no scenario "nope" .*it has: upload$/);
  fails('perf', { variant: 'a', mode: 'cpu', n: 5000 }, /no n "5000" .*variant a; it has: 100$/);
  fails('perf', { variant: 'a', n: 100 }, /mode= is required .*it has: cpu, io/);
  fails('perf', { variant: 'c', mode: 'cpu', n: 100 }, /has status timeout, so no figure/);
  fails('perf', { variant: 'a', mode: 'cpu', n: 100, metric: 'speed' }, /unknown metric "speed"/);
  fails('complexity', { variant: 'a', field: 'tokens2013' }, /no number for tokens2013 of a/);
  fails('complexity', { variant: 'a', field: 'weight' }, /field= must be one of tokens, /);
  fails('telemetry', {}, /unknown source "telemetry"/);
  assert.throws(() => runtimeVersion(load, 'deno'), /no runtime "deno" in data\/perf\.json; it has: node-20\.20\.2/);
});

test('a build with changed data prints the changed numbers in the prose', (t) => {
  const committed = JSON.parse(fs.readFileSync(path.join(DATA, 'complexity.json'), 'utf8')).variants.find((v) => v.id === 'original').tokens;
  const data = dataDir({
    edit: {
      complexity: (d) => { d.variants.find((v) => v.id === 'original').tokens = committed + 4321; },
      perf: (d) => {
        // Unnamed in the post, the runtime is "now" (the current LTS), as on the charts.
        const c = d.cells.find((x) => x.variant === 'original' && x.mode === 'cpu' && x.n === 1000 && x.scenario === 'upload' && runtimeMatches(x.runtime, NOW_RUNTIME));
        scaleTimes(d.cells, c, 8765.4 / c.time.median);
      },
    },
  });
  t.after(() => data.remove());
  const r = buildSiteWith({ CHARTS_DATA_DIR: data.dir, ASYNCBENCH_EXTRA_POSTS: path.join(FIXTURES, 'posts') });
  t.after(() => fs.rmSync(r.output, { recursive: true, force: true }));
  assert.ok(r.ok, r.log);
  const html = fs.readFileSync(path.join(r.output, 'posts', 'numbers-in-prose', 'index.html'), 'utf8');
  assert.match(html, new RegExp(`Tokens: ${(committed + 4321).toLocaleString('en-GB')}\\.`));
  assert.match(html, /CPU median: 8,765 ms\./);
  assert.match(html, /Runtime: \d+\.\d+\.\d+\./);
  assert.match(html, /Variants measured: \d+\./);
  assert.match(html, /Link: <a href="\/variants\/original\/">/);
  assert.doesNotMatch(html, /\{%|%\}/);
});

test('a prose reference to a variant the data do not hold fails the build, saying where and what exists', (t) => {
  const r = buildSiteWith({ ASYNCBENCH_EXTRA_POSTS: path.join(FIXTURES, 'unknown-variant') });
  t.after(() => fs.rmSync(r.output, { recursive: true, force: true }));
  assert.equal(r.ok, false, 'the build passed');
  assert.match(r.log, /posts\/numbers-unknown-variant\.md: \{% num "perf", variant="promises-telepathy", mode="cpu", n=1000 %\}: no variant "promises-telepathy" in data\/perf\.json[^;]*; it has: [^\n]*\boriginal\b/);
});
