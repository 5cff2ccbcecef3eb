'use strict';
// One name per style (issue 43): prose named "Promises with Q" where the
// chart's legend, data table and CSV said "promises-q". The name comes from
// one place (site/lib/style-names.js); ids stay the keys of filters, links
// and the URL state. Fixture models only.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { styleName, isStyle, inSentence, scenarioStyleName } = require('../../site/lib/style-names');
const { chartFigure, dataTable, csv, wireModel } = require('../../site/render/chart-html');
const { visibleSeries } = require('../../site/models');
const { variantLink } = require('../../site/lib/lookup');
const chartFormat = require('../../assets/js/chart-format');

const model = (series, filter = { mode: 'hide', regex: '' }) => ({
  id: 'perf-cpu', title: 't', x: { title: 'Parallel calls (n)', unit: '' }, y: { title: 'Time', unit: 'ms' }, filter, series,
  floor: { label: 'floor (no style)', data: [[1000, 1, null, null, 1]] }, env: '', source: null, incomplete: '',
});
const point = (v) => [[1000, v, v - 1, v + 1, 5]];

test('a style\'s name is its manifest title, the same in a prose link', () => {
  assert.equal(styleName('promises-q'), 'Promises with Q');
  assert.equal(styleName('original'), 'Nested callbacks');
  assert.equal(styleName('floor (no style)'), 'floor (no style)', 'no style: its own name');
  assert.ok(isStyle('async-await') && !isStyle('node-24'));
  assert.match(variantLink('promises-q'), />Promises with Q<\/a>$/);
  assert.equal(scenarioStyleName('chains', 'q-0-9'), 'Q 0.9');
  assert.equal(inSentence('Nested callbacks'), 'nested callbacks');
  assert.equal(inSentence('StratifiedJS'), 'StratifiedJS');
  assert.equal(inSentence('async/await'), 'async/await');
  // A hyphenated first word is lowered too (the streamline post's hand-written callbacks).
  assert.equal(inSentence('Hand-written callbacks'), 'hand-written callbacks');
  assert.equal(inSentence('Q-Promise X'), 'Q-Promise X');
});

test('a chart shows names in its data table, legend data and CSV, keyed by the ids', () => {
  const m = model([{ label: 'original', data: point(10) }, { label: 'promises-q', data: point(30) }]);
  const html = chartFigure(m, '/x.csv');
  assert.match(html, /<th scope="row" data-series="promises-q">Promises with Q<\/th>/);
  assert.doesNotMatch(html, /<th scope="row">promises-q<\/th>/);
  assert.match(html, /<th scope="row">floor \(no style\)<\/th>/);
  const wire = wireModel(m);
  assert.deepEqual(wire.s.map((r) => r[0]), ['original', 'promises-q'], 'labels stay the ids');
  assert.deepEqual(wire.nm, ['Nested callbacks', 'Promises with Q']);
  assert.match(csv(m, m.series), /^Promises with Q,1000,30,/m);
  // The page reads the table's medians back by the names it shows.
  const rows = [...html.match(/<tbody>([\s\S]*?)<\/tbody>/)[1].matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
    .map((tr) => [...tr[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]));
  const read = chartFormat.readWire(wire, rows);
  assert.deepEqual(read.s.map((r) => [r[0], r[1]]), [['original', [10]], ['promises-q', [30]]]);
});

test('an author\'s filter keeps matching the ids, and a reader\'s may name the styles', () => {
  const series = [{ label: 'original', data: point(10) }, { label: 'generators-qasync', data: point(20) }, { label: 'rx', data: point(40) }];
  assert.deepEqual(visibleSeries(model(series, { mode: 'hide', regex: 'qasync|^rx' })).map((s) => s.label), ['original']);
  assert.deepEqual(visibleSeries(model(series, { mode: 'show', regex: 'Q\\.async|Reactive' })).map((s) => s.label), ['generators-qasync', 'rx']);
  // The worker that matches a reader's pattern on the page: any of a series' texts.
  const sent = [];
  global.self = { postMessage: (m) => sent.push(m) };
  try {
    delete require.cache[require.resolve('../../assets/js/chart-filter-worker.js')];
    require(path.join('..', '..', 'assets', 'js', 'chart-filter-worker.js'));
    global.self.onmessage({ data: { source: '^Promises', labels: [['promises-q', 'Promises with Q'], ['original', 'Nested callbacks'], 'plain'] } });
  } finally {
    delete global.self;
  }
  assert.deepEqual(sent, [[true, false, false]]);
});

test('a table whose rows are named by style ids shows the names; a companion post\'s table names its scenario', () => {
  const t = { id: 't', caption: 'c', columns: [{ key: 'name', title: 'Variant' }, { key: 'v', title: 'V' }], rows: [{ name: 'promises-native', v: 1 }, { name: 'node-24', v: 2 }], env: 'x', source: null };
  const html = dataTable(t);
  assert.match(html, /<th scope="row" data-series="promises-native">Native promises<\/th>/);
  assert.match(html, /<th scope="row">node-24<\/th>/);
  const chains = { ...t, columns: [{ key: 'name', title: 'Variant', style: 'chains' }, { key: 'v', title: 'V' }], rows: [{ name: 'q-0-9', v: 1 }] };
  assert.match(dataTable(chains), /<th scope="row" data-series="q-0-9">Q 0\.9<\/th>/);
});
