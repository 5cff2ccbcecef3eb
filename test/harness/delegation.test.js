'use strict';
// The "delegation" scenario (generator delegation post): every runner does
// the 12 asynchronous reads it claims, at the delegation depth it claims
// (counted by the world: reads, levels entered, levels active at each read),
// ends with the value of the last read, and lets a failure of the innermost
// read reach the caller; variants that do less are refused with the reason;
// a quick harness run writes valid asyncbench/delegation@1 data and --resume
// runs nothing more; the plan holds the cells and repetitions it states.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const Ajv = require('ajv');
const { loadManifest, MANIFEST } = require('../../scripts/lib/manifest');
const { parseArgs } = require('../../scripts/harness/bench-args');
const { runOne, expected, levelsOf, MODES, DEPTHS, STEPS } = require('../../scripts/harness/scenarios/delegation/child');
const { NS, LARGE_REPS, REPS } = require('../../scripts/harness/scenarios/delegation/descriptor');
const datafile = require('../../scripts/harness/datafile');
const { ROOT, tempDir, runBench, readData } = require('../fixtures/bench/helpers');

const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const DELEGATION_MANIFEST = path.join(ROOT, 'examples', 'delegation', 'manifest.json');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'delegation');

const variants = () => loadManifest(DELEGATION_MANIFEST).variants;
const depthsOf = (v) => v.depths || MODES;

// One coroutine in this process -> { problem, world, err, value, ends }.
function once(file, mode, failAt = -1) {
  const variant = require(file);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${path.basename(file)} ${mode}: never ended`)), 10000);
    runOne(variant, mode, failAt, (r) => { clearTimeout(timer); resolve(r); });
  });
}

// One cell in a child process, as the harness runs it: -> the result record.
function child(file, mode, n) {
  const r = spawnSync(process.execPath, [CHILD, '--variant', file, '--scenario', 'delegation', '--mode', mode, '--n', String(n), '--t', '0'],
    { encoding: 'utf8', env: Object.assign({}, process.env, { NODE_ENV: 'production' }) });
  const line = r.stdout.trim().split('\n').pop();
  try {
    return Object.assign(JSON.parse(line), { exit: r.status });
  } catch (err) {
    return assert.fail(`${path.basename(file)} ${mode}: no result line (exit ${r.status}): ${r.stderr}`);
  }
}

test('the depths split the same 12 reads over 1, 2, 3 and 6 nested levels, in on the way down and out on the way up', () => {
  assert.deepEqual(MODES.map((m) => DEPTHS[m]), [0, 1, 2, 5]);
  for (const m of MODES) {
    const levels = levelsOf(DEPTHS[m]);
    assert.equal(levels.length, STEPS, m);
    for (let d = 0; d <= DEPTHS[m]; d++) assert.equal(levels.filter((l) => l === d).length, STEPS / (DEPTHS[m] + 1), `${m} level ${d}`);
  }
  assert.deepEqual(levelsOf(2), [0, 0, 1, 1, 2, 2, 2, 2, 1, 1, 0, 0]);
  assert.equal(expected('flat').value, expected('d5').value, 'every depth ends with the same value');
});

test('every delegation variant: 12 asynchronous reads at the claimed depth, nested, and the value of the last read', async () => {
  const list = variants();
  assert.ok(list.length >= 11);
  for (const v of list) {
    for (const mode of depthsOf(v)) {
      const r = await once(path.join(ROOT, 'examples', v.file), mode);
      const depth = DEPTHS[mode];
      assert.equal(r.problem, null, `${v.id} ${mode}: ${r.problem}`);
      assert.equal(r.err, null, `${v.id} ${mode}`);
      assert.equal(r.world.asyncSteps, STEPS, `${v.id} ${mode}: asynchronous reads`);
      assert.equal(r.world.entered, depth + 1, `${v.id} ${mode}: levels entered`);
      assert.equal(r.world.deepest, depth + 1, `${v.id} ${mode}: levels active at once`);
      assert.equal(r.value, expected(mode).value, `${v.id} ${mode}: result`);
      assert.equal(r.ends, 1, `${v.id} ${mode}: ends once`);
    }
  }
});

test('every delegation variant: a failure of the innermost level\'s read reaches the caller, the same error, and nothing reads after it', async () => {
  for (const v of variants()) {
    for (const mode of depthsOf(v)) {
      const depth = DEPTHS[mode];
      const failAt = levelsOf(depth).indexOf(depth); // the first read of the innermost level
      const r = await once(path.join(ROOT, 'examples', v.file), mode, failAt);
      assert.equal(r.problem, null, `${v.id} ${mode}: ${r.problem}`);
      assert.ok(r.err instanceof Error && r.err === r.world.failure, `${v.id} ${mode}: the read's own error reaches done`);
      assert.match(r.err.message, new RegExp(`failed at level ${depth}$`));
      assert.equal(r.world.asyncSteps, failAt + 1, `${v.id} ${mode}: no read after the failure`);
      assert.equal(r.ends, 1);
    }
  }
});

test('the checks refuse a variant that does less: no nesting, a read short, no delegation at depth 1, synchronous reads, a swallowed failure', async () => {
  const seq = await once(path.join(FIXTURES, 'sequential.js'), 'd2');
  assert.match(seq.problem, /coroutine 0: entered level 1 while 0 level\(s\) were active|read 2 came from level 0, expected level 1/);
  assert.equal((await once(path.join(FIXTURES, 'sequential.js'), 'flat')).problem, null, 'flat needs no nesting');
  assert.match((await once(path.join(FIXTURES, 'short.js'), 'd1')).problem, /read \d+ came from level \d, expected level \d|only 11 of 12 reads/);
  assert.match((await once(path.join(ROOT, 'examples', 'delegation', 'async-await.js'), 'd1')).problem, /read 3 came from level 0, expected level 1 at depth 1/);
  const sync = await once(path.join(FIXTURES, 'sync-read.js'), 'flat');
  assert.match(sync.problem, /only 0 of 12 reads had run/);
  const swallowed = await once(path.join(FIXTURES, 'swallow.js'), 'd2', levelsOf(2).indexOf(2));
  assert.match(swallowed.problem, /ended with no error instead of the failure of read 4/);
});

test('in a child process, n coroutines each count 12 reads at their depth, and a short one fails the cell with the reason', () => {
  const n = 3;
  for (const file of ['co-thunks.js', 'bluebird.js', 'async-await-helpers.js']) {
    for (const mode of ['flat', 'd5']) {
      const r = child(path.join(ROOT, 'examples', 'delegation', file), mode, n);
      assert.equal(r.status, 'ok', `${file} ${mode}: ${r.error}`);
      assert.equal(r.exit, 0);
      assert.equal(r.asyncSteps, n * STEPS);
      assert.equal(r.depth, DEPTHS[mode]);
      assert.equal(r.depthSeen, DEPTHS[mode]);
      assert.ok(r.opsPerSec > 0 && typeof r.peakRssMb === 'number', `${file} ${mode}: throughput and peak memory`);
    }
  }
  const bad = child(path.join(FIXTURES, 'short.js'), 'd2', n);
  assert.equal(bad.status, 'crash');
  assert.equal(bad.exit, 1);
  assert.match(bad.error, /^coroutine 0: read \d+ came from level/);
});

test('--scenario delegation: its own depths, n, repetitions, manifest and data file; refused with another scenario or a cpu/io mode', () => {
  const o = parseArgs(['--scenario', 'delegation']);
  assert.deepEqual(o.settings.modes, ['flat', 'd1', 'd2', 'd5']);
  assert.deepEqual(o.settings.ns, [1, 100, 10000]);
  assert.equal(o.settings.reps, REPS);
  assert.equal(o.settings.maxReps, REPS, 'no adaptive repetitions by default');
  assert.equal(o.settings.largeReps, LARGE_REPS);
  assert.equal(o.out, path.join(ROOT, 'data', 'delegation.json'));
  assert.equal(o.manifest, DELEGATION_MANIFEST);
  assert.equal(o.dataSchema, 'asyncbench/delegation@1');
  assert.deepEqual(parseArgs(['--scenario', 'delegation', '--quick']).settings.ns, [1, 100]);
  assert.equal(parseArgs(['--scenario', 'delegation', '--reps', '7']).settings.largeReps, null, '--reps names the count for every cell');
  assert.throws(() => parseArgs(['--scenario', 'delegation,chains']), /--scenario: (delegation|chains) writes its own data file/);
  assert.throws(() => parseArgs(['--scenario', 'delegation', '--mode', 'cpu']), /--mode: unknown value "cpu"; expected flat, d1, d2, d5/);
});

test('the delegation variants stay out of the main article\'s list, and async/await without helpers runs only flat', () => {
  const main = loadManifest(MANIFEST);
  assert.deepEqual(main.variants.filter((v) => v.scenarios.includes('delegation')).map((v) => v.id), []);
  for (const v of variants()) assert.deepEqual(v.scenarios, ['delegation'], v.id);
  assert.deepEqual(variants().find((v) => v.id === 'delegation-async-await').depths, ['flat']);
});

test('the default plan: every runner at every depth it has, n 1, 100, 10000, 5 repetitions and 3 at n 10000', () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bench.js'), '--scenario', 'delegation', '--dry-run'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const pairs = variants().reduce((s, v) => s + depthsOf(v).length, 0);
  const [, cells, jobs] = r.stdout.match(/^(\d+) cells \(0 skipped\), (\d+) jobs/);
  assert.equal(Number(cells), pairs * NS.length, r.stdout);
  assert.equal(Number(jobs), pairs * (2 * REPS + LARGE_REPS), r.stdout);
});

test('a quick harness run writes valid delegation data, records a short variant as failed, and --resume runs nothing more', async (t) => {
  const out = path.join(tempDir(t, 'asyncbench-delegation-'), 'delegation.json');
  const args = ['--manifest', path.join(FIXTURES, 'manifest.json'), '--scenario', 'delegation', '--mode', 'flat,d2', '--n', '1,3', '--reps', '2',
    '--timeout', '600000', '--out', out];
  const r = await runBench(args);
  assert.equal(r.code, 0, r.stderr);
  const data = readData(out);
  assert.equal(data.schema, 'asyncbench/delegation@1');
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'schema', 'delegation.schema.json'), 'utf8')));
  assert.ok(validate(data), JSON.stringify(validate.errors));
  assert.deepEqual(datafile.validate(data), []);
  assert.equal(data.cells.length, 4 * 2 * 2);
  const cell = (variant, mode, n) => data.cells.find((c) => c.variant === variant && c.mode === mode && c.n === n);
  const ok = cell('delegation-co-thunks', 'd2', 3);
  assert.equal(ok.status, 'ok', ok.error);
  assert.equal(ok.depth, 2);
  assert.equal(ok.criticalPath, STEPS);
  assert.equal(ok.samples.length, 2);
  assert.equal(ok.samples[0].asyncSteps, 3 * STEPS);
  assert.equal(ok.throughput.count, 2);
  assert.equal(cell('fixture-sequential', 'flat', 1).status, 'ok', 'flat needs no nesting');
  assert.equal(cell('fixture-sequential', 'd2', 3).status, 'crash');
  assert.match(cell('fixture-short', 'd2', 1).error, /came from level|only 11 of 12/);
  const resumed = await runBench([...args, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /0 jobs to run/);
});

test('a delegation run refuses to write into a chains file', async (t) => {
  const file = path.join(tempDir(t, 'asyncbench-delegation-'), 'chains.json');
  fs.writeFileSync(file, JSON.stringify({ schema: 'asyncbench/chains@1', generatedBy: 'x', runs: {}, cells: [] }));
  const r = await runBench(['--manifest', path.join(FIXTURES, 'manifest.json'), '--scenario', 'delegation', '--variants', '^delegation-co-thunks$',
    '--n', '1', '--reps', '1', '--out', file]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /holds "asyncbench\/chains@1" data, not asyncbench\/delegation@1/);
});
