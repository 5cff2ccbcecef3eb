'use strict';
// The generator delegation post: a draft that builds without
// data/delegation.json (its figures say "not measured yet"), the 2014 figures
// and ratios from data/reference-delegation-2013.json, and, with data from a
// real quick harness run (recorded once, so its figures are fixed), charts and
// tables drawn from that file.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { dataDir } = require('../helpers/data-dir');
const { buildDraftsSite, visibleText } = require('../helpers/drafts-site');
const { makeLoader, readDataFile } = require('../../site/lib/data-files');
const { chartModel, tableModel } = require('../../site/models');
const { ROOT } = require('../fixtures/bench/helpers');
const { file: recorded } = require('../fixtures/recorded/record');

const POST = '/posts/generator-delegation/';
const REFERENCE = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'reference-delegation-2013.json'), 'utf8'));

// A data folder: the committed files without delegation.json, plus (if
// asked) one quick delegation run of three real runners, recorded once
// (test/fixtures/recorded/record.js): the figures asserted below are fixed.
function folder(t, { measured }) {
  const d = dataDir({ drop: ['delegation'] });
  t.after(d.remove);
  if (measured) fs.copyFileSync(recorded('delegation-post'), path.join(d.dir, 'delegation.json'));
  return d.dir;
}

const ratio = (a, b) => Number((a / b).toFixed(2));
// How the chart and table models round a figure (site/format.js round).
const shown = (v) => (Math.abs(v) >= 1000 ? Math.round(v) : Number(v.toPrecision(3)));

test('the 2014 figures file matches its schema and names today\'s variants that exist', () => {
  const hit = readDataFile(path.join(ROOT, 'data'), 'reference-delegation-2013');
  assert.deepEqual(hit.problems, []);
  const ids = new Set(require('../../examples/delegation/manifest.json').variants.map((v) => v.id));
  for (const r of [...REFERENCE.delegation.rows, ...REFERENCE.runners.rows]) if (r.variant) assert.ok(ids.has(r.variant), r.variant);
});

test('without data/delegation.json the charts and tables are empty and say "not measured yet"; the 2014 tables and ratios are there', (t) => {
  const load = makeLoader({ dataDir: folder(t, { measured: false }) });
  const chart = chartModel('delegation', { by: 'depth', n: 10000 }, load);
  assert.deepEqual(chart.series, []);
  assert.match(chart.title, /not measured yet/);
  const table = tableModel('delegation', { metric: 'throughput' }, load);
  assert.deepEqual(table.rows, []);
  assert.match(table.caption, /not measured yet/);
  const ref = tableModel('delegation-2014', { set: 'runners' }, load);
  assert.deepEqual(ref.rows.map((r) => r.runner), REFERENCE.runners.rows.map((r) => r.runner));
  const ratios = tableModel('delegation-ratios', {}, load);
  const node = REFERENCE.delegation.rows.filter((r) => r.runtime === 'Node 0.11.10');
  assert.equal(ratios.rows[0].node, ratio(node.find((r) => r.mode === 'd1').opsPerSec, node.find((r) => r.mode === 'flat').opsPerSec));
  assert.deepEqual(ratios.columns.map((c) => c.key), ['claim', 'node', 'firefox'], 'no column of ours without data');
  assert.throws(() => chartModel('delegation', { mode: 'd3' }, load), /unknown mode "d3" for delegation/);
  assert.throws(() => chartModel('delegation', { by: 'runtime' }, load), /unknown by "runtime" for delegation/);
});

test('an invalid data/delegation.json still stops the build, with its JSON path', (t) => {
  const dir = folder(t, { measured: false });
  fs.writeFileSync(path.join(dir, 'delegation.json'), JSON.stringify({ schema: 'asyncbench/delegation@1', generatedBy: 'x', runs: {}, cells: [{}] }));
  assert.throws(() => chartModel('delegation', {}, makeLoader({ dataDir: dir })), /delegation\.json \$\.cells\[0\]\.key: is missing/);
});

test('with measured data: one series per runner over depth or n, medians in the table, and our ratios beside 2014\'s', (t) => {
  const dir = folder(t, { measured: true });
  const load = makeLoader({ dataDir: dir });
  const data = JSON.parse(fs.readFileSync(path.join(dir, 'delegation.json'), 'utf8'));
  const median = (variant, mode, n, field = 'throughput') => data.cells.find((c) => c.variant === variant && c.mode === mode && c.n === n)[field].median;

  const byDepth = chartModel('delegation', { by: 'depth', n: 4, metric: 'throughput', id: 'x' }, load);
  assert.deepEqual(byDepth.series.map((s) => s.label), ['bluebird-0-9', 'co-3-thunks', 'co-thunks']);
  for (const s of byDepth.series) assert.deepEqual(s.data.map((p) => p[0]), [0, 1, 5]);
  assert.equal(byDepth.series[1].data[0][4], 2, 'two repetitions behind each point');
  const byN = chartModel('delegation', { by: 'n', mode: 'd5', metric: 'time' }, load);
  for (const s of byN.series) assert.deepEqual(s.data.map((p) => p[0]), [1, 4]);
  assert.match(byN.env, /node/);

  const table = tableModel('delegation', { metric: 'throughput', n: 4 }, load);
  const row = table.rows.find((r) => r.variant === 'co-thunks');
  assert.equal(row.d1, shown(median('delegation-co-thunks', 'd1', 4)));
  assert.equal(row.d2, '–', 'a depth not measured');
  assert.equal(row['d1-share'], ratio(median('delegation-co-thunks', 'd1', 4), median('delegation-co-thunks', 'flat', 4)));

  const ratios = tableModel('delegation-ratios', { n: 4 }, load);
  const [runtime] = [...new Set(data.cells.map((c) => c.runtime))];
  assert.deepEqual(ratios.columns.map((c) => c.key), ['claim', 'node', 'firefox', runtime], 'one column of ours per runtime measured');
  // Two repetitions a point: the ratio of medians, and no interval to rank it by.
  const ours = (a, b) => `${(a / b).toFixed(2)} (2 runs: no interval)`;
  assert.equal(ratios.rows[0][runtime], ours(median('delegation-co-3-thunks', 'd1', 4), median('delegation-co-3-thunks', 'flat', 4)));
  assert.equal(ratios.rows[2][runtime], ours(median('delegation-bluebird-0-9', 'flat', 4), median('delegation-co-3-thunks', 'flat', 4)));
  assert.equal(ratios.rows[3][runtime], '–', 'Bluebird 3 and co with promises were not run');
  assert.match(ratios.source.text, /Ram \(hiddentao\)/);
});

test('a ratio of throughputs is ranked under the one rule: faster or slower only when the medians\' 95 % intervals are apart', () => {
  const { ratioOf, ratioText } = require('../../site/models/delegation');
  const { median } = require('../../scripts/lib/stats');
  const HIT = { data: { runs: {} }, shown: 'fixture delegation.json' }; // the file the cells come from
  const cell = (variant, mode, values) => ({ key: `${variant}|${mode}`, variant, mode, status: 'ok', throughput: { median: median(values) },
    samples: values.map((opsPerSec) => ({ status: 'ok', opsPerSec })) });
  const apart = [cell('a', 'flat', [200, 210, 205, 198, 202, 207]), cell('b', 'flat', [100, 104, 98, 101, 99, 103])];
  // Six runs: each interval is the smallest to the largest; the ratio's range is each end over the far end of the other.
  assert.equal(ratioText(ratioOf(HIT, apart, [['a', 'flat'], ['b', 'flat']])), '2.02 (1.90–2.14): faster');
  assert.match(ratioText(ratioOf(HIT, apart, [['b', 'flat'], ['a', 'flat']])), /: slower$/);
  // Overlapping intervals: tied; with medians within 5 % of each other, the same.
  const close = [cell('a', 'flat', [100, 130, 90, 120, 95, 110]), cell('b', 'flat', [105, 95, 125, 92, 115, 100])];
  assert.match(ratioText(ratioOf(HIT, close, [['a', 'flat'], ['b', 'flat']])), /^1\.02 \(0\.72–1\.41\): the same$/);
  const wide = [cell('a', 'flat', [100, 160, 90, 150, 120, 130]), cell('b', 'flat', [105, 95, 125, 92, 115, 100])];
  assert.match(ratioText(ratioOf(HIT, wide, [['a', 'flat'], ['b', 'flat']])), /: tied$/);
  // Five runs have no 95 % interval of a median: no verdict.
  const five = [cell('a', 'flat', [200, 210, 205, 198, 202]), cell('b', 'flat', [100, 104, 98, 101, 99])];
  assert.equal(ratioText(ratioOf(HIT, five, [['a', 'flat'], ['b', 'flat']])), '2.02 (5 runs: no interval)');
  assert.equal(ratioText(ratioOf(HIT, close, [['a', 'flat'], ['c', 'flat']])), '–');
});

test('the draft post builds: without data it says "not measured yet"; with data its charts are drawn', (t) => {
  const empty = buildDraftsSite({ CHARTS_DATA_DIR: folder(t, { measured: false }) });
  assert.ok(empty.has(POST));
  const html = empty.read(POST);
  const text = visibleText(html);
  assert.match(text, /Coroutine runners, 10,000 coroutines in parallel: coroutines finished per second \(not measured yet\)/);
  assert.match(text, /hiddentao/);
  assert.ok(text.includes('Bluebird Promise.coroutine (prepared)'), 'the 2014 runners table is on the page');
  for (const f of ['co-thunks', 'co-3-thunks', 'co-promises', 'bluebird', 'q', 'genny', 'suspend', 'async-await', 'async-await-helpers']) {
    assert.match(html, new RegExp(`data-file="examples/delegation/${f}\\.js"`), `${f}'s source is on the page`);
  }

  // The post's prose states findings (delegationCompare, streamlineCompare):
  // it builds with the committed data, which hold every cell it names, not
  // with the small recorded run the model tests use.
  const full = buildDraftsSite();
  const drawn = full.read(POST);
  assert.match(drawn, /id="chart-delegation-depth-1-throughput" data-chart/);
  assert.match(drawn, /id="chart-delegation-n-d5-time" data-chart/);
  assert.doesNotMatch(visibleText(drawn), /Coroutine runners, 1 coroutine in parallel: coroutines finished per second \(not measured yet\)/);
});

test('an unfinished delegation run is incomplete data: it stops a normal build and is labelled in a draft one', (t) => {
  const dir = folder(t, { measured: true });
  const file = path.join(dir, 'delegation.json');
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  data.runs[Object.keys(data.runs)[0]].finished = null;
  fs.writeFileSync(file, JSON.stringify(data));
  assert.deepEqual(readDataFile(dir, 'delegation').problems.map((p) => p.kind), ['incomplete']);
  assert.throws(() => chartModel('delegation', {}, makeLoader({ dataDir: dir, allowIncomplete: false })), /the run did not finish/);
  assert.match(chartModel('delegation', {}, makeLoader({ dataDir: dir, allowIncomplete: true })).incomplete, /delegation\.json: 1 unfinished run/);
});

test('the ratios table has a column of ours for every runtime the file holds, oldest release first', () => {
  const load = makeLoader({ dataDir: path.join(ROOT, 'data') });
  const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'delegation.json'), 'utf8'));
  const held = [...new Set(data.cells.filter((c) => c.scenario === 'delegation' && c.n === 10000).map((c) => c.runtime))];
  const ratios = tableModel('delegation-ratios', {}, load);
  const ours = ratios.columns.slice(3).map((c) => c.key);
  assert.deepEqual([...ours].sort(), [...held].sort(), 'not only "now"');
  assert.ok(ours.length >= 2 && /^node-0\.11/.test(ours[0]), `Node 0.11 first: ${ours}`);
});
