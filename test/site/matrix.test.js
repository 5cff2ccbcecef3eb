'use strict';
// The runtime matrix ("then and now", site/models/matrix.js) from small perf
// files made here, one per runtime profile as the site reads them: four
// runtimes (three on V8, Bun on JavaScriptCore), listed out of release
// order, with skipped, crashed and timed-out cells. Its raw times come from
// the one run of every runtime (data/perf-then-and-now.json, issue 42): the
// same cells made here as one run on one host. The 2013 figures are the
// committed data/reference-2013.json.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { makeLoader } = require('../../site/lib/data-files');
const { chartModel, tableModel } = require('../../site/models');
const { chartFigure, dataTable, csv, wireModel } = require('../../site/render/chart-html');
const { rankRange, verdict, spread2013 } = require('../../site/models/reproduction-2013');
const { runtimeInfo } = require('../../scripts/lib/runtime-id');
const { PROFILES } = require('../../site/lib/perf-files');
const { profileLoader } = require('../helpers/perf-files');

const committed = makeLoader({ dataDir: path.join(__dirname, '..', '..', 'data') });

const HOST = { cpu: 'Fixture CPU', cores: 2, os: 'Fixture OS', kernel: 'Linux 6.1' };
const RUNTIMES = {
  'node-24@24.21.0': { name: 'node', version: '24.21.0', engine: 'v8', released: '2026-09-08', profile: 'node-24' },
  'bun@1.4.5': { name: 'bun', version: '1.4.5', engine: 'jsc', released: '2026-11-19', profile: 'bun' },
  'node-0.11@0.11.14': { name: 'node', version: '0.11.14', engine: 'v8', released: '2014-09-24', profile: 'node-0.11', flags: ['--harmony'] },
  'deno@2.9.6': { name: 'deno', version: '2.9.6', engine: 'v8', released: '2026-08-27', profile: 'deno' },
};

const stat = (median, lo = median * 0.9, hi = median * 1.1) => ({ median, min: lo, max: hi, p25: lo, p75: hi, iqr: hi - lo, count: 5 });
const none = { median: null, min: null, max: null, p25: null, p75: null, iqr: null, count: 0 };

function cell(runtime, variant, time, { mode = 'cpu', memory = time / 10, status = 'ok', error, ci } = {}) {
  const c = { key: `${runtime}|upload|${mode}|${variant}|1000`, runtime, scenario: 'upload', mode, variant, n: 1000, status, run: `r/${runtime}` };
  if (status !== 'ok') return { ...c, error, time: none, memory: none };
  return { ...c, time: stat(time), memory: stat(memory), ...(ci ? { timeCi: { level: 0.95, lo: ci[0], hi: ci[1] } } : {}) };
}

// hosts: runtime id -> host, for the figures-from-several-machines note.
function fixture({ runtimes = Object.keys(RUNTIMES), hosts = {} } = {}) {
  const runs = {};
  for (const id of runtimes) runs[`r/${id}`] = { date: '2026-11-23T00:00:00.000Z', host: hosts[id] || HOST, runtimes: { [id]: { id, ...RUNTIMES[id] } } };
  const all = [
    cell('node-24@24.21.0', 'original', 40),
    cell('node-24@24.21.0', 'async-await', 60),
    cell('node-24@24.21.0', 'fibrous', 0, { status: 'skipped', error: 'fibers does not load on Node 16+: no build for this V8 (node-24@24.21.0, probed)' }),
    cell('node-24@24.21.0', 'floor', 20),
    cell('bun@1.4.5', 'original', 30),
    cell('bun@1.4.5', 'async-await', 45),
    cell('bun@1.4.5', 'fibrous', 0, { status: 'skipped', error: 'fibers does not load on Node 16+: no build for this V8 (bun@1.4.5, probed)' }),
    cell('bun@1.4.5', 'rx', 0, { status: 'crash', error: 'TypeError: x is not a function' }),
    cell('node-0.11@0.11.14', 'original', 80),
    cell('node-0.11@0.11.14', 'async-await', 0, { status: 'skipped', error: 'needs async functions; needs ES2015 syntax (let, arrow functions) (node-0.11@0.11.14, probed)' }),
    cell('node-0.11@0.11.14', 'fibrous', 400),
    cell('node-0.11@0.11.14', 'rx', 0, { status: 'timeout' }),
    cell('node-0.11@0.11.14', 'floor', 50),
    cell('deno@2.9.6', 'original', 50),
    cell('deno@2.9.6', 'async-await', 55),
    cell('deno@2.9.6', 'rx', 100),
  ].filter((c) => runtimes.includes(c.runtime));
  return { schema: 'asyncbench/perf@1', runs, cells: all };
}

// The same cells as one run of every runtime on one host.
function oneRun(perf) {
  const runtimes = Object.assign({}, ...Object.values(perf.runs).map((r) => r.runtimes));
  return { ...perf, runs: { 'r/all': { date: '2026-11-23T00:00:00.000Z', host: HOST, runtimes } }, cells: perf.cells.map((c) => ({ ...c, run: 'r/all' })) };
}
const loaderFor = (perf, { single = true } = {}) => profileLoader(perf, committed, { thenAndNow: single ? oneRun(perf) : null });
// The notes other than those naming where the figures come from: the
// profiles without a file, and the one run's host and the profiles it left out.
const NOT_SHOWN = /^Not shown, for want of a data file: /;
const WHERE_FROM = /^(Not shown, for want of a data file: |Not in that run: |Raw figures across runtimes from one run on one host: )/;
const otherNotes = (m) => m.notes.filter((n) => !WHERE_FROM.test(n));
const points = (m, label) => m.series.find((s) => s.label === label).data;

test('matrix chart: runtimes in release order as categories, one series per style, gaps where a cell did not run', () => {
  const m = chartModel('matrix', { scenario: 'upload', mode: 'cpu', metric: 'time' }, loaderFor(fixture()));
  assert.equal(m.id, 'matrix-cpu-time');
  assert.deepEqual(m.categories, ['Node 0.11', 'Node 24', 'Deno 2.9', 'Bun 1.4']);
  assert.deepEqual(m.series.map((s) => s.label), ['async-await', 'fibrous', 'original', 'rx']);
  assert.deepEqual(points(m, 'original').map((p) => [p[0], p[1]]), [[0, 80], [1, 40], [2, 50], [3, 30]]);
  // Skipped on Node 0.11: no point there, not a zero.
  assert.deepEqual(points(m, 'async-await').map((p) => p[0]), [1, 2, 3]);
  assert.deepEqual(points(m, 'fibrous').map((p) => p[0]), [0]);
  assert.deepEqual(points(m, 'rx').map((p) => p[0]), [2], 'timeout and crash leave gaps');
  for (const s of m.series) for (const p of s.data) assert.ok(p[1] > 0, `${s.label} has a zero`);
  assert.deepEqual(m.floor.data.map((p) => p[0]), [0, 1], 'the floor, where measured, at its runtimes');
  assert.deepEqual(otherNotes(m), [], 'time carries no engine note');
  assert.ok(m.notes.some((n) => /^Not in that run: node-0\.12, /.test(n)), 'the profiles the one run left out are named');
  // One "Measured on": every runtime's exact version and flags, the machine once, with its dates.
  assert.match(m.env, /^node 0\.11\.14 --harmony, node 24\.21\.0, deno 2\.9\.6, bun 1\.4\.5; Fixture CPU \(2 cores\), Fixture OS, 2026-11-23; 5 repetitions per point$/);
  assert.ok(m.notes.includes('Raw figures across runtimes from one run on one host: Fixture CPU, 2026-11-23; no anchor recorded.'), m.notes.join('\n'));
});

test('matrix chart wire, table and CSV: category labels, nulls for gaps, no CSV row for a missing cell', () => {
  const m = chartModel('matrix', { mode: 'cpu', metric: 'time' }, loaderFor(fixture()));
  const wire = wireModel(m);
  assert.deepEqual(wire.xc, m.categories);
  assert.deepEqual(wire.n, [0, 1, 2, 3]);
  const row = wire.s.find((r) => r[0] === 'async-await');
  assert.equal(row[1], null, 'its medians are the data table\'s cells');
  const html0 = chartFigure(m, '/x/matrix.csv');
  // The row is keyed by the style's id and shows its name (issue 43).
  const cells = html0.match(/<tr><th scope="row" data-series="async-await">async\/await<\/th>(.*?)<\/tr>/)[1].match(/<td class="num">([^<]*)<\/td>/g).map((c) => c.replace(/<[^>]+>/g, ''));
  assert.deepEqual(cells, ['–', '60', '55', '45'], 'a runtime without a figure is a dash, never a zero');
  const html = chartFigure(m, '/x/matrix.csv');
  for (const label of m.categories) assert.ok(html.includes(`<th scope="col" class="num">${label}</th>`), label);
  const text = csv(m, m.series);
  assert.match(text, /^async\/await,Node 24,60,/m);
  assert.doesNotMatch(text, /^async\/await,Node 0\.11/m);
});

test('ratio chart: each style over original on the same runtime', () => {
  const m = chartModel('matrix', { mode: 'cpu', metric: 'ratio' }, loaderFor(fixture()));
  assert.equal(m.y.unit, '×');
  assert.deepEqual(points(m, 'async-await').map((p) => [p[0], p[1]]), [[1, 1.5], [2, 1.1], [3, 1.5]]);
  assert.ok(points(m, 'original').every((p) => p[1] === 1));
  assert.deepEqual(points(m, 'rx').map((p) => [p[0], p[1]]), [[2, 2]]);
  assert.equal(m.floor, null);
});

test('memory chart: "not comparable across engines" only when the runtimes shown mix engines', () => {
  const mixed = chartModel('matrix', { mode: 'cpu', metric: 'memory' }, loaderFor(fixture()));
  assert.equal(otherNotes(mixed).length, 1);
  assert.match(otherNotes(mixed)[0], /not comparable across engines/);
  assert.match(otherNotes(mixed)[0], /\(V8: Node, Deno; JavaScriptCore: Bun\)/);
  assert.match(chartFigure(mixed, '/x.csv'), /<\/figcaption>\n<p class="chart-notes">[^\n]*not comparable across engines/);
  const v8 = chartModel('matrix', { mode: 'cpu', metric: 'memory' }, loaderFor(fixture({ runtimes: ['node-0.11@0.11.14', 'node-24@24.21.0', 'deno@2.9.6'] })));
  assert.deepEqual(otherNotes(v8), []);
  assert.doesNotMatch(chartFigure(v8, '/x.csv'), /not comparable/);
});

test('the matrix reads every profile\'s file present, and names the profiles without one', () => {
  const load = loaderFor(fixture());
  const asked = [];
  const spy = (name) => { asked.push(name); return load(name); };
  spy.has = load.has;
  const m = chartModel('matrix', { mode: 'cpu', metric: 'ratio' }, spy);
  assert.deepEqual(asked, ['perf-node-0.11', 'perf-node-24', 'perf-bun', 'perf-deno'], 'only the files present, in release order');
  const missing = PROFILES.filter((p) => !['node-0.11', 'node-24', 'bun', 'deno'].includes(p));
  const note = m.notes.find((n) => NOT_SHOWN.test(n));
  assert.equal(note, `Not shown, for want of a data file: ${missing.join(', ')} (make one with npm run bench -- --runtimes PROFILE --out data/perf-PROFILE.json).`);
  assert.match(chartFigure(m, '/x.csv'), /<\/figcaption>\n<p class="chart-notes">[^\n]*Not shown, for want of a data file: node-0\.12, node-4,/);
  const t = tableModel('matrix', { mode: 'cpu' }, load);
  assert.ok(t.notes.includes(note), 'the table says so too');
  // A run that measured several runtimes is in each of their files with its
  // own runtime only: the matrix gathers them again.
  const both = fixture({ runtimes: ['node-0.11@0.11.14', 'node-24@24.21.0'] });
  both.runs = { 'r/both': { date: '2026-11-23T00:00:00.000Z', host: HOST, runtimes: Object.assign({}, ...Object.values(both.runs).map((r) => r.runtimes)) } };
  for (const c of both.cells) c.run = 'r/both';
  const split = loaderFor(both);
  assert.deepEqual(Object.keys(split('perf-node-24').data.runs['r/both'].runtimes), ['node-24@24.21.0']);
  const joined = chartModel('matrix', { mode: 'cpu', metric: 'ratio' }, split);
  assert.deepEqual(joined.categories, ['Node 0.11', 'Node 24']);
  assert.match(joined.env, /^node 0\.11\.14 --harmony, node 24\.21\.0; Fixture CPU/);
  assert.deepEqual(otherNotes(joined), [], 'one host: no note of hosts');
});

test('the matrix with every profile\'s file: no note of missing ones', () => {
  const runtimes = Object.fromEntries(PROFILES.map((p) => [`${p}@1.0.0`, { name: p.startsWith('node') ? 'node' : p, version: '1.0.0', profile: p }]));
  const runs = Object.fromEntries(Object.entries(runtimes).map(([id, rt]) => [`r/${id}`, { date: '2026-11-23T00:00:00.000Z', host: HOST, runtimes: { [id]: { id, ...rt } } }]));
  const cells = Object.keys(runtimes).map((id) => cell(id, 'original', 40));
  const m = chartModel('matrix', { mode: 'cpu', metric: 'ratio' }, loaderFor({ schema: 'asyncbench/perf@1', runs, cells }));
  assert.equal(m.categories.length, PROFILES.length);
  assert.ok(!m.notes.some((n) => NOT_SHOWN.test(n)), m.notes.join('\n'));
});

test('engine and release date come from the profiles when a run did not record them', () => {
  const perf = { runs: { r: { runtimes: { 'bun@1.4.5': { name: 'bun', version: '1.4.5' } } } } };
  const info = runtimeInfo(perf, 'bun@1.4.5');
  assert.equal(info.engine, 'jsc');
  assert.equal(info.label, 'Bun 1.4');
  assert.match(info.released, /^\d{4}-\d\d-\d\d$/);
});

test('which style runs where: a cell shows its ratio to callbacks or its shortened reason, the full reason once as a footnote', () => {
  const t = tableModel('matrix', { mode: 'cpu' }, loaderFor(fixture()));
  assert.deepEqual(t.columns.map((c) => c.title), ['Variant', 'Node 0.11', 'Node 24', 'Deno 2.9', 'Bun 1.4']);
  assert.deepEqual(t.columns.slice(1).map((c) => c.unit), ['Fixture CPU', 'Fixture CPU', 'Fixture CPU', 'Fixture CPU'], 'each column names its host');
  const row = (v) => t.rows.find((r) => r.name === v);
  assert.equal(row('original')['node-24@24.21.0'], '1.00×');
  assert.equal(row('async-await')['node-24@24.21.0'], '1.50×');
  assert.equal(row('rx')['deno@2.9.6'], '2.00×');
  assert.equal(row('async-await')['node-0.11@0.11.14'].text, 'needs async functions');
  assert.equal(row('async-await')['node-0.11@0.11.14'].title, 'needs async functions; needs ES2015 syntax (let, arrow functions)');
  const fib24 = row('fibrous')['node-24@24.21.0'], fibBun = row('fibrous')['bun@1.4.5'];
  assert.equal(fib24.text, 'fibers does not load on Node 16+');
  assert.equal(fib24.note, fibBun.note, 'one reason, one footnote, whichever runtime');
  assert.equal(row('rx')['bun@1.4.5'].text, 'crashed');
  assert.match(row('rx')['bun@1.4.5'].title, /TypeError: x is not a function/);
  assert.equal(row('rx')['node-0.11@0.11.14'].text, 'timed out');
  assert.equal(row('fibrous')['deno@2.9.6'].text, '', 'a cell not in any run is blank');
  assert.ok(!t.rows.some((r) => r.name === 'floor'));
  const html = dataTable(t);
  assert.match(html, /<td class="num table-gap" title="needs async functions; needs ES2015 syntax \(let, arrow functions\)">needs async functions<sup>\d<\/sup><\/td>/);
  assert.equal(t.footnotes.filter((f) => /fibers/.test(f)).length, 1);
  assert.match(html, /<ol class="table-notes">/);
});

test('runtimes from different machines: ratios side by side name each host, and raw times wait for the one run', () => {
  const other = { ...HOST, cpu: 'Another CPU', kernel: 'Linux 5.10' };
  const split = loaderFor(fixture({ hosts: { 'bun@1.4.5': other } }), { single: false });
  const m = chartModel('matrix', { mode: 'cpu', metric: 'ratio' }, split);
  assert.ok(m.notes.includes('Ratios within each runtime’s own run, never across hosts; hosts: Fixture CPU (2026-11-23) for Node 0.11, Node 24 and Deno 2.9; ' +
    'Another CPU (2026-11-23) for Bun 1.4.'), m.notes.join('\n'));
  assert.match(dataTable(tableModel('matrix', { mode: 'cpu' }, split)), /<th scope="col" class="num">Bun 1\.4 <small>\(Another CPU\)<\/small><\/th>/);
  const time = chartModel('matrix', { mode: 'cpu', metric: 'time' }, split);
  assert.deepEqual(time.series, [], 'no raw times across the two machines');
  assert.match(time.notes[0], /not in the data yet/);
  assert.deepEqual(otherNotes(chartModel('matrix', { mode: 'cpu', metric: 'ratio' }, loaderFor(fixture()))), []);
  // The per-runtime perf charts use the same rule.
  const perfChart = chartModel('perf', { mode: 'cpu', runtime: 'bun' }, split);
  assert.deepEqual(perfChart.notes, [], 'one runtime, one machine');
});

test('rank ranges and verdicts: agrees, differs, and tied within spread', () => {
  const rows = [{ lo: 9, hi: 11 }, { lo: 45, hi: 55 }, { lo: 48, hi: 56 }, { lo: 190, hi: 210 }];
  const r = (i) => rankRange(rows, i, (x) => x.lo, (x) => x.hi);
  assert.deepEqual([r(0), r(1), r(2), r(3)], [[1, 1], [2, 3], [2, 3], [4, 4]]);
  assert.equal(verdict([4, 4], [4, 4]), 'agrees');
  assert.equal(verdict([2, 3], [2, 3], 3, 2), 'agrees', 'a tie in both is agreement, whichever rank each median has');
  assert.equal(verdict([2, 3], [1, 2], 2, 2), 'agrees', 'each side\'s own rank is one the other allows');
  assert.equal(verdict([2, 3], [1, 2], 3, 1), 'tied within spread', 'the ranges touch, but neither median\'s rank is allowed by the other side');
  assert.equal(verdict([1, 1], [3, 3]), 'differs');
  assert.equal(verdict([2, 3], [1, 1]), 'differs');
});

test('a 2013 single run gets the spread of one of our runs: our interquartile range relative to our median', () => {
  assert.deepEqual(spread2013(100, { time: stat(50, 45, 60) }, 'time'), { lo: 90, hi: 120 });
  assert.deepEqual(spread2013(100, { time: { median: 50, p25: null, p75: null } }, 'time'), { lo: 100, hi: 100 }, 'no quartiles: a point');
});

test('2013 reproduction on node-0.11: pairs via the manifest, ranks with our spread, verdict per style', () => {
  // 2013 CPU-bound at n = 1000: flattened-class 40, original 43, async 65, genny 79, fibrous 1159.
  const perf = fixture({ runtimes: ['node-0.11@0.11.14', 'node-24@24.21.0'] });
  perf.cells = perf.cells.filter((c) => c.variant !== 'original' || c.runtime !== 'node-0.11@0.11.14');
  perf.cells.push(
    cell('node-0.11@0.11.14', 'async', 10, { ci: [9, 11] }),
    cell('node-0.11@0.11.14', 'original', 50, { ci: [45, 55] }),
    cell('node-0.11@0.11.14', 'flattened-class', 52, { ci: [48, 56] }),
    cell('node-0.11@0.11.14', 'generators-genny', 200, { ci: [190, 210] }),
    cell('node-0.11@0.11.14', 'generators-gens', 0, { status: 'skipped', error: 'needs generators (node-0.11@0.11.14, probed)' }),
    cell('node-24@24.21.0', 'async', 1, { ci: [0.9, 1.1] }),
  );
  const t = tableModel('reproduction2013', { set: 'cpu' }, loaderFor(perf));
  const by = Object.fromEntries(t.rows.map((r) => [r.name, r]));
  assert.deepEqual(t.rows.map((r) => r.name), ['async', 'original', 'flattened-class', 'generators-genny', 'fibrous'], 'only node-0.11, fastest first');
  assert.equal(by.async.file2013, 'async.js');
  assert.equal(by.async.then, 65);
  // 2013 with our runs' quartiles (±10 % in this fixture): flattened-class 36–44 and original 38.7–47.3
  // share ranks 1–2, async 58.5–71.5 and genny 71.1–86.9 share 3–4.
  assert.deepEqual([by.async.rank, by.async.rank2013, by.async.verdict], ['1', '3–4', 'differs']);
  assert.deepEqual([by.original.rank, by.original.rank2013, by.original.verdict], ['2–3', '1–2', 'agrees']);
  assert.deepEqual([by['flattened-class'].rank, by['flattened-class'].rank2013, by['flattened-class'].verdict], ['2–3', '1–2', 'tied within spread'],
    'ours places it 3rd, which 2013 does not allow, and 2013 places it 1st, which ours does not');
  assert.deepEqual([by['generators-genny'].rank, by['generators-genny'].rank2013, by['generators-genny'].verdict], ['4', '3–4', 'agrees']);
  assert.deepEqual([by.fibrous.rank, by.fibrous.rank2013, by.fibrous.verdict], ['5', '5', 'agrees']);
  assert.equal(by.original.spread, '45.0–55.0');
  assert.deepEqual(t.columns.slice(0, 4).map((c) => c.key), ['name', 'verdict', 'rank', 'rank2013'],
    'the answer comes first: the table scrolls sideways, and the verdict must not start off-screen');
  assert.match(t.caption, /95 % interval/);
  assert.match(t.caption, /Not measured here: generators-gens \(needs generators\)/);
  assert.match(t.source.text, /spion/);
  // Memory has no interval: the interquartile range is the spread.
  const mem = tableModel('reproduction2013', { set: 'memory' }, loaderFor(perf));
  assert.match(mem.caption, /IQR/);
  assert.throws(() => tableModel('reproduction2013', { set: 'heap' }, loaderFor(perf)), /unknown 2013 set "heap"/);
});
