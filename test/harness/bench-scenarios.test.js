// A scenario is a folder of one descriptor and one child module, found by the
// registry (scripts/harness/scenarios/index.js; issues 26, 40). A toy scenario
// kept in a fixture folder, added with ASYNCBENCH_SCENARIO_DIRS, runs end to
// end through scripts/bench.js into a temporary data file of its own schema
// (and on to its chart: scenario-recipe.test.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { ROOT, BENCH, tempOut, readData } = require('../fixtures/bench/helpers');

const TOY = path.join(__dirname, '..', 'fixtures', 'scenarios');
const env = { ...process.env, ASYNCBENCH_SCENARIO_DIRS: TOY, ASYNCBENCH_FAKE_INTERFERENCE: '0' };

function bench(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BENCH, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('a toy scenario from a fixture folder runs end to end into a data file of its own schema', async (t) => {
  const out = tempOut(t);
  const r = await bench(['--scenario', 'toy', '--n', '2,3', '--reps', '1', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const data = readData(out);
  assert.equal(data.schema, 'asyncbench/toy@1');
  // 2 modes × 2 n × 3 variants of its own manifest; no floor workload (the descriptor asks for none).
  assert.equal(data.cells.length, 12);
  for (const c of data.cells) {
    assert.equal(c.factor, c.mode === 'double' ? 2 : 3, 'the descriptor\'s dataFields reach the data cell');
    if (c.variant === 'toy-wrong') {
      assert.equal(c.status, 'crash', 'the child module\'s check fails a wrong answer');
      assert.match(c.error, /answered \d+, expected 0/);
      continue;
    }
    assert.equal(c.status, 'ok', JSON.stringify(c));
    const want = c.factor * (c.n * (c.n - 1)) / 2; // the sum of x × factor over x < n
    assert.equal(c.samples[0].total, want, 'the child module\'s own field reaches the sample');
    assert.equal(c.total.median, want, 'the descriptor\'s summary is computed per cell');
    assert.equal(c.samples[0].clock, 'process.hrtime', 'the frame (child.js) adds the process-level fields');
    assert.equal(c.samples[0].gc, true, 'and forces a GC before the batch (the harness exposes it)');
  }
});

test('the registry lists the toy scenario beside the built-in ones, and only when its folder is added', () => {
  const help = spawnSync(process.execPath, [BENCH, '--help'], { cwd: ROOT, env, encoding: 'utf8' });
  assert.match(help.stdout, /toy alone: a test fixture/);
  const without = spawnSync(process.execPath, [BENCH, '--help'], { cwd: ROOT, encoding: 'utf8' });
  assert.doesNotMatch(without.stdout, /toy alone/);
  const refused = spawnSync(process.execPath, [BENCH, '--scenario', 'toy,upload', '--dry-run'], { cwd: ROOT, env, encoding: 'utf8' });
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /toy writes its own data file \(data\/toy\.json\); run it on its own, not with upload/);
});

test('the built-in scenarios are the folders of scripts/harness/scenarios/: the default run in its order, then the others by name', () => {
  const scenarios = require('../../scripts/harness/scenarios');
  const dir = path.join(ROOT, 'scripts', 'harness', 'scenarios');
  const folders = fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).isDirectory()).sort();
  for (const name of folders) {
    const d = scenarios.get(name);
    assert.equal(d.name, name);
    assert.ok(fs.existsSync(path.join(dir, name, 'child.js')), `${name}/child.js`);
    assert.equal(typeof d.cell, 'function');
  }
  const names = scenarios.names();
  assert.deepEqual([...names].sort(), folders, 'every folder is a scenario, and every scenario a folder');
  const run = scenarios.scenarios().filter((d) => d.defaultRun);
  assert.deepEqual(run.map((d) => d.name), ['upload', 'errors', 'parallel'], 'the default run keeps the 2013 article\'s order');
  assert.deepEqual(names.slice(0, run.length), run.map((d) => d.name));
  const rest = names.slice(run.length);
  assert.deepEqual(rest, [...rest].sort());
});

test('a manifest is checked against the registry: its own "scenario" and every entry\'s scenarios', () => {
  const { checkManifest } = require('../../scripts/harness/scenarios');
  const { ManifestError } = require('../../scripts/lib/manifest');
  const entry = { id: 'x', scenarios: ['upload'] };
  assert.doesNotThrow(() => checkManifest({ scenario: 'chains', variants: [entry] }, 'm.json'));
  assert.throws(() => checkManifest({ scenario: 'chainz', variants: [entry] }, 'm.json'),
    (err) => err instanceof ManifestError && /"scenario": unknown scenario "chainz"; known: .*chains/.test(err.message));
  assert.throws(() => checkManifest({ variants: [{ id: 'y', scenarios: ['uplaod'] }] }, 'm.json'),
    (err) => err instanceof ManifestError && /variant y: unknown scenario "uplaod"/.test(err.message));
});
