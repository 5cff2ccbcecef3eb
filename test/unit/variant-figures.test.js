'use strict';
// The figures a variant page shows (the models' complexityOf, perfOf and
// then2013) and how it prints them (site/format.js, _config/variant-pages.js),
// on small hand-made data.
const test = require('node:test');
const assert = require('node:assert/strict');
const { complexityOf } = require('../../site/models/complexity');
const { perfOf } = require('../../site/models/perf');
const { then2013, nameMatches } = require('../../site/models/reference-2013');
const { figure, inlineCode } = require('../../site/format');
const { byFamily } = require('../../_config/variant-pages');
const { runtimesOfCells, profileName } = require('../../scripts/lib/runtime-id');

const summary = (median) => ({ median, p25: median - 1, p75: median + 1, min: median - 2, max: median + 2, count: 5 });
const cell = (runtime, run, mode, extra = {}) => ({
  runtime, run, mode, variant: 'co', scenario: 'upload', n: 1000, status: 'ok', t: 1, ioFloorMs: mode === 'cpu' ? 8 : 800,
  time: summary(mode === 'cpu' ? 20 : 900), memory: summary(5), ...extra,
});
const perf = {
  runs: {
    a: { runtimes: { 'node-20.20.2': { name: 'node', version: '20.20.2', flags: [] } }, host: { cpu: 'CPU', cores: 2 }, date: '2026-11-22' },
    b: { runtimes: { 'node-0.11.14 --harmony': { name: 'node', version: '0.11.14', flags: ['--harmony'] } }, host: {}, date: '2026-11-23' },
  },
  cells: [
    cell('node-20.20.2', 'a', 'io'),
    cell('node-20.20.2', 'a', 'cpu'),
    cell('node-0.11.14 --harmony', 'b', 'cpu', { status: 'timeout', error: 'killed after 60 s', time: summary(null), memory: summary(null) }),
    cell('node-20.20.2', 'a', 'cpu', { n: 500 }),
    cell('node-20.20.2', 'a', 'cpu', { variant: 'gens' }),
    cell('node-20.20.2', 'a', 'cpu', { scenario: 'errors' }),
  ],
};

test('perf: one entry per runtime in the data, in release order, rows in mode order, only the asked n and scenario', () => {
  const p = perfOf(perf, 'co', { n: 1000 });
  assert.deepEqual(p.runtimes.map((r) => [r.id, r.label, r.rows.map((x) => x.mode)]), [
    ['node-0.11.14 --harmony', 'node 0.11.14 --harmony', ['cpu']],
    ['node-20.20.2', 'node 20.20.2', ['cpu', 'io']],
  ]);
  assert.equal(p.runtimes[1].rows[1].time.median, 900);
  assert.equal(p.runtimes[1].rows[1].ioFloorMs, 800);
});

test('perf: a cell that did not finish keeps its status and has no figures', () => {
  const [row] = perfOf(perf, 'co', { n: 1000 }).runtimes[0].rows;
  assert.equal(row.status, 'timeout');
  assert.equal(row.error, 'killed after 60 s');
  assert.equal(row.time, null);
});

test('perf: nothing measured gives no runtimes and no environment', () => {
  assert.deepEqual(perfOf(perf, 'rx', { n: 1000 }), { n: 1000, scenario: 'upload', runtimes: [], env: '', flags: [], engineNote: '',
    measure: "npm run bench -- --runtimes node-24 --variants '^rx$' --resume --out data/perf-node-24.json" });
});

// Issue 29: the variant pages listed runtimes in the order of the data
// (24, 14, 0.11, 12, bun, 26...). They list them as the runtime matrix does
// (scripts/lib/runtime-id.js): Node by version, then each other runtime from
// the release date of the version shown (Deno 2.9.6 before Bun 1.4.5).
// One run measured several of them, as `--runtimes a,b,c` does.
const RUN = 'r/node-26@26.10.0+bun@1.4.5+deno@2.9.6+node-12@12.22.12';
const RELEASED = { 'node-0.11@0.11.14': ['node', '0.11.14', 'v8'], 'node-4@4.9.1': ['node', '4.9.1', 'v8'], 'node-12@12.22.12': ['node', '12.22.12', 'v8'],
  'node-24@24.21.0': ['node', '24.21.0', 'v8'], 'node-26@26.10.0': ['node', '26.10.0', 'v8'], 'deno@2.9.6': ['deno', '2.9.6', 'v8'], 'bun@1.4.5': ['bun', '1.4.5', 'jsc'] };
const many = {
  runs: {
    [RUN]: {
      host: { cpu: 'CPU', cores: 2, os: 'OS' }, date: '2026-11-23',
      runtimes: Object.fromEntries(Object.entries(RELEASED).map(([id, [name, version, engine]]) => [id, { name, version, engine, flags: [], profile: profileName(id) }])),
    },
  },
  // The data's order, scrambled as the issue saw it.
  cells: ['node-24@24.21.0', 'bun@1.4.5', 'node-0.11@0.11.14', 'node-12@12.22.12', 'node-26@26.10.0', 'deno@2.9.6', 'node-4@4.9.1']
    .map((id) => cell(id, RUN, 'cpu', { key: id })),
};

test('perf: runtimes in release order, whatever order the data hold them in', () => {
  const p = perfOf(many, 'co', { n: 1000 });
  assert.deepEqual(p.runtimes.map((r) => r.id), ['node-0.11@0.11.14', 'node-4@4.9.1', 'node-12@12.22.12', 'node-24@24.21.0', 'node-26@26.10.0', 'deno@2.9.6', 'bun@1.4.5']);
  // ...the runtime matrix's order, the one release order of scripts/lib/runtime-id.js.
  assert.deepEqual(p.runtimes.map((r) => r.id), runtimesOfCells(many, many.cells).map((r) => r.id));
});

test('perf: the caption names every runtime with a figure, in the table\'s order', () => {
  const { env } = perfOf(many, 'co', { n: 1000 });
  assert.equal(env, 'node 0.11.14, node 4.9.1, node 12.22.12, node 24.21.0, node 26.10.0, deno 2.9.6 and bun 1.4.5, CPU (2 cores), OS, 2026-11-23');
});

test('perf: Bun\'s memory beside V8\'s is labelled not comparable; one engine alone is not', () => {
  const p = perfOf(many, 'co', { n: 1000 });
  assert.equal(p.engineNote, 'Peak memory is not comparable across engines (V8: Node, Deno; JavaScriptCore: Bun): each engine sizes its heap in its own way.');
  const nodeOnly = { ...many, cells: many.cells.filter((c) => c.runtime.startsWith('node-')) };
  assert.equal(perfOf(nodeOnly, 'co', { n: 1000 }).engineNote, '');
  // Bun skipped: no Bun memory is shown, so nothing to label.
  const bunSkipped = { ...many, cells: many.cells.map((c) => (c.runtime === 'bun@1.4.5' ? { ...c, status: 'skipped', time: summary(null), memory: summary(null) } : c)) };
  assert.equal(perfOf(bunSkipped, 'co', { n: 1000 }).engineNote, '');
});

test('complexity: the row of the variant and the smallest variant', () => {
  const data = { variants: [{ id: 'a', tokens: 300, uploadTokens: 250, lines: 40, depth: 1, complexity: 1, file: 'examples/a.js' }, { id: 'b', tokens: 600, uploadTokens: 500, lines: 80, depth: 5, complexity: 2, file: 'examples/b.js' }] };
  assert.deepEqual(complexityOf(data, 'b'), {
    tokens: 600, uploadTokens: 500, headlineTokens: 600, headerTokens: null, lines: 80, depth: 5, complexity: 2,
    smallest: { id: 'a', tokens: 300 }, file: 'examples/b.js', file2013: null, tokens2013: null, ratio2013: null,
  });
  assert.equal(complexityOf(data, 'c'), null);
});

test('complexity: the headline count ranks and the 2013 counterpart comes along', () => {
  const row = (id, tokens, headlineTokens, extra = {}) => ({ id, tokens, uploadTokens: tokens - 50, headlineTokens, headerTokens: 60, headlineComplexity: 1, lines: 40, depth: 1, complexity: 1, file: `examples/${id}.js`, file2013: null, tokens2013: null, ratio2013: null, ...extra });
  // a is smaller as a whole file, b once the header and parallel code are out.
  const data = { variants: [row('a', 300, 250), row('b', 320, 200, { headlineComplexity: 1, file2013: 'co.js', tokens2013: 304, ratio2013: 0.66 })] };
  const b = complexityOf(data, 'b');
  assert.equal(b.headlineTokens, 200);
  assert.deepEqual(b.smallest, { id: 'b', tokens: 200 });
  assert.deepEqual([b.file2013, b.tokens2013, b.ratio2013, b.headerTokens], ['co.js', 304, 0.66, 60]);
});

const reference = {
  source: { title: 'T', author: 'A', published: '2013-08-09', url: 'https://example.org', runtime: 'node 0.11' },
  cpuBound: { unit: 'ms', description: 'cpu', series: [{ label: 'gens.js', points: [{ n: 500, value: 40 }, { n: 1000, value: 70 }] }] },
  ioBound: { unit: 'ms', description: 'io', series: [] },
  memory: { unit: 'MB', description: 'mem', series: [{ label: 'gens.js', points: [{ n: 1000, value: 9.5 }] }] },
  complexity: { description: 'tokens', rows: [{ name: 'gens.js', tokens: 341, complexity: 1.13 }] },
  parallel1000: { description: 'par', rows: [{ file: 'gens.js', timeMs: 149, memoryMb: 8 }] },
  debuggability: { description: 'levels', rows: [{ name: 'flattened*.js', sourceMaps: 5, stackTraces: 4, total: 9 }] },
};

test('2013: the counterpart figures at n, and null where the article left the file out', () => {
  const t = then2013(reference, 'gens.js', { n: 1000 });
  assert.deepEqual(t.cpu, { value: 70, unit: 'ms' });
  assert.equal(t.io, null);
  assert.deepEqual(t.memory, { value: 9.5, unit: 'MB' });
  assert.equal(t.tokens, 341);
  assert.deepEqual(t.parallel, { timeMs: 149, memoryMb: 8 });
  assert.equal(t.debuggability, null);
  assert.equal(then2013(reference, null, { n: 1000 }), null);
});

test('2013: a wildcard name in a table stands for every file it matches', () => {
  assert.equal(then2013(reference, 'flattened-class.js', { n: 1000 }).debuggability.total, 9);
  assert.ok(nameMatches('flattened*.js', 'flattened.js'));
  assert.ok(!nameMatches('flattened*.js', 'flattenedXjs'));
  assert.ok(!nameMatches('co.js', 'coXjs'));
});

test('figure: three significant digits below 100, whole numbers with separators above, a dash for nothing', () => {
  assert.deepEqual([0.5, 5.414, 12.304, 99.94, 817.474, 1518, 0].map(figure), ['0.5', '5.41', '12.3', '99.9', '817', '1,518', '0']);
  assert.equal(figure(null), '–');
  assert.equal(figure(NaN), '–');
  assert.equal(figure('12'), '–');
});

test('inlineCode: escapes markup and turns backtick spans into code', () => {
  assert.equal(inlineCode('a `<b>` & "c"'), 'a <code>&lt;b&gt;</code> &amp; &quot;c&quot;');
});

test('byFamily: groups in the order families first appear', () => {
  const groups = byFamily([{ id: 'a', family: 'x' }, { id: 'b', family: 'y' }, { id: 'c', family: 'x' }]);
  assert.deepEqual(groups.map((g) => [g.family, g.variants.map((v) => v.id)]), [['x', ['a', 'c']], ['y', ['b']]]);
});
