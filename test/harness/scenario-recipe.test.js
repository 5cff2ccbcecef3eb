'use strict';
// README "Adding a scenario", followed end to end with the fixture scenario
// test/fixtures/scenarios/toy/ (issue 40): the harness plans it and runs its
// child module into a data file, the site checks that file against the
// scenario's schema and draws it through the scenario's model into a chart.
// Nothing is listed anywhere: the harness (scripts/harness/scenarios/), the
// schema registry (scripts/lib/schemas.js) and the site's models
// (site/models/index.js) each find the scenario's folder through
// ASYNCBENCH_SCENARIO_DIRS, set here before any of them loads.
const path = require('node:path');
const TOY_DIRS = path.join(__dirname, '..', 'fixtures', 'scenarios');
process.env.ASYNCBENCH_SCENARIO_DIRS = TOY_DIRS;

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const { ROOT, BENCH, tempDir, readData } = require('../fixtures/bench/helpers');
const { makeLoader, DataCheckError } = require('../../site/lib/data-files');
const { chartModel, visibleSeries, MODEL_FILES } = require('../../site/models');
const { withFamilies } = require('../../site/lib/families');
const { chartFigure, csv } = require('../../site/render/chart-html');

const TOY = path.join(TOY_DIRS, 'toy');
const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const env = { ...process.env, ASYNCBENCH_FAKE_INTERFERENCE: '0' };
const run = (file, args) => spawnSync(process.execPath, [file, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 120000 });

test('the toy scenario, one folder, goes from plan to chart with nothing listed anywhere', (t) => {
  for (const file of ['descriptor.js', 'child.js', 'schema.json', 'model.js', 'manifest.json']) {
    assert.ok(fs.existsSync(path.join(TOY, file)), `the recipe's ${file}`);
  }

  // 1. The plan: its descriptor's modes, the n asked for and its manifest's three variants.
  const plan = run(BENCH, ['--scenario', 'toy', '--n', '2,3', '--reps', '1', '--dry-run']);
  assert.equal(plan.status, 0, plan.stderr);
  assert.match(plan.stdout, /^12 cells \(0 skipped\), 12 jobs;/);

  // 2. The child module alone, as the harness starts it: one cell's result line.
  const cell = run(CHILD, ['--scenario', 'toy', '--variant', path.join(TOY, 'variants', 'toy-later.js'), '--n', '4', '--t', '0', '--mode', 'triple']);
  assert.equal(cell.status, 0, cell.stderr);
  const record = JSON.parse(cell.stdout);
  assert.equal(record.status, 'ok');
  assert.equal(record.total, 18, '3 × (0 + 1 + 2 + 3)');

  // 3. The data file: a run into a folder of data files, named as the descriptor says (data/toy.json).
  const dataDir = tempDir(t, 'asyncbench-recipe-');
  const out = path.join(dataDir, 'toy.json');
  const bench = run(BENCH, ['--scenario', 'toy', '--n', '2,3', '--reps', '1', '--retries', '0', '--out', out]);
  assert.equal(bench.status, 0, bench.stderr);
  assert.equal(readData(out).schema, 'asyncbench/toy@1');

  // 4. The schema: the site's data check finds toy.schema.json by the file's
  // name, in the scenario's folder, and refuses what it does not allow.
  const load = makeLoader({ dataDir });
  const hit = load('toy');
  assert.equal(hit.data.cells.length, 12);
  const bad = path.join(tempDir(t, 'asyncbench-recipe-bad-'), 'toy.json');
  const data = readData(out);
  data.cells[0].factor = 4;
  fs.writeFileSync(bad, JSON.stringify(data));
  assert.throws(() => makeLoader({ dataDir: path.dirname(bad) })('toy'),
    (err) => err instanceof DataCheckError && /toy\.json/.test(err.message) && /\$\.cells\[0\]\.factor/.test(err.message));

  // 5. The model: found beside the descriptor, it draws the calls that passed their checks.
  assert.ok(MODEL_FILES.includes(path.join(TOY, 'model.js')));
  const model = withFamilies(chartModel('toy', { mode: 'triple' }, load));
  assert.equal(model.id, 'toy-triple');
  assert.deepEqual(model.series.map((s) => s.label), ['toy-later', 'toy-sync'], 'toy-wrong failed its check: no series');
  for (const s of model.series) assert.deepEqual(s.data.map((p) => p[0]), [2, 3]);
  assert.ok(model.env.includes(process.versions.node), `the run's runtime and machine: ${model.env}`);

  // 6. The chart: the figure the {% chart "toy" %} shortcode writes, its data table and CSV.
  const html = chartFigure(model, '/posts/toy/toy-triple.csv', null);
  assert.match(html, /<figure class="chart" id="chart-toy-triple" data-chart>/);
  assert.match(html, /Toy calls, each call answers x × 3: time/);
  assert.match(html, /<details class="chart-table" open>/);
  assert.match(html, /toy-later/);
  const lines = csv(model, visibleSeries(model)).trim().split('\n');
  assert.equal(lines.length, 1 + 2 * 2, 'a header, and a row per series and n');
});

test('a chart source no model draws is refused, naming the sources there are', () => {
  assert.throws(() => chartModel('toys', {}, makeLoader({ dataDir: TOY })), /unknown chart source "toys"; use one of .*\btoy\b/);
});
