'use strict';
// The all-style line charts open on a readable view (issue 43, item 6): at
// most about ten series, the representatives of each family the chart shows
// (site/lib/families.js), the rest hidden in the legend and behind a "Show
// all" button; the figure's data carry the view as series indices (wire.v)
// and the button is in its controls. On fixture models built here.
const test = require('node:test');
const assert = require('node:assert/strict');
const { openingView, familyGroups, MAX_OPENING } = require('../../site/lib/families');
const { wireModel, chartFigure } = require('../../site/render/chart-html');
const { visibleSeries } = require('../../site/models');
const { buildManifest } = require('../../site/lib/per-build');

const manifest = buildManifest().variants;
const point = (n, v) => [n, v, v * 0.9, v * 1.1, 5];

// A line chart of every style of the manifest (or of `ids`), with families.
function allStyles({ ids = manifest.map((v) => v.id), filter = { mode: 'hide', regex: '' }, extra = {} } = {}) {
  const series = ids.map((id, i) => ({ label: id, data: [point(100, 10 + i), point(1000, 100 + i)] }));
  const model = {
    id: 'perf-cpu-time', title: 'Every style', x: { title: 'n', unit: '' }, y: { title: 'Time', unit: 'ms' },
    filter, log: false, xlog: false, logToggle: false, series, floor: null, env: 'fixture', commands: [], ...extra,
  };
  return { ...model, families: familyGroups(ids) };
}
const shown = (m) => visibleSeries(m).map((s) => s.label);
const familyOf = new Map(manifest.map((v) => [v.id, v.family]));

test('a chart of every style opens on at most about ten, every family it shows represented', () => {
  const m = allStyles();
  const view = openingView(m, shown(m));
  assert.ok(view.length <= MAX_OPENING, `${view.length}: ${view}`);
  assert.deepEqual(new Set(view.map((l) => familyOf.get(l))), new Set(m.families.map((g) => g[0])));
  for (const id of ['original', 'async-await', 'promises-native', 'generators-co']) assert.ok(view.includes(id), `${id} in ${view}`);
  assert.deepEqual(view, m.series.map((s) => s.label).filter((l) => view.includes(l)), 'in chart order');
});

test('the view is taken from what the author\'s filter leaves; a family whose representatives are filtered out gets its first series', () => {
  const m = allStyles({ filter: { mode: 'hide', regex: 'promises-q|^rx$|promises-native|promises-bluebird$' } });
  const view = openingView(m, shown(m));
  assert.ok(!view.some((l) => /promises-q|^rx$|promises-native|promises-bluebird$/.test(l)), `${view}`);
  assert.ok(view.some((l) => familyOf.get(l) === 'promises'), 'promises still represented');
  assert.ok(view.some((l) => familyOf.get(l) === 'reactive'), 'reactive still represented');
});

test('a chart with few series, a ranked chart or one without families opens on everything', () => {
  const few = allStyles({ ids: ['original', 'async-await', 'promises-native'] });
  assert.equal(openingView(few, shown(few)), null);
  const ranked = { ...allStyles(), kind: 'ranked' };
  assert.equal(openingView(ranked, shown(ranked)), null);
  const plain = { ...allStyles(), families: undefined };
  assert.equal(openingView(plain, shown(plain)), null);
});

test('a model that names its view opens on it (the runner\'s chart: the quick run\'s styles)', () => {
  const m = allStyles({ ids: ['promises-native', 'original', 'rx', 'async-await'], extra: { view: ['original', 'async-await', 'promises-native'] } });
  assert.deepEqual(openingView(m, shown(m)), ['promises-native', 'original', 'async-await']);
});

test('the figure carries the view as series indices and a "Show all" button; a chart without one has neither', () => {
  const m = allStyles();
  const wire = wireModel(m);
  const view = openingView(m, shown(m));
  assert.deepEqual(wire.v.map((i) => m.series[i].label), view);
  const html = chartFigure(m, 'data:,');
  assert.match(html, new RegExp(`<button type="button" class="chart-view">Show all ${m.series.length} styles</button>`));
  const few = allStyles({ ids: ['original', 'async-await'] });
  assert.equal(wireModel(few).v, undefined);
  assert.doesNotMatch(chartFigure(few, 'data:,'), /chart-view/);
});
