'use strict';
// Comparisons only within a host (issue 42, item 2; site/lib/host-guard.js):
// on perf files made here with two hosts of one CPU model, told apart by
// their kernel build as the committed data's are, a raw comparison across
// them stops the build naming both cells and hosts, a ratio within each
// host passes, a chart over n draws one host and says what it left out, the
// matrix's raw times come from the one run of every runtime only, and a run
// whose anchors disagree is flagged on the figures drawn from it.
const test = require('node:test');
const assert = require('node:assert/strict');
const { chartModel, tableModel } = require('../../site/models');
const { chartFigure, dataTable } = require('../../site/render/chart-html');
const { rankedFigure } = require('../../site/render/ranked-html');
const compareProse = require('../../site/prose/compare');
const numbers = require('../../site/prose/numbers');
const { CrossHostError, drawOneHost } = require('../../site/lib/host-guard');
const { ANCHOR } = require('../../scripts/lib/anchor');
const { profileLoader } = require('../helpers/perf-files');

const V595 = { cpu: 'AMD EPYC', cores: 2, os: 'Debian GNU/Linux 12', kernel: 'Linux 6.18.44-fc-v595' };
const V782 = { cpu: 'AMD EPYC', cores: 2, os: 'Debian GNU/Linux 12', kernel: 'Linux 6.18.44-fc-v782' };
const RUNTIMES = {
  'node-24@24.21.0': { name: 'node', version: '24.21.0', engine: 'v8', released: '2026-09-08', profile: 'node-24' },
  'bun@1.4.5': { name: 'bun', version: '1.4.5', engine: 'jsc', released: '2026-11-19', profile: 'bun' },
  'node-0.11@0.11.14': { name: 'node', version: '0.11.14', engine: 'v8', released: '2014-09-24', profile: 'node-0.11', flags: ['--harmony'] },
};

const stat = (m) => ({ median: m, min: m * 0.9, max: m * 1.1, p25: m * 0.95, p75: m * 1.05, iqr: m * 0.1, count: 6 });
function cell(runtime, variant, n, run, time, { mode = 'cpu', scenario = 'upload' } = {}) {
  return {
    key: `${runtime}|${scenario}|${mode}|${variant}|${n}`, runtime, scenario, mode, variant, n, status: 'ok', run,
    time: stat(time), memory: stat(time / 10), timeCi: { level: 0.95, lo: time * 0.97, hi: time * 1.03 }, samples: [],
  };
}
function run(host, date, runtimes, extra = {}) {
  return { date, host, runtimes: Object.fromEntries(runtimes.map((id) => [id, { id, ...RUNTIMES[id] }])), ...extra };
}
const perf = (runs, cells) => ({ schema: 'asyncbench/perf@1', runs, cells });
const NODE = 'node-24@24.21.0';
const BUN = 'bun@1.4.5';

// One end of an anchor: six processes per style around fixed medians, ±2 %,
// `scale` times slower (as test/unit/anchor.test.js makes them).
function anchorEnd(scale) {
  const base = { original: [20, 14], 'async-await': [24, 17] };
  const samples = [];
  for (let rep = 1; rep <= ANCHOR.procs; rep++) {
    for (const variant of ANCHOR.variants) {
      const k = scale * (1 + (rep - 3.5) * 0.008);
      samples.push({ variant, rep, status: 'ok', timeMs: base[variant][0] * k, warmMs: base[variant][1] * k });
    }
  }
  return { at: '2026-11-27T12:00:00.000Z', samples };
}
function anchor(startScale, endScale, verdict) {
  return { runtime: NODE, scenario: 'upload', mode: 'cpu', n: 1000, variants: [...ANCHOR.variants], procs: ANCHOR.procs,
    start: anchorEnd(startScale), end: anchorEnd(endScale), verdict, apart: [] };
}

// Node 24 at n = 1000 measured twice: the baseline on the …v595 host, async/await on the …v782 one.
function twoHosts() {
  return perf(
    { a: run(V595, '2026-11-27T12:00:00.000Z', [NODE]), b: run(V782, '2026-11-25T12:00:00.000Z', [NODE]) },
    [cell(NODE, 'original', 1000, 'a', 20), cell(NODE, 'async-await', 1000, 'b', 24), cell(NODE, 'promises-native', 1000, 'a', 26)],
  );
}
const loaderOf = (data, opts) => profileLoader(data, () => { throw new Error('no other file in this test'); }, opts);

test('a raw comparison across two hosts stops the build, naming both cells, both hosts and the file', () => {
  const load = loaderOf(twoHosts());
  const c = compareProse(load);
  let err = null;
  try {
    c.compare({ a: 'original', b: 'async-await', mode: 'cpu', n: 1000 });
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof CrossHostError, `expected a CrossHostError, got ${err}`);
  assert.equal(err.code, 'ERR_CROSS_HOST');
  assert.deepEqual(err.cells, ['node-24@24.21.0|upload|cpu|original|1000', 'node-24@24.21.0|upload|cpu|async-await|1000']);
  assert.deepEqual(err.hosts, ['AMD EPYC · kernel …v595', 'AMD EPYC · kernel …v782']);
  assert.deepEqual(err.files, ['fixture perf-node-24.json']);
  assert.equal(err.reason, 'identity');
  for (const part of [...err.cells, ...err.hosts, 'fixture perf-node-24.json', 'compare ratios within each run']) assert.ok(err.message.includes(part), `message names ${part}: ${err.message}`);
  // Every kind of raw comparison: a ranking, a tie, a leader, a ratio of two figures.
  assert.throws(() => chartModel('ranked', { mode: 'cpu', n: 1000 }, load), CrossHostError);
  assert.throws(() => c.leaders({ mode: 'cpu', n: 1000 }), CrossHostError);
  assert.throws(() => numbers.ratio(load, 'perf', { variant: 'async-await', over: 'original', mode: 'cpu', n: 1000 }), CrossHostError);
  assert.throws(() => tableModel('parallel', { n: 1000, mode: 'cpu' }, load), CrossHostError);
});

test('the same comparisons within one host pass', () => {
  const data = twoHosts();
  data.cells[1].run = 'a';
  const load = loaderOf(data);
  assert.equal(typeof compareProse(load).compare({ a: 'original', b: 'async-await', mode: 'cpu', n: 1000 }).apart, 'boolean');
  assert.equal(chartModel('ranked', { mode: 'cpu', n: 1000 }, load).series.length, 3);
  assert.equal(numbers.ratio(load, 'perf', { variant: 'async-await', over: 'original', mode: 'cpu', n: 1000 }), '1.2');
});

test('one host identity whose anchors at the runs\' starts disagree is two hosts: the host had changed speed', () => {
  const data = twoHosts();
  data.runs.b.host = V595;
  data.runs.a.anchor = anchor(1, 1, 'agree');
  data.runs.b.anchor = anchor(1.3, 1.3, 'agree');
  let err = null;
  try {
    chartModel('ranked', { mode: 'cpu', n: 1000 }, loaderOf(data));
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof CrossHostError, String(err));
  assert.equal(err.reason, 'anchor');
  assert.match(err.message, /both on AMD EPYC · kernel …v595, but the anchors at the starts of their runs disagree/);
  // Anchors that agree: one host.
  data.runs.b.anchor = anchor(1.01, 1.01, 'agree');
  assert.equal(chartModel('ranked', { mode: 'cpu', n: 1000 }, loaderOf(data)).series.length, 3);
});

// Node 24 on the …v595 host, Bun on the …v782 one, each in a run of its own.
function twoRuntimes() {
  return perf(
    { a: run(V595, '2026-11-27T12:00:00.000Z', [NODE]), c: run(V782, '2026-11-23T12:00:00.000Z', [BUN]) },
    [cell(NODE, 'original', 1000, 'a', 20), cell(NODE, 'async-await', 1000, 'a', 30),
      cell(BUN, 'original', 1000, 'c', 10), cell(BUN, 'async-await', 1000, 'c', 12)],
  );
}

test('ratios within each runtime\'s own host sit side by side across hosts, and the caption names each host', () => {
  const load = loaderOf(twoRuntimes());
  const m = chartModel('matrix', { mode: 'cpu', metric: 'ratio' }, load);
  const points = (label) => m.series.find((s) => s.label === label).data.map((p) => [p[0], p[1]]);
  assert.deepEqual(points('async-await'), [[0, 1.5], [1, 1.2]]);
  assert.ok(m.notes.includes('Ratios within each runtime’s own run, never across hosts; hosts: AMD EPYC · kernel …v595 (2026-11-27) for Node 24; ' +
    'AMD EPYC · kernel …v782 (2026-11-23) for Bun 1.4.'), m.notes.join('\n'));
  const t = tableModel('matrix', { mode: 'cpu' }, load);
  assert.deepEqual(t.columns.slice(1).map((c) => [c.title, c.unit]), [['Node 24', 'AMD EPYC · kernel …v595'], ['Bun 1.4', 'AMD EPYC · kernel …v782']]);
  assert.deepEqual(t.rows.find((r) => r.name === 'async-await'), { name: 'async-await', [NODE]: '1.50×', [BUN]: '1.20×' }, 'ratios, never times side by side');
  assert.match(dataTable(t), /<th scope="col" class="num">Bun 1\.4 <small>\(AMD EPYC · kernel …v782\)<\/small><\/th>/);
  // A ratio whose two cells come from two hosts is no ratio within a run.
  const mixed = twoRuntimes();
  mixed.cells[3].run = 'd';
  mixed.runs.d = run(V595, '2026-11-27T13:00:00.000Z', [BUN]);
  assert.throws(() => chartModel('matrix', { mode: 'cpu', metric: 'ratio' }, loaderOf(mixed)), (e) => e instanceof CrossHostError &&
    e.cells.includes('bun@1.4.5|upload|cpu|async-await|1000') && e.cells.includes('bun@1.4.5|upload|cpu|original|1000'));
});

test('raw times across runtimes come from the one run of every runtime alone, named with its host and anchor', () => {
  const load = loaderOf(twoRuntimes());
  for (const metric of ['time', 'memory']) {
    const waiting = chartModel('matrix', { mode: 'cpu', metric }, load);
    assert.deepEqual(waiting.series, [], `${metric}: no raw figures across the profiles' files`);
    assert.match(waiting.notes[0], /^Raw figures across runtimes come only from one run that measured every runtime on one host \(data\/perf-then-and-now\.json\), which is not in the data yet/);
    const html = chartFigure(waiting, '/x.csv');
    assert.match(html, /<figcaption>[^\n]*not in the data yet/);
    assert.match(html, /Nothing drawn until the one run of every runtime on one host is in the data\./);
  }
  // The one run: every runtime, one host, an anchor whose ends agree.
  const single = perf({ all: run(V595, '2026-11-28T09:00:00.000Z', [NODE, BUN, 'node-0.11@0.11.14'], { anchor: anchor(1, 1.01, 'agree') }) },
    [cell(NODE, 'original', 1000, 'all', 20), cell(BUN, 'original', 1000, 'all', 11), cell('node-0.11@0.11.14', 'original', 1000, 'all', 60)]);
  const drawn = chartModel('matrix', { mode: 'cpu', metric: 'time' }, loaderOf(twoRuntimes(), { thenAndNow: single }));
  assert.deepEqual(drawn.categories, ['Node 0.11', 'Node 24', 'Bun 1.4']);
  assert.deepEqual(drawn.series.find((s) => s.label === 'original').data.map((p) => p[1]), [60, 20, 11], 'the one run\'s times, not the profiles\' files\'');
  assert.ok(drawn.notes.includes('Raw figures across runtimes from one run on one host: AMD EPYC · kernel …v595, 2026-11-28; anchors at its start and end agree.'), drawn.notes.join('\n'));
  assert.match(drawn.env, /AMD EPYC · kernel …v595 \(2 cores\)/);
  // A scenario that run did not measure: nothing drawn, and why.
  const errors = chartModel('matrix', { scenario: 'errors', mode: 'cpu', metric: 'time' }, loaderOf(twoRuntimes(), { thenAndNow: single }));
  assert.deepEqual(errors.series, []);
  assert.match(errors.notes[0], /that run measured no errors cells CPU-bound at n = 1000/);
  // A file of that name holding two hosts is refused, not drawn.
  single.runs.late = run(V782, '2026-11-29T09:00:00.000Z', [BUN]);
  single.cells[1].run = 'late';
  assert.throws(() => chartModel('matrix', { mode: 'cpu', metric: 'time' }, loaderOf(twoRuntimes(), { thenAndNow: single })), CrossHostError);
});

// Node 24's sizes: 100, 500 and 1500 on the …v782 host, 1000 on the …v595 one (as data/perf-node-24.json's CPU-bound upload).
function sizes() {
  const cells = [];
  for (const n of [100, 500, 1000, 1500]) {
    for (const v of ['original', 'async-await']) cells.push(cell(NODE, v, n, n === 1000 ? 'a' : 'b', n / 50 + (v === 'original' ? 0 : 2)));
  }
  return perf({ a: run(V595, '2026-11-27T12:00:00.000Z', [NODE]), b: run(V782, '2026-11-25T12:00:00.000Z', [NODE]) }, cells);
}

test('a chart over n draws the host that holds most of its cells, and its caption says what it left out and where it is', () => {
  const m = chartModel('perf', { mode: 'cpu', metric: 'time' }, loaderOf(sizes()));
  for (const s of m.series) assert.deepEqual(s.data.map((p) => p[0]), [100, 500, 1500], `${s.label}: no point from the other host`);
  assert.equal(m.notes[0], 'Drawn from one host, AMD EPYC · kernel …v782 (2026-11-25): raw figures do not compare across hosts, so 2 cells (n = 1,000) ' +
    'measured on AMD EPYC · kernel …v595 (2026-11-27) are left out. They are in fixture perf-node-24.json, drawn on their own host wherever a figure shows them alone, ' +
    'and the results page lists every run and its host under “The runs behind the figures”.');
  assert.match(m.env, /AMD EPYC · kernel …v782/);
  assert.doesNotMatch(m.env, /v595/, '"Measured on" names only what is drawn');
  // Right under the title, in a block of its own (a narrow screen moves it below the chart).
  assert.match(chartFigure(m, '/x.csv'), /<\/figcaption>\n<p class="chart-notes">[^\n]*Drawn from one host, AMD EPYC · kernel …v782/);
  // A tie goes to the host of the most recent run.
  const tie = sizes();
  tie.cells = tie.cells.filter((c) => c.n !== 500 && c.n !== 1500);
  const hit = { data: tie, shown: 'fixture perf-node-24.json' };
  const drawn = drawOneHost(hit, tie.cells);
  assert.deepEqual([...new Set(drawn.cells.map((c) => c.n))], [1000], 'the …v595 run (27 Nov) is the more recent');
  assert.match(drawn.note, /^Drawn from one host, AMD EPYC · kernel …v595 \(2026-11-27\): .* 2 cells \(n = 100\) measured on AMD EPYC · kernel …v782/);
  // One host: drawn whole, no note.
  const one = sizes();
  for (const c of one.cells) c.run = 'b';
  const whole = chartModel('perf', { mode: 'cpu', metric: 'time' }, loaderOf(one));
  assert.deepEqual(whole.series[0].data.map((p) => p[0]), [100, 500, 1000, 1500]);
  assert.ok(!whole.notes.some((n) => /Drawn from one host/.test(n)));
});

test('a run whose start and end anchors disagree is flagged on every chart and table drawn from it', () => {
  const data = twoHosts();
  data.cells[1].run = 'a';
  data.runs.a.anchor = anchor(1, 1.3, 'disagree');
  const load = loaderOf(data);
  const FLAG = /Run a: host changed speed during this run: start and end anchors disagree \(nested callbacks cold, nested callbacks warm, async\/await cold, async\/await warm\)/;
  // Styles by their one name, as every caption names them (site/lib/style-names.js).
  const ranked = chartModel('ranked', { mode: 'cpu', n: 1000 }, load);
  assert.ok(ranked.notes.some((n) => FLAG.test(n)), ranked.notes.join('\n'));
  assert.match(rankedFigure(ranked, '/x.csv'), /<strong class="chart-note">Run a: host changed speed during this run: start and end anchors disagree/);
  assert.match(chartFigure(chartModel('perf', { mode: 'cpu', metric: 'time' }, load), '/x.csv'), /<strong class="chart-note">Run a: host changed speed during this run/);
  assert.match(dataTable(tableModel('parallel', { n: 1000, mode: 'cpu' }, load)), /<strong class="chart-note">Run a: host changed speed during this run/);
  assert.match(dataTable(tableModel('matrix', { mode: 'cpu' }, load)), /Run a: host changed speed during this run/);
  // Anchors that agree, or none: no flag.
  data.runs.a.anchor = anchor(1, 1.01, 'agree');
  assert.doesNotMatch(rankedFigure(chartModel('ranked', { mode: 'cpu', n: 1000 }, loaderOf(data)), '/x.csv'), /host changed speed/);
  delete data.runs.a.anchor;
  assert.doesNotMatch(rankedFigure(chartModel('ranked', { mode: 'cpu', n: 1000 }, loaderOf(data)), '/x.csv'), /host changed speed/);
  // A run that went on over another host's cells (--allow-other-host) is flagged too.
  data.runs.a.hostChanged = ['b'];
  assert.ok(chartModel('ranked', { mode: 'cpu', n: 1000 }, loaderOf(data)).notes.some((n) => /^Run a: continued cells measured on another host \(run b, --allow-other-host\)/.test(n)));
});
