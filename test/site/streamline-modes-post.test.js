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

test('prose: two variants are ranked only when every run of one beats every run of the other; outcomes say where a variant fails', () => {
  const { PROSE } = require('../../site/models');
  const cell = (variant, n, times, status = 'ok') => ({ key: `node-24|${NAME}|setImmediate|${variant}|${n}`, runtime: 'node-24@24.21.0', scenario: NAME, mode: 'setImmediate', variant, n, status,
    samples: times.map((timeMs) => ({ status: 'ok', timeMs })) });
  const data = { runs: {}, cells: [
    cell('slmodes-fibers', 100, [10, 11, 12, 10.5, 11.5]), cell('slmodes-callbacks', 100, [40, 42, 41, 39, 43]),
    cell('slmodes-async-await', 100, [11, 13, 9.8, 12.5, 10.2]),
    cell('slmodes-raw-callbacks', 10, [5, 5, 5, 5, 5]), cell('slmodes-raw-callbacks', 100, [], 'stack-overflow'), cell('slmodes-raw-callbacks', 1000, [], 'stack-overflow'),
  ] };
  const load = (name) => {
    if (name !== NAME) throw new Error(`data/${name}.json: missing`);
    return { shown: `data/${NAME}.json`, data };
  };
  load.has = (name) => name === NAME;
  const kw = { mode: 'setImmediate', n: 100 };
  assert.equal(PROSE.streamlineCompare(load, [], { ...kw, a: 'slmodes-fibers', b: 'slmodes-callbacks' }),
    'streamline.js, fibers mode took 0.27× the time of streamline.js, callbacks mode (every run of one faster than every run of the other)');
  assert.match(PROSE.streamlineCompare(load, [], { ...kw, a: 'slmodes-fibers', b: 'slmodes-async-await' }), /took the same time within the spread of their runs \(ratio of medians 1\.00\)$/);
  assert.throws(() => PROSE.streamlineCompare(load, [], { ...kw, a: 'slmodes-raw-callbacks', b: 'slmodes-fibers' }), /ended in stack overflow; say so with streamlineOutcome/);
  assert.equal(PROSE.streamlineOutcome(load, ['slmodes-raw-callbacks'], { mode: 'setImmediate' }), 'ended in a stack overflow at every modulo from 100 up');
  assert.equal(PROSE.streamlineOutcome(load, ['slmodes-fibers'], { mode: 'setImmediate' }), 'finished at every modulo measured, up to 100');
});
