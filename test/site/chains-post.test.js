'use strict';
// The Promises/A+ chains post: a draft that builds without data/chains.json
// (its figures say "not measured yet"), and, with data from a real quick
// harness run (recorded once, so its figures are fixed), charts and tables
// drawn from that file beside the 2013 figures.
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
const format = require('../../assets/js/chart-format');

const POST = '/posts/promises-aplus-chains/';
const REFERENCE = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'reference-chains-2013.json'), 'utf8'));

// A data folder: the committed files, without chains.json, plus (if asked)
// a quick chains run of three real variants, recorded once
// (test/fixtures/recorded/record.js): the figures asserted below are fixed.
function folder(t, { measured }) {
  const d = dataDir({ drop: ['chains'] });
  t.after(d.remove);
  if (measured) fs.copyFileSync(recorded('chains-post'), path.join(d.dir, 'chains.json'));
  return d.dir;
}

test('without data/chains.json the chains charts and tables are empty and say "not measured yet"; the 2013 table is there', (t) => {
  const load = makeLoader({ dataDir: folder(t, { measured: false }) });
  const chart = chartModel('chains', { mode: 'async', metric: 'after-first' }, load);
  assert.deepEqual(chart.series, []);
  assert.match(chart.title, /not measured yet/);
  const table = tableModel('chains', { metric: 'time' }, load);
  assert.deepEqual(table.rows, []);
  assert.match(table.caption, /not measured yet/);
  const ref = tableModel('chains-2013', { set: 'total' }, load);
  assert.deepEqual(ref.rows.map((r) => r.library), REFERENCE.total.rows.map((r) => r.library));
  assert.throws(() => chartModel('chains', { mode: 'cpu' }, load), /unknown mode "cpu" for chains/);
});

test('an invalid data/chains.json still stops the build, with its JSON path', (t) => {
  const dir = folder(t, { measured: false });
  fs.writeFileSync(path.join(dir, 'chains.json'), JSON.stringify({ schema: 'asyncbench/chains@1', generatedBy: 'x', runs: {}, cells: [{}] }));
  assert.throws(() => chartModel('chains', {}, makeLoader({ dataDir: dir })), /chains\.json \$\.cells\[0\]\.key: is missing/);
});

test('with measured chains data: one series per variant over n, and our figures beside the 2013 ones', (t) => {
  const dir = folder(t, { measured: true });
  const load = makeLoader({ dataDir: dir });
  const chart = chartModel('chains', { mode: 'async', metric: 'after-first', exclude: '^q' }, load);
  assert.equal(chart.id, 'chains-async-after-first');
  assert.deepEqual(chart.series.map((s) => s.label), ['async', 'native', 'q-0-9']);
  for (const s of chart.series) assert.deepEqual(s.data.map((p) => p[0]), [1, 2]);
  assert.match(chart.env, /node/);
  assert.deepEqual(chartModel('chains', { mode: 'mixed' }, load).series, [], 'a mode not measured has no series');

  const table = tableModel('chains', { metric: 'after-first', n: 1 }, load);
  const data = JSON.parse(fs.readFileSync(path.join(dir, 'chains.json'), 'utf8'));
  const cell = data.cells.find((c) => c.variant === 'chains-async' && c.mode === 'sync' && c.n === 1);
  const row = table.rows.find((r) => r.variant === 'async');
  assert.equal(row.sync, cell.afterFirst.median);
  const ref = REFERENCE.afterFirst.rows.find((r) => r.variant === 'chains-async');
  assert.equal(row['ref-sync'], ref.sync, 'the 2013 figure of the same library sits beside ours');
  assert.equal(table.rows.find((r) => r.variant === 'native')['ref-sync'], '–', 'no 2013 figure for native promises');
});

test('the draft post builds: without data it says "not measured yet"; with data its charts are drawn', (t) => {
  const empty = buildDraftsSite({ CHARTS_DATA_DIR: folder(t, { measured: false }) });
  assert.ok(empty.has(POST));
  const text = visibleText(empty.read(POST));
  assert.match(text, /Chains of 500 links, every step asynchronous: time from the first resolution to the end \(not measured yet\)/);
  assert.match(text, /Thanasis Polychronakis/);
  const q = format.measurement(REFERENCE.total.rows.find((r) => r.library === 'Q').sync);
  assert.ok(text.includes(`Q0.9.5${q}`), `the 2013 total-time table is on the page (Q, 0.9.5, ${q})`);
  assert.match(empty.read(POST), /data-file="examples\/chains\/async\.js"/, 'the variants\' sources are on the page');

  // The post's prose states findings ({% claim %}, checked against
  // chains.json): it builds with the committed data, which hold every cell
  // it names with enough repetitions to rank, not with the small recorded
  // run the model tests use.
  const full = buildDraftsSite();
  const html = full.read(POST);
  assert.match(html, /id="chart-chains-async-after-first" data-chart/);
  assert.doesNotMatch(visibleText(html), /not measured yet\)/);
});

test('an unfinished chains run is incomplete data: it stops a normal build and is labelled in a draft one', (t) => {
  const dir = folder(t, { measured: true });
  const file = path.join(dir, 'chains.json');
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  const run = Object.keys(data.runs)[0];
  data.runs[run].finished = null;
  fs.writeFileSync(file, JSON.stringify(data));
  const hit = readDataFile(dir, 'chains');
  assert.deepEqual(hit.problems.map((p) => p.kind), ['incomplete']);
  assert.throws(() => chartModel('chains', {}, makeLoader({ dataDir: dir, allowIncomplete: false })), /the run did not finish/);
  const model = chartModel('chains', {}, makeLoader({ dataDir: dir, allowIncomplete: true }));
  assert.match(model.incomplete, /chains\.json: 1 unfinished run/);
});

test('numbers in the prose come from chains.json: "not measured yet" without it, the cell medians with it', (t) => {
  const { chainsProse, ChainsProseError, NOT_MEASURED } = require('../../site/models/chains');
  const fmt = (v) => `<${v}>`;
  const none = makeLoader({ dataDir: folder(t, { measured: false }) });
  assert.equal(chainsProse(none, 'value', { variant: 'chains-async', mode: 'sync', n: 1 }, fmt), NOT_MEASURED);
  assert.equal(chainsProse(none, 'reps', {}, fmt), NOT_MEASURED);
  const ref = REFERENCE.total.rows.find((r) => r.variant === 'chains-q-0-9');
  assert.equal(chainsProse(none, '2013', { set: 'total', variant: 'chains-q-0-9', mode: 'async' }, fmt), `<${ref.async}>`);

  const dir = folder(t, { measured: true });
  const load = makeLoader({ dataDir: dir });
  const data = JSON.parse(fs.readFileSync(path.join(dir, 'chains.json'), 'utf8'));
  const cell = (v, mode, n) => data.cells.find((c) => c.variant === v && c.mode === mode && c.n === n);
  const q = cell('chains-q-0-9', 'async', 2), a = cell('chains-async', 'async', 2);
  assert.equal(chainsProse(load, 'value', { variant: 'chains-q-0-9', mode: 'async', n: 2, metric: 'after-first' }, fmt), `<${q.afterFirst.median}>`);
  assert.equal(chainsProse(load, 'ratio', { variant: 'chains-q-0-9', over: 'chains-async', mode: 'async', n: 2 }, fmt),
    String(Number((q.time.median / a.time.median).toPrecision(2))));
  // n="max": the most chains the file holds in that mode (2 here), the same n on both sides of a ratio.
  assert.equal(chainsProse(load, 'ratio', { variant: 'chains-q-0-9', over: 'chains-async', mode: 'async', n: 'max' }, fmt),
    String(Number((q.time.median / a.time.median).toPrecision(2))));
  assert.equal(chainsProse(load, 'value', { variant: 'chains-async', mode: 'async', n: 'max', runtime: 'node-0.11' }, fmt), '(not measured on node-0.11)');
  assert.equal(chainsProse(load, 'reps', {}, fmt), '1');
  assert.match(chainsProse(load, 'runtimes', {}, fmt), /^Node\.js \d+\.\d+\.\d+/);
  assert.equal(chainsProse(load, 'value', { variant: 'chains-async', mode: 'sync', n: 1, runtime: 'node-0.11' }, fmt), '(not measured on node-0.11)');
  assert.throws(() => chainsProse(load, 'value', { variant: 'chains-bluebird', mode: 'sync', n: 1 }, fmt), ChainsProseError);
  assert.throws(() => chainsProse(load, 'value', { variant: 'chains-async', mode: 'mixed', n: 1 }, fmt), /no cell for chains-async, mixed, n = 1/);
});

test('the post publishes itself once chains.json exists: left out of a normal build without it, listed with it', (t) => {
  const { runEleventy } = require('../../scripts/site-tools/eleventy-cli');
  const os = require('node:os');
  for (const measured of [false, true]) {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-chains-site-'));
    t.after(() => fs.rmSync(out, { recursive: true, force: true }));
    // Measured: the committed chains.json, whose cells bear out the post's claims.
    const data = measured ? dataDir() : dataDir({ drop: ['chains'] });
    t.after(data.remove);
    const r = runEleventy([`--output=${out}`], { CHARTS_DATA_DIR: data.dir });
    assert.equal(r.status, 0, r.stderr);
    const page = path.join(out, 'posts', 'promises-aplus-chains', 'index.html');
    assert.equal(fs.existsSync(page), measured);
    assert.equal(fs.readFileSync(path.join(out, 'index.html'), 'utf8').includes(POST), measured, 'on the home page');
    if (measured) assert.doesNotMatch(visibleText(fs.readFileSync(page, 'utf8')), /Draft\.|not measured yet/);
  }
});
