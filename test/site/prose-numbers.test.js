'use strict';
// site/prose/numbers.js (shortcodes in _config/prose.js): figures in prose
// come from data/ by key. A build with changed data prints the changed
// numbers; a key the data do not hold
// (variant, runtime, scenario, n, field) stops the build naming the post,
// the key and what the data do hold.
const test = require('node:test');
const { runtimeMatches, NOW_RUNTIME } = require('../../site/lib/runtime-match');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { buildSiteWith } = require('../helpers/eleventy');
const { dataDir } = require('../helpers/data-dir');
const { scaleTimes } = require('../helpers/perf-samples');
const { value, count, runtimeVersion, ProseNumberError } = require('../../site/prose/numbers');
const { ratioText } = require('../../site/format');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');

const FIXTURES = path.join('test', 'fixtures', 'prose-numbers');
const DATA = path.join(__dirname, '..', '..', 'data');

// A loader over hand-made data, shaped like the real files: the default
// runtime's perf file (node-24), another profile's (node-20), complexity.
function fakeLoad() {
  const cell = (variant, mode, n, median, runtime = 'node-24@24.21.0', scenario = 'upload', status = 'ok') =>
    ({ key: `${runtime}|${scenario}|${mode}|${variant}|${n}`, runtime, scenario, mode, variant, n, status, time: status === 'ok' ? { median, p75: median + 1, count: 3 } : null, memory: { median: 2, count: 3 } });
  const runs = (id, version) => ({ r: { runtimes: { [id]: { id, version } } } });
  const files = {
    'perf-node-24': { runs: runs('node-24@24.21.0', '24.21.0'),
      cells: [cell('a', 'cpu', 100, 10), cell('b', 'cpu', 100, 4), cell('a', 'io', 100, 30), cell('c', 'cpu', 100, 0, undefined, undefined, 'timeout')] },
    'perf-node-20': { runs: runs('node-20@20.20.2', '20.20.2'), cells: [cell('a', 'io', 100, 31, 'node-20@20.20.2')] },
    complexity: { variants: [{ id: 'a', tokens: 1234, lines: 40, depth: 2, complexity: 1.234, tokens2013: null }] },
  };
  const load = (name) => {
    if (!files[name]) throw new Error(`data/${name}.json: missing`);
    return { shown: `data/${name}.json`, data: files[name] };
  };
  load.has = (name) => name in files;
  return load;
}

test('values by key, with units and stats', () => {
  const load = fakeLoad();
  // A perf value also carries the cell it read and its file, for a ratio's
  // one-host check (site/lib/host-guard.js).
  const perf = (kw) => {
    const { value: v, unit, cell, hit } = value(load, 'perf', kw);
    return { value: v, unit, cell: cell.key, file: hit.shown };
  };
  assert.deepEqual(perf({ variant: 'a', mode: 'cpu', n: 100 }), { value: 10, unit: 'ms', cell: 'node-24@24.21.0|upload|cpu|a|100', file: 'data/perf-node-24.json' });
  assert.deepEqual(perf({ variant: 'a', mode: 'cpu', n: 100, stat: 'p75' }), { value: 11, unit: 'ms', cell: 'node-24@24.21.0|upload|cpu|a|100', file: 'data/perf-node-24.json' });
  assert.deepEqual(perf({ variant: 'a', mode: 'io', n: 100, metric: 'memory', runtime: 'node-20' }).value, 2);
  assert.equal(perf({ variant: 'a', mode: 'io', n: 100, metric: 'memory', runtime: 'node-20' }).unit, 'MB');
  assert.equal(value(load, 'complexity', { variant: 'a', field: 'lines' }).value, 40);
  assert.equal(count(load, 'perf', { of: 'variant', mode: 'cpu' }), 2, 'the timed-out cell is not a measured variant');
  assert.equal(runtimeVersion(load, 'node-20'), '20.20.2');
  assert.equal(runtimeVersion(load, 'node-24'), '24.21.0');
  assert.deepEqual([2.345, 0.6391, 15.4, 1234.5].map(ratioText), ['2.3', '0.64', '15', '1,235']);
});

test('perf figures read the file of the runtime they name, "now"\'s when they name none, or the file= given', () => {
  const load = fakeLoad();
  const asked = [];
  const spy = (name) => { asked.push(name); return load(name); };
  spy.has = load.has;
  value(spy, 'perf', { variant: 'a', mode: 'io', n: 100 });
  value(spy, 'perf', { variant: 'a', mode: 'io', n: 100, runtime: 'node-20' });
  value(spy, 'perf', { variant: 'a', mode: 'io', n: 100, file: 'perf-node-20' });
  runtimeVersion(spy, 'node-20');
  assert.deepEqual(asked, ['perf-node-24', 'perf-node-20', 'perf-node-20', 'perf-node-20']);
  assert.equal(value(load, 'perf', { variant: 'a', mode: 'io', n: 100, file: 'perf-node-20' }).value, 31);
  // Counting runtimes counts over every profile's file present.
  assert.equal(count(load, 'perf', { of: 'runtime' }), 2);
  assert.equal(count(load, 'perf', { of: 'runtime', mode: 'cpu' }), 1);
  assert.equal(count(load, 'perf-node-20', { of: 'runtime' }), 1);
});

test('a key the data do not hold fails, naming it and what exists', () => {
  const load = fakeLoad();
  const fails = (source, kw, re) => assert.throws(() => value(load, source, kw), (err) => err instanceof ProseNumberError && re.test(err.message));
  fails('perf', { variant: 'zz', mode: 'cpu', n: 100 }, /no variant "zz" in data\/perf-node-24\.json with scenario upload, mode cpu; it has: a, b, c$/);
  fails('perf', { variant: 'a', mode: 'cpu', n: 100, scenario: 'nope' }, /no scenario "nope" .*it has: upload$/);
  fails('perf', { variant: 'a', mode: 'cpu', n: 5000 }, /no n "5000" .*variant a; it has: 100$/);
  fails('perf', { variant: 'a', n: 100 }, /mode= is required .*it has: cpu, io/);
  fails('perf', { variant: 'c', mode: 'cpu', n: 100 }, /has status timeout, so no figure/);
  fails('perf', { variant: 'a', mode: 'cpu', n: 100, metric: 'speed' }, /unknown metric "speed"/);
  // A runtime that is no profile has no file; a profile without a file is
  // the loader's missing file (the build names it and the command).
  fails('perf', { variant: 'a', mode: 'cpu', n: 100, runtime: 'bun-9' }, /^runtime "bun-9" is not a runtime profile, so no data\/perf-<profile>\.json holds it; name one of node-0\.11, .*, bun, deno/);
  assert.throws(() => value(load, 'perf', { variant: 'a', mode: 'cpu', n: 100, runtime: 'bun' }), /data\/perf-bun\.json: missing/);
  // The one file of every runtime is gone: file="perf" says what replaces it.
  fails('perf', { variant: 'a', mode: 'cpu', n: 100, file: 'perf' }, /^file="perf" is retired: the performance data are one file per runtime profile, data\/perf-<profile>\.json; leave file= out and name the runtime with runtime= \(unnamed: node-24\), or give file="perf-node-24"$/);
  fails('perf', { variant: 'a', mode: 'cpu', n: 100, file: 'complexity' }, /file="complexity" is not a perf file; use perf-<profile> \(e\.g\. perf-node-24\) or perf-sweep/);
  fails('complexity', { variant: 'a', field: 'tokens2013' }, /no number for tokens2013 of a/);
  fails('complexity', { variant: 'a', field: 'weight' }, /field= must be one of tokens, /);
  fails('telemetry', {}, /unknown source "telemetry"/);
  assert.throws(() => runtimeVersion(load, 'node-20', 'perf-node-24'), /no runtime "node-20" in data\/perf-node-24\.json; it has: node-24@24\.21\.0/);
  assert.throws(() => runtimeVersion(load, 'node-20', 'perf'), /file="perf" is retired/);
});

test('a build with changed data prints the changed numbers in the prose', (t) => {
  const committed = JSON.parse(fs.readFileSync(path.join(DATA, 'complexity.json'), 'utf8')).variants.find((v) => v.id === 'original').tokens;
  const data = dataDir({
    edit: {
      complexity: (d) => { d.variants.find((v) => v.id === 'original').tokens = committed + 4321; },
      [DEFAULT_PERF]: (d) => {
        // Unnamed in the post, the runtime is "now" (the current LTS), as on the charts.
        // A style the article makes no claim about, so the article still builds.
        const c = d.cells.find((x) => x.variant === 'stratifiedjs' && x.mode === 'cpu' && x.n === 1000 && x.scenario === 'upload' && runtimeMatches(x.runtime, NOW_RUNTIME));
        scaleTimes(c, 8765.4 / c.time.median);
      },
    },
  });
  t.after(() => data.remove());
  const r = buildSiteWith({ CHARTS_DATA_DIR: data.dir, ASYNCBENCH_EXTRA_POSTS: path.join(FIXTURES, 'posts') });
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
  assert.equal(r.ok, false, 'the build passed');
  assert.match(r.log, /posts\/numbers-unknown-variant\.md: \{% num "perf", variant="promises-telepathy", mode="cpu", n=1000 %\}: no variant "promises-telepathy" in data\/perf-node-24\.json[^;]*; it has: [^\n]*\boriginal\b/);
});
