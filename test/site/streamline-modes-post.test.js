'use strict';
// The streamline modes post: a draft that builds without
// data/streamline-modes.json (its figures say "not measured yet"); with data
// from a real quick harness run (recorded once, so its figures are fixed),
// charts over the modulo and tables drawn
// from that file, a stack overflow shown as an outcome (legend and table),
// and the 2013 findings beside ours.
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

const POST = '/posts/streamline-modes/';
const NAME = 'streamline-modes';
const REFERENCE = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'reference-streamline-2013.json'), 'utf8'));

// The committed data without streamline-modes.json, plus (if asked) a quick
// run of three real variants, recorded once (test/fixtures/recorded/record.js):
// the figures asserted below are fixed.
function folder(t, { measured }) {
  const d = dataDir({ drop: [NAME] });
  t.after(d.remove);
  if (measured) fs.copyFileSync(recorded(NAME + '-post'), path.join(d.dir, `${NAME}.json`));
  return d.dir;
}

test('the 2013 findings file matches its schema and names real variants', () => {
  const hit = readDataFile(path.join(ROOT, 'data'), 'reference-streamline-2013');
  assert.deepEqual(hit.problems, []);
  const ids = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', NAME, 'manifest.json'), 'utf8')).variants.map((v) => v.id);
  for (const f of REFERENCE.findings) {
    for (const v of [f.variant, f.faster, ...(f.slower || [])].filter(Boolean)) assert.ok(ids.includes(v), `${f.id}: ${v}`);
  }
  assert.match(REFERENCE.source.url, /^https:\/\//);
});

test('without data the charts and tables are empty and say "not measured yet"; the 2013 findings are there', (t) => {
  const load = makeLoader({ dataDir: folder(t, { measured: false }) });
  const chart = chartModel(NAME, { mode: 'setImmediate' }, load);
  assert.deepEqual(chart.series, []);
  assert.match(chart.title, /not measured yet/);
  assert.deepEqual(tableModel(NAME, { mode: 'readFile' }, load).rows, []);
  const ref = tableModel('streamline-2013', {}, load);
  assert.equal(ref.rows.length, REFERENCE.findings.length);
  assert.ok(ref.rows.every((r) => r.now === 'not measured yet'));
  assert.equal(ref.source.url, REFERENCE.source.url);
  assert.throws(() => chartModel(NAME, { mode: 'cpu' }, load), /unknown mode "cpu" for streamline-modes/);
});

test('an invalid data/streamline-modes.json stops the build with its JSON path', (t) => {
  const dir = folder(t, { measured: false });
  fs.writeFileSync(path.join(dir, `${NAME}.json`), JSON.stringify({ schema: 'asyncbench/streamline-modes@1', generatedBy: 'x', runs: {}, cells: [{}] }));
  assert.throws(() => chartModel(NAME, {}, makeLoader({ dataDir: dir })), /streamline-modes\.json \$\.cells\[0\]\.key: is missing/);
});

test('with measured data: time over the modulo per variant, the overflow in the legend and the table, the 2013 outcome beside ours', (t) => {
  const dir = folder(t, { measured: true });
  const load = makeLoader({ dataDir: dir });
  const data = JSON.parse(fs.readFileSync(path.join(dir, `${NAME}.json`), 'utf8'));
  const chart = chartModel(NAME, { mode: 'setImmediate', xlog: true }, load);
  assert.equal(chart.id, 'streamline-modes-setimmediate');
  assert.deepEqual(chart.series.map((s) => s.label), ['async-await', 'callbacks', 'raw-callbacks (stack overflow at modulo 5000)']);
  const cb = data.cells.find((c) => c.variant === 'slmodes-callbacks' && c.n === 1);
  assert.deepEqual(chart.series[1].data.map((p) => p[0]), [1, 5000]);
  assert.equal(chart.series[1].data[0][1], Number(cb.time.median.toPrecision(3)));
  assert.deepEqual(chart.series[2].data.map((p) => p[0]), [1], 'the overflowed cell is no point');
  assert.match(chart.env, /node/);

  const table = tableModel(NAME, { mode: 'setImmediate' }, load);
  const raw = table.rows.find((r) => r.variant === 'raw-callbacks');
  assert.equal(raw.n5000, 'stack overflow');
  assert.equal(typeof raw.n1, 'number');
  const ref = tableModel('streamline-2013', {}, load);
  const overflow = ref.rows[REFERENCE.findings.findIndex((f) => f.id === 'raw-overflow')];
  assert.equal(overflow.then, 'stack overflow near modulo 5000');
  assert.equal(overflow.now, 'stack overflow from modulo 5000');
});

test('the draft post builds: without data it says "not measured yet"; with data its charts are drawn', (t) => {
  const empty = buildDraftsSite({ CHARTS_DATA_DIR: folder(t, { measured: false }) });
  assert.ok(empty.has(POST));
  const text = visibleText(empty.read(POST));
  assert.match(text, /Every n-th step waits for setImmediate: time for 10,000 steps \(not measured yet\)/);
  assert.match(text, /Bruno Jouhier/);
  assert.match(empty.read(POST), /data-file="examples\/src\/streamline-modes\._js"/, 'the compiled variants\' source is on the page');
  assert.match(empty.read(POST), /data-file="examples\/streamline-modes\/raw-callbacks\.js"/);

  // The post's prose states findings (delegationCompare, streamlineCompare):
  // it builds with the committed data, which hold every cell it names, not
  // with the small recorded run the model tests use.
  const full = buildDraftsSite();
  const html = full.read(POST);
  assert.match(html, /id="chart-streamline-modes-setimmediate" data-chart/);
  assert.match(visibleText(html), /stack overflow at modulo [\d, ]*5000/);
});

test('an unfinished run is incomplete data: it stops a normal build', (t) => {
  const dir = folder(t, { measured: true });
  const file = path.join(dir, `${NAME}.json`);
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  data.runs[Object.keys(data.runs)[0]].finished = null;
  fs.writeFileSync(file, JSON.stringify(data));
  assert.deepEqual(readDataFile(dir, NAME).problems.map((p) => p.kind), ['incomplete']);
  assert.throws(() => chartModel(NAME, {}, makeLoader({ dataDir: dir, allowIncomplete: false })), /the run did not finish/);
});

// A data file of a few hand-made cells, beside the committed 2013 findings.
function fixtureLoader(cells) {
  const data = { runs: {}, cells };
  const load = (name) => {
    if (name === NAME) return { shown: `data/${NAME}.json`, data };
    if (name === 'reference-streamline-2013') return { shown: `data/${name}.json`, data: REFERENCE };
    throw new Error(`data/${name}.json: missing`);
  };
  load.has = (name) => name === NAME || name === 'reference-streamline-2013';
  return load;
}
const fixtureCell = (variant, mode, n, times, { status = 'ok', loop = 10000 } = {}) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { key: `node-24@24.21.0|${NAME}|${mode}|${variant}|${n}`, runtime: 'node-24@24.21.0', scenario: NAME, mode, variant, n, loop, status,
    ...(status === 'ok' ? { time: { median: sorted[Math.floor(sorted.length / 2)] } } : {}),
    samples: times.map((timeMs) => ({ status: 'ok', timeMs })) };
};

test('the 2013 findings beside ours: a range of times as the spread within each (the loops differ), a ratio ranked only under the one rule', () => {
  const five = (x) => [x, x * 1.02, x * 0.98, x * 1.01, x * 0.99];
  const load = fixtureLoader([
    fixtureCell('slmodes-callbacks', 'readFile', 1, five(2000)), fixtureCell('slmodes-async-await', 'readFile', 1, five(1600)),
    fixtureCell('slmodes-raw-callbacks', 'setImmediate', 1, five(30)), fixtureCell('slmodes-callbacks', 'setImmediate', 1, five(100)),
  ]);
  const rows = tableModel('streamline-2013', {}, load).rows;
  const row = (id) => rows[REFERENCE.findings.findIndex((f) => f.id === id)];
  const range = REFERENCE.findings.find((f) => f.id === 'readfile-range');
  assert.equal(row('readfile-range').then, `${range.low}–${range.high} ms over a loop of unstated length: the slowest ${Number((range.high / range.low).toFixed(2))}× the fastest`);
  assert.equal(row('readfile-range').now, 'over 10,000 steps: the slowest median 1.25× the fastest');
  // Five runs a cell: no 95 % interval of a median, so the ratio is given and not ranked.
  assert.equal(row('raw-vs-all-tight-setimmediate').now, '3.33× (above 1: hand-written callbacks faster; medians of 5 runs, too few for an interval: not ranked)');
  const six = (x) => [x, x * 1.02, x * 0.98, x * 1.01, x * 0.99, x * 1.03];
  const ranked = tableModel('streamline-2013', {}, fixtureLoader([
    fixtureCell('slmodes-raw-callbacks', 'setImmediate', 1, six(30)), fixtureCell('slmodes-callbacks', 'setImmediate', 1, six(100)),
  ])).rows[0];
  assert.match(ranked.now, /; every pair apart\)$/);
});

test('prose: the first modulo at which a variant failed; comparisons are claims ({% claim %}), not a shortcode of this model', () => {
  const { PROSE } = require('../../site/models');
  const load = fixtureLoader([
    fixtureCell('slmodes-raw-callbacks', 'setImmediate', 10, [5, 5, 5, 5, 5]), fixtureCell('slmodes-raw-callbacks', 'setImmediate', 100, [], { status: 'stack-overflow' }),
    fixtureCell('slmodes-raw-callbacks', 'setImmediate', 1000, [], { status: 'stack-overflow' }), fixtureCell('slmodes-fibers', 'setImmediate', 100, [10, 11, 12, 10.5, 11.5]),
  ]);
  assert.equal(PROSE.streamlineFirstFailure(load, ['slmodes-raw-callbacks'], { mode: 'setImmediate' }), '100');
  assert.throws(() => PROSE.streamlineFirstFailure(load, ['slmodes-fibers'], { mode: 'setImmediate' }), /failed at no modulo; say it finished everywhere/);
  assert.throws(() => PROSE.streamlineFirstFailure(load, ['slmodes-fibers'], { mode: 'cpu' }), /unknown mode "cpu"/);
  assert.equal(PROSE.streamlineCompare, undefined, 'a shortcode that wrote the ranking sentence under a rule of its own');
});
