'use strict';
// Sortable data tables at build time (issue 29): sortable=true adds data
// attributes and nothing a reader sees, each figure's cell carries the figure
// itself, and the cost table names its baseline row and the columns that
// follow it; the page writes a recomputed cost and ratio as the build does
// (assets/js/cost-format.js).
// Figures come from a recorded warm run (test/fixtures/recorded/perf-warm.json).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { makeLoader } = require('../../site/lib/data-files');
const { tableModel } = require('../../site/models');
const { dataTable } = require('../../site/render/chart-html');
const costFormat = require('../../assets/js/cost-format');
const recorded = require('../fixtures/recorded/record');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-sortable-'));
fs.copyFileSync(recorded.file('perf-warm'), path.join(dir, 'perf-node-24.json'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
const load = makeLoader({ dataDir: dir });
const N = 20;

const attrs = (html, re) => [...html.matchAll(re)].map((m) => m[1]);
// What sortable=true adds: data attributes, and the mark on the caption's
// words that name the baseline row (the page replaces them on a rebase).
const withoutSortAttrs = (html) => html.replace(/ data-(sortable|baseline|calls|sort|role|value)(="[^"]*")?| aria-sort="[^"]*"/g, '')
  .replace(/<span class="table-baseline-name">([^<]*)<\/span>/g, '$1');

test('sortable=true adds data attributes only: the table reads as the static one', () => {
  const plain = dataTable(tableModel('costPerCall', { n: N }, load));
  const sortable = dataTable(tableModel('costPerCall', { n: N, sortable: 'true' }, load));
  assert.doesNotMatch(plain, /data-(sortable|value|sort|role)|aria-sort/);
  assert.notEqual(sortable, plain);
  assert.equal(withoutSortAttrs(sortable), plain);
});

test('each figure\'s cell holds the figure behind its text; the cost table names its baseline row and roles', () => {
  const model = tableModel('costPerCall', { n: N, sortable: true }, load);
  const html = dataTable(model);
  // The baseline as its row shows it: the style's name (issue 43).
  assert.match(html, new RegExp(`<table data-sortable data-baseline="Nested callbacks" data-calls="${N}">`));
  assert.match(html, /<th scope="row" data-series="original">Nested callbacks<\/th>/);
  const values = attrs(html, /data-value="([^"]*)"/g).map(Number);
  const expected = model.rows.flatMap((r) => ['cost', 'ratio', 'warm', 'reps'].map((k) => r.raw[k]).filter((v) => typeof v === 'number'));
  assert.deepEqual(values, expected, 'row by row, in column order');
  const base = model.rows.find((r) => r.name === 'original');
  assert.deepEqual([base.cost, base.ratio, base.raw.cost, base.raw.ratio], ['baseline', '1.00×', 0, 1]);
  for (const r of model.rows.filter((x) => x.name !== 'original')) {
    assert.equal(costFormat.perCall(r.raw.cost), r.cost, `${r.name}: the page writes a cost as the build does`);
    assert.equal(costFormat.ratio(r.raw.ratio), r.ratio, r.name);
  }
  const heads = attrs(html, /<th scope="col"([^>]*)>/g);
  // The recorded run has CPU times (issue 41): its CPU cost column is fixed to the baseline, like the intervals;
  // the warm series' classes close the row.
  assert.deepEqual(model.columns.map((c) => c.key), ['name', 'cost', 'costCi', 'standing', 'ratio', 'ratioCi', 'cpu', 'warm', 'reps', 'classes']);
  assert.deepEqual(heads.map((h) => (/data-sort="(\w+)"/.exec(h) || [])[1] || null), ['text', 'num', null, null, 'num', null, null, 'num', 'num', null]);
  assert.deepEqual(heads.map((h) => (/data-role="([\w-]+)"/.exec(h) || [])[1] || null), [null, 'per-call', 'fixed', 'fixed', 'ratio', 'fixed', 'fixed', 'of', null, null]);
  assert.equal(heads.filter((h) => h.includes('aria-sort="ascending"')).length, 1);
  assert.match(heads[1], /aria-sort="ascending"/, 'cheapest first, and the header says so');
});

test('cost-format: a typographic minus, 0.1 µs below 10 and whole µs above; ratios with two decimals', () => {
  assert.equal(costFormat.perCall(-0.04), '−0.0');
  assert.equal(costFormat.perCall(3.26), '3.3');
  assert.equal(costFormat.perCall(-12.6), '−13');
  assert.equal(costFormat.ratio(1), '1.00×');
  assert.equal(costFormat.ratio(1.2345), '1.23×');
});

test('the parallel table sorts by its medians, not by "median (min–max)"', () => {
  const committed = makeLoader({ dataDir: path.join(__dirname, '..', '..', 'data') });
  const model = tableModel('parallel', { n: 1000, mode: 'io', sortable: true }, committed);
  const html = dataTable(model);
  const firstRow = /<tbody><tr>(.*?)<\/tr>/.exec(html)[1];
  const [time] = attrs(firstRow, /data-value="([^"]*)"/g).map(Number);
  assert.equal(time, model.rows[0].raw.time);
  assert.ok(model.rows[0].time.startsWith(time.toFixed(1)), `${model.rows[0].time} starts with its median`);
  assert.doesNotMatch(html, /data-baseline/, 'no ratio column, no baseline picker');
});
