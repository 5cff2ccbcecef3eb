'use strict';
// The "chains" scenario (Promises/A+ chains post): every variant does the
// work it claims (500 links, each once, in order, the right final value, and
// the asynchronous steps its mode asks for); a chain that does less is refused
// with a message; a stack overflow is a recorded outcome; a quick harness run
// writes valid asyncbench/chains@1 data and --resume finishes only what is missing.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const Ajv = require('ajv');
const { loadManifest, MANIFEST } = require('../../scripts/lib/manifest');
const { parseArgs } = require('../../scripts/harness/bench-args');
const { expected, MODES } = require('../../scripts/harness/scenarios/chains/child');
const { LINKS, REPS, MAX_REPS } = require('../../scripts/harness/scenarios/chains/descriptor');
const datafile = require('../../scripts/harness/datafile');
const { ROOT, tempDir, runBench, readData } = require('../fixtures/bench/helpers');

const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const CHAINS_MANIFEST = path.join(ROOT, 'examples', 'chains', 'manifest.json');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'chains');

// One cell in a child process, as the harness runs it: -> the result record.
function child(file, mode, { n = 2, links } = {}) {
  const args = [CHILD, '--variant', file, '--scenario', 'chains', '--mode', mode, '--n', String(n), '--t', '0'];
  if (links) args.push('--links', String(links));
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', env: Object.assign({}, process.env, { NODE_ENV: 'production' }) });
  const line = r.stdout.trim().split('\n').pop();
  let record = null;
  try {
    record = JSON.parse(line);
  } catch (err) {
    assert.fail(`${path.basename(file)} ${mode}: no result line (exit ${r.status}): ${r.stderr}`);
  }
  return Object.assign(record, { exit: r.status });
}

test('the modes mean what the post says: no, every second, and every step asynchronous', () => {
  assert.deepEqual(MODES.map((m) => expected(m, LINKS).asyncSteps), [0, 250, 500]);
  assert.notEqual(expected('sync', 500).value, expected('sync', 499).value, 'the final value tells 499 links from 500');
});

test('every chains variant: 500 links, each once, in order, right final value, and its asynchronous steps', () => {
  const manifest = loadManifest(CHAINS_MANIFEST);
  assert.ok(manifest.variants.length >= 11);
  const n = 2;
  for (const v of manifest.variants) {
    for (const mode of MODES) {
      const r = child(path.join(ROOT, 'examples', v.file), mode, { n });
      assert.equal(r.status, 'ok', `${v.id} ${mode}: ${r.error}`);
      assert.equal(r.exit, 0);
      assert.equal(r.links, LINKS);
      assert.equal(r.linksRun, n * LINKS, `${v.id} ${mode}: links run`);
      assert.equal(r.asyncSteps, n * expected(mode, LINKS).asyncSteps, `${v.id} ${mode}: asynchronous steps`);
      assert.ok(r.timeMs >= r.afterFirstMs && r.afterFirstMs >= 0, `${v.id} ${mode}: time from the first resolution within the total`);
      assert.equal(typeof r.peakRssMb, 'number', `${v.id} ${mode}: peak memory in MB`);
    }
  }
});

test('a chain one link short, a link run twice, a link not waited for, or a chain ended twice is refused with the reason', () => {
  const cases = [
    ['short.js', /chain 0: only 499 of 500 links had run when it ended/],
    ['twice.js', /chain 0: link 10 ran twice/],
    ['no-wait.js', /chain 0: link 1 was given 7 instead of the value of link 0/],
    ['ends-twice.js', /2 chain ends came more than once/],
  ];
  for (const [file, message] of cases) {
    for (const mode of ['sync', 'async']) {
      const r = child(path.join(FIXTURES, file), mode);
      assert.equal(r.status, 'crash', `${file} ${mode} must fail`);
      assert.equal(r.exit, 1);
      assert.match(r.error, message, `${file} ${mode}`);
    }
  }
});

test('the check counts asynchronous steps: a chain shorter than asked for is told apart by --links', () => {
  const r = child(path.join(ROOT, 'examples', 'chains', 'native.js'), 'async', { n: 1, links: 40 });
  assert.equal(r.status, 'ok', r.error);
  assert.equal(r.asyncSteps, 40);
  assert.equal(r.linksRun, 40);
});

test('a stack overflow, at start or in a later turn, is a failed result with its message, not a lost child', () => {
  const now = child(path.join(FIXTURES, 'overflow.js'), 'sync');
  assert.equal(now.status, 'crash');
  assert.match(now.error, /^stack overflow: a chain threw while starting: RangeError: Maximum call stack size exceeded/);
  const later = child(path.join(FIXTURES, 'overflow-later.js'), 'async');
  assert.equal(later.status, 'crash');
  assert.match(later.error, /RangeError: Maximum call stack size exceeded/);
});

test('--scenario chains: its own modes, n, manifest and data file; refused with another scenario or a cpu/io mode', () => {
  const o = parseArgs(['--scenario', 'chains']);
  assert.deepEqual(o.settings.modes, ['sync', 'mixed', 'async']);
  assert.deepEqual(o.settings.ns, [1, 10, 100]);
  assert.equal(o.out, path.join(ROOT, 'data', 'chains.json'));
  assert.equal(o.manifest, CHAINS_MANIFEST);
  assert.equal(o.dataSchema, 'asyncbench/chains@1');
  assert.deepEqual(parseArgs(['--scenario', 'chains', '--quick']).settings.ns, [1, 10]);
  assert.deepEqual([o.settings.reps, o.settings.maxReps], [REPS, MAX_REPS], 'its own cap on adaptive repetitions');
  assert.ok(MAX_REPS < parseArgs([]).settings.maxReps);
  const three = parseArgs(['--scenario', 'chains', '--reps', '3']).settings;
  assert.deepEqual([three.reps, three.maxReps], [3, 3], 'an explicit --reps is exactly that many');
  assert.equal(parseArgs(['--scenario', 'chains', '--max-reps', '20']).settings.maxReps, 20);
  assert.equal(parseArgs(['--scenario', 'chains', '--quick']).settings.maxReps, 1);
  assert.deepEqual(parseArgs(['--scenario', 'chains', '--mode', 'async', '--n', '5']).settings.modes, ['async']);
  assert.throws(() => parseArgs(['--scenario', 'chains,upload']), /--scenario: chains writes its own data file.*not with upload/);
  assert.throws(() => parseArgs(['--scenario', 'upload,chains']), /--scenario: chains writes its own data file.*not with upload/, 'whatever the order');
  assert.throws(() => parseArgs(['--scenario', 'chains', '--mode', 'cpu']), /--mode: unknown value "cpu"; expected sync, mixed, async/);
  assert.equal(parseArgs([]).dataSchema, 'asyncbench/perf@1', 'the upload scenarios keep perf@1');
});

test('the chains variants stay out of the main article\'s list, and the chains list holds only chains variants', () => {
  const main = loadManifest(MANIFEST);
  assert.deepEqual(main.variants.filter((v) => v.scenarios.includes('chains')).map((v) => v.id), []);
  for (const v of loadManifest(CHAINS_MANIFEST).variants) assert.deepEqual(v.scenarios, ['chains'], v.id);
});

test('a quick harness run writes valid chains data, records a stack overflow as an outcome, and --resume runs only what is missing', async (t) => {
  const out = path.join(tempDir(t, 'asyncbench-chains-'), 'chains.json');
  const args = ['--manifest', path.join(FIXTURES, 'manifest.json'), '--variants', '^(chains-native|fixture-(short|overflow|overflow-later))$',
    '--scenario', 'chains', '--mode', 'sync,async', '--n', '1,3', '--reps', '1',
    '--timeout', '600000', '--out', out];
  const r = await runBench(args);
  assert.equal(r.code, 0, r.stderr);
  const data = readData(out);
  assert.equal(data.schema, 'asyncbench/chains@1');
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'schema', 'chains.schema.json'), 'utf8')));
  assert.ok(validate(data), JSON.stringify(validate.errors));
  assert.deepEqual(datafile.validate(data), []);
  assert.equal(data.cells.length, 4 * 2 * 2);
  const cell = (variant, mode, n) => data.cells.find((c) => c.variant === variant && c.mode === mode && c.n === n);
  const ok = cell('chains-native', 'async', 3);
  assert.equal(ok.status, 'ok', ok.error);
  assert.equal(ok.links, LINKS);
  assert.equal(ok.criticalPath, 500);
  assert.equal(ok.samples[0].asyncSteps, 3 * 500);
  assert.equal(ok.afterFirst.count, 1);
  assert.equal(cell('fixture-short', 'sync', 1).status, 'crash');
  assert.match(cell('fixture-short', 'sync', 1).error, /only 499 of 500 links/);
  assert.match(cell('fixture-overflow', 'sync', 3).error, /^stack overflow: .*Maximum call stack size exceeded/);
  assert.match(cell('fixture-overflow-later', 'async', 1).error, /Maximum call stack size exceeded/);
  const resumed = await runBench([...args, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /0 jobs to run/);

  // An interrupted run: one cell never written, the rest kept. --resume runs
  // that one job and leaves every other sample as it was.
  const lost = data.cells.findIndex((c) => c.variant === 'chains-native' && c.mode === 'sync' && c.n === 1);
  const kept = data.cells.filter((_, i) => i !== lost);
  fs.writeFileSync(out, JSON.stringify(Object.assign({}, data, { cells: kept })));
  const finished = await runBench([...args, '--resume']);
  assert.equal(finished.code, 0, finished.stderr);
  assert.match(finished.stderr, /: 1 jobs? to run/);
  assert.match(finished.stderr, /chains-native n=1 rep 1/);
  const after = readData(out);
  assert.equal(after.cells.length, data.cells.length);
  assert.equal(after.cells.find((c) => c.variant === 'chains-native' && c.mode === 'sync' && c.n === 1).status, 'ok');
  for (const before of kept) {
    const now = after.cells.find((c) => c.key === before.key);
    assert.deepEqual(now.samples, before.samples, `${before.key} was run again`);
  }
});

test('a chain that hangs is killed at --timeout and recorded as "timeout" with the message; the run goes on', async (t) => {
  const out = path.join(tempDir(t, 'asyncbench-chains-'), 'chains.json');
  const r = await runBench(['--manifest', path.join(FIXTURES, 'manifest.json'), '--variants', '^(chains-native|fixture-hang)$',
    '--scenario', 'chains', '--mode', 'async', '--n', '1', '--reps', '1', '--timeout', '3000', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const cells = Object.fromEntries(readData(out).cells.map((c) => [c.variant, c]));
  assert.equal(cells['fixture-hang'].status, 'timeout');
  assert.match(cells['fixture-hang'].error, /no result within 3000 ms; the child was killed/);
  assert.equal(cells['chains-native'].status, 'ok', cells['chains-native'].error);
});

test('a chains run refuses to write into a perf@1 file, and an upload run into a chains file', async (t) => {
  const dir = tempDir(t, 'asyncbench-chains-');
  const perf = path.join(dir, 'perf.json');
  fs.writeFileSync(perf, JSON.stringify({ schema: 'asyncbench/perf@1', generatedBy: 'x', runs: {}, cells: [] }));
  const r = await runBench(['--manifest', path.join(FIXTURES, 'manifest.json'), '--scenario', 'chains', '--variants', '^chains-native$',
    '--n', '1', '--reps', '1', '--out', perf]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /holds "asyncbench\/perf@1" data, not asyncbench\/chains@1/);
  assert.throws(() => datafile.load(perf, 'x', 'asyncbench/chains@1'), /Refusing to overwrite it/);
  const chains = path.join(dir, 'chains.json');
  fs.writeFileSync(chains, JSON.stringify({ schema: 'asyncbench/chains@1', generatedBy: 'x', runs: {}, cells: [] }));
  assert.throws(() => datafile.load(chains, 'x'), /holds "asyncbench\/chains@1" data, not asyncbench\/perf@1/);
});

test('a chain that runs out of memory is recorded as "oom" with the message, and the run goes on', async (t) => {
  const out = path.join(tempDir(t, 'asyncbench-chains-'), 'chains.json');
  const r = await runBench(['--manifest', path.join(FIXTURES, 'manifest.json'), '--runtime', process.execPath, '--max-old-space-size=16',
    '--variants', '^(chains-native|fixture-oom)$', '--scenario', 'chains', '--mode', 'sync', '--n', '1', '--reps', '1', '--timeout', '600000', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const cells = Object.fromEntries(readData(out).cells.map((c) => [c.variant, c]));
  assert.equal(cells['fixture-oom'].status, 'oom');
  assert.match(cells['fixture-oom'].error, /^out of memory at n=1: the JavaScript heap reached its limit \(16 MB\)/);
  assert.equal(cells['chains-native'].status, 'ok', cells['chains-native'].error);
});

test('a chains plan has no floor cell: the floor workload is the upload workload\'s', () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bench.js'), '--scenario', 'chains', '--dry-run'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const variants = loadManifest(CHAINS_MANIFEST).variants.length;
  const [, cells] = r.stdout.match(/^(\d+) cells/);
  assert.equal(Number(cells), variants * MODES.length * 3, r.stdout);
});

test('the default chains run fits its budget: at most 8 minutes for three runtimes, adaptive repetitions included', () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bench.js'), '--scenario', 'chains', '--dry-run'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const [, min, sec] = r.stdout.match(/rough estimate (?:(\d+)m)?(\d+)s/);
  const planned = (Number(min || 0) * 60 + Number(sec)) * 1000;
  // The estimate counts the planned repetitions; each cell may grow to MAX_REPS.
  const worst = planned * MAX_REPS / REPS;
  assert.ok(worst * 3 <= 8 * 60 * 1000, `one runtime: ${planned} ms planned, ${worst} ms at worst; three would take more than 8 minutes`);
  assert.ok(planned > 60 * 1000, `the estimate (${planned} ms) counts what a job at n = 100 costs`);
});
