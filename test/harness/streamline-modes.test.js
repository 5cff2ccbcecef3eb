'use strict';
// The "streamline-modes" scenario (companion post on streamline's three
// modes): every mode of the one program does the same steps — as many
// asynchronous and synchronous ones at each modulo — and returns the same
// total; a program that does less is refused; a stack overflow or a hang is
// a recorded outcome of the cell, never a crash of the harness; a quick run
// writes valid asyncbench/streamline-modes@1 data and --resume runs nothing more.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const Ajv = require('ajv');
const { loadManifest, MANIFEST } = require('../../scripts/lib/manifest');
const { compileAll } = require('../../scripts/compile/index');
const { parseArgs } = require('../../scripts/harness/bench-args');
const { expected, PRIMITIVES, DEPTH, LOOP } = require('../../scripts/harness/scenarios/streamline-modes/child');
const { GRID } = require('../../scripts/harness/scenarios/streamline-modes/descriptor');
const { isInstalled, binaryPath, installFibers } = require('../../scripts/runtimes');
const { findFibersTree } = require('../../scripts/runtimes/fibers-hook');
const datafile = require('../../scripts/harness/datafile');
const { ROOT, tempDir, runBench, readData } = require('../fixtures/bench/helpers');

const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const SL_MANIFEST = path.join(ROOT, 'examples', 'streamline-modes', 'manifest.json');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'streamline-modes');
const FIBERS_PROFILE = 'node-14';

// One run in a child process, as the harness starts it: -> the result record.
function child(file, mode, modulo, { depth, loop, runtime = process.execPath } = {}) {
  const args = [CHILD, '--variant', file, '--scenario', 'streamline-modes', '--mode', mode, '--n', String(modulo), '--t', '0'];
  if (depth !== undefined) args.push('--depth', String(depth));
  if (loop !== undefined) args.push('--loop', String(loop));
  const r = spawnSync(runtime, args, { encoding: 'utf8', timeout: 120000, env: Object.assign({}, process.env, { NODE_ENV: 'production' }) });
  let record = null;
  try {
    record = JSON.parse(r.stdout.trim().split('\n').pop());
  } catch (err) {
    assert.fail(`${path.basename(file)} ${mode} ${modulo}: no result line (exit ${r.status}, ${r.signal}): ${r.stderr}`);
  }
  return Object.assign(record, { exit: r.status });
}

// Where the fibers variant can run: this runtime, or Node 14 with its tree.
function fibersRuntime() {
  if (findFibersTree().dir) return { runtime: process.execPath };
  if (!isInstalled(FIBERS_PROFILE) && !process.env.CI) return { why: `${FIBERS_PROFILE} is not installed (npm run runtimes -- install ${FIBERS_PROFILE})` };
  installFibers(FIBERS_PROFILE);
  return { runtime: binaryPath(FIBERS_PROFILE) };
}

test('the modulo means what the post says: step i waits when i % modulo is 0, the rest answer at once', () => {
  assert.deepEqual([1, 2, 10, 100, 1000, 5000].map((m) => expected(DEPTH, LOOP, m).asyncSteps), [10000, 5000, 1000, 100, 10, 2]);
  for (const m of [1, 7, 5000]) {
    const e = expected(DEPTH, LOOP, m);
    assert.equal(e.asyncSteps + e.syncSteps, LOOP);
  }
  assert.notEqual(expected(DEPTH, LOOP, 1).total, expected(DEPTH - 1, LOOP, 1).total, 'the total tells a level left out');
  assert.notEqual(expected(DEPTH, LOOP, 1).total, expected(DEPTH, LOOP - 1, 1).total, 'the total tells a step left out');
});

test('every mode does the same asynchronous and synchronous steps at each modulo and returns the same total', () => {
  const { variants } = loadManifest(SL_MANIFEST);
  assert.deepEqual(variants.map((v) => v.id).sort(),
    ['slmodes-async-await', 'slmodes-callbacks', 'slmodes-fibers', 'slmodes-generators', 'slmodes-raw-callbacks']);
  const built = compileAll(variants);
  assert.deepEqual(built.failed, []);
  const fibers = fibersRuntime();
  const depth = 5, loop = 120;
  const cases = [['setImmediate', 1], ['setImmediate', 2], ['setImmediate', 7], ['setImmediate', 50], ['setTimeout', 40], ['readFile', 3]];
  const seen = {};
  for (const v of variants) {
    const runtime = v.requires.includes('fibers') ? fibers.runtime : process.execPath;
    if (!runtime) { process.stderr.write(`# ${v.id} not checked: ${fibers.why}\n`); continue; }
    for (const [mode, modulo] of cases) {
      const r = child(path.join(ROOT, 'examples', v.file), mode, modulo, { depth, loop, runtime });
      const want = expected(depth, loop, modulo);
      assert.equal(r.status, 'ok', `${v.id} ${mode} ${modulo}: ${r.error}`);
      assert.equal(r.exit, 0);
      assert.equal(r.steps, loop, `${v.id} ${mode} ${modulo}: steps`);
      assert.equal(r.asyncSteps, want.asyncSteps, `${v.id} ${mode} ${modulo}: asynchronous steps`);
      assert.equal(r.syncSteps, want.syncSteps, `${v.id} ${mode} ${modulo}: synchronous steps`);
      assert.equal(r.total, want.total, `${v.id} ${mode} ${modulo}: total`);
      assert.equal(r.primitive, mode);
      const key = `${mode}|${modulo}`;
      (seen[key] = seen[key] || new Set()).add(`${r.asyncSteps}/${r.syncSteps}/${r.total}`);
    }
  }
  for (const [key, outcomes] of Object.entries(seen)) assert.equal(outcomes.size, 1, `${key}: the modes differ: ${[...outcomes].join(', ')}`);
});

test('a program one step short, or one that runs its steps at once instead of in turn, is refused with the reason', () => {
  const short = child(path.join(FIXTURES, 'short.js'), 'setImmediate', 3, { depth: 2, loop: 30 });
  assert.equal(short.status, 'crash');
  assert.match(short.error, /done was called after 29 of 30 steps/);
  const concurrent = child(path.join(FIXTURES, 'concurrent.js'), 'setImmediate', 3, { depth: 2, loop: 30 });
  assert.equal(concurrent.status, 'crash');
  assert.match(concurrent.error, /step 1 started while step 0 was still waiting/);
});

test('raw callbacks overflow the stack as the synchronous share grows: a recorded outcome with the runtime\'s message', () => {
  const file = path.join(ROOT, 'examples', 'streamline-modes', 'raw-callbacks.js');
  const small = child(file, 'setImmediate', 1);
  assert.equal(small.status, 'ok', small.error);
  const large = child(file, 'setImmediate', 5000);
  assert.equal(large.status, 'stack-overflow');
  assert.equal(large.exit, 1);
  assert.match(large.error, /^the stack overflowed after \d+ of 10000 steps \(\d+ answered at once\) and the RangeError escaped to the event loop: Maximum call stack size exceeded/);
  const start = child(path.join(FIXTURES, 'overflow-start.js'), 'setImmediate', 10);
  assert.equal(start.status, 'stack-overflow');
  assert.match(start.error, /RangeError was thrown while starting/);
  const caught = child(path.join(FIXTURES, 'overflow-done.js'), 'setImmediate', 10);
  assert.equal(caught.status, 'stack-overflow');
  assert.match(caught.error, /RangeError reached done/);
});

test('--scenario streamline-modes: primitives, the grid of moduli, its manifest, data file and repetitions', () => {
  const o = parseArgs(['--scenario', 'streamline-modes']);
  assert.deepEqual(o.settings.modes, PRIMITIVES);
  assert.deepEqual(o.settings.ns, [...new Set(Object.values(GRID).flat())].sort((a, b) => a - b));
  assert.deepEqual(o.settings.grid, GRID);
  assert.equal(o.settings.reps, 3);
  assert.equal(o.settings.maxReps, 5);
  assert.equal(o.out, path.join(ROOT, 'data', 'streamline-modes.json'));
  assert.equal(o.manifest, SL_MANIFEST);
  assert.equal(o.dataSchema, 'asyncbench/streamline-modes@1');
  const given = parseArgs(['--scenario', 'streamline-modes', '--mode', 'setTimeout', '--n', '1,3', '--reps', '2']);
  assert.deepEqual([given.settings.modes, given.settings.ns, given.settings.grid, given.settings.reps], [['setTimeout'], [1, 3], null, 2]);
  assert.throws(() => parseArgs(['--scenario', 'streamline-modes,upload']), /writes its own data file.*not with upload/);
  assert.throws(() => parseArgs(['--scenario', 'streamline-modes', '--mode', 'cpu']), /--mode: unknown value "cpu"; expected setImmediate, setTimeout, readFile/);
});

test('the default plan: each primitive at its own moduli, no floor, fibers skipped with the probe\'s reason where it does not load', () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bench.js'), '--scenario', 'streamline-modes', '--dry-run'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const variants = loadManifest(SL_MANIFEST).variants.length;
  const cellsPerVariant = Object.values(GRID).reduce((s, ms) => s + ms.length, 0);
  assert.equal(Number(/^(\d+) cells/.exec(r.stdout)[1]), variants * cellsPerVariant, r.stdout);
  const here = findFibersTree();
  if (!here.dir) {
    const skips = r.stdout.split('\n').filter((l) => l.startsWith('skip '));
    assert.equal(skips.length, cellsPerVariant);
    for (const l of skips) assert.ok(l.includes('|slmodes-fibers|') && l.endsWith(`: ${here.reason} (node-${process.versions.node}, probed)`), l);
  }
});

test('the streamline-modes variants stay out of the main article\'s list', () => {
  assert.deepEqual(loadManifest(MANIFEST).variants.filter((v) => v.scenarios.includes('streamline-modes')).map((v) => v.id), []);
  for (const v of loadManifest(SL_MANIFEST).variants) assert.deepEqual(v.scenarios, ['streamline-modes'], v.id);
});

test('a quick harness run: valid data, a stack overflow and a hang recorded as outcomes, and --resume runs nothing more', async (t) => {
  const out = path.join(tempDir(t, 'asyncbench-slmodes-'), 'streamline-modes.json');
  const args = ['--manifest', path.join(FIXTURES, 'manifest.json'), '--scenario', 'streamline-modes', '--mode', 'setImmediate',
    '--n', '1,5000', '--reps', '1', '--timeout', '4000', '--out', out];
  const r = await runBench(args);
  assert.equal(r.code, 0, `the harness must finish and exit 0 whatever the variants do: ${r.stderr}`);
  const data = readData(out);
  assert.equal(data.schema, 'asyncbench/streamline-modes@1');
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'schema', 'streamline-modes.schema.json'), 'utf8')));
  assert.ok(validate(data), JSON.stringify(validate.errors));
  assert.deepEqual(datafile.validate(data), []);
  assert.equal(data.cells.length, 6 * 2);
  const cell = (variant, n) => data.cells.find((c) => c.variant === variant && c.n === n);
  for (const id of ['slmodes-raw-callbacks', 'slmodes-callbacks', 'slmodes-async-await']) {
    const ok = cell(id, 1);
    assert.equal(ok.status, 'ok', `${id}: ${ok.error}`);
    assert.equal(ok.runtime, `node-${process.versions.node}`);
    assert.deepEqual([ok.depth, ok.loop, ok.modulo, ok.criticalPath], [DEPTH, LOOP, 1, LOOP]);
    assert.equal(ok.samples[0].asyncSteps, LOOP);
    assert.equal(ok.samples[0].total, expected(DEPTH, LOOP, 1).total);
  }
  assert.equal(cell('slmodes-callbacks', 5000).status, 'ok', 'streamline\'s trampoline keeps the stack flat');
  assert.equal(cell('slmodes-raw-callbacks', 5000).status, 'stack-overflow');
  assert.match(cell('slmodes-raw-callbacks', 5000).error, /Maximum call stack size exceeded/);
  assert.equal(cell('fixture-overflow-start', 1).status, 'stack-overflow');
  assert.equal(cell('fixture-hang', 1).status, 'timeout');
  assert.match(cell('fixture-hang', 1).error, /no result within 4000 ms/);
  assert.equal(cell('fixture-short', 1).status, 'crash');
  const resumed = await runBench([...args, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /0 jobs to run/);
  assert.deepEqual(readData(out).cells.map((c) => c.key).sort(), data.cells.map((c) => c.key).sort());
});

test('a streamline-modes run refuses to write into another schema\'s file', async (t) => {
  const perf = path.join(tempDir(t, 'asyncbench-slmodes-'), 'perf.json');
  fs.writeFileSync(perf, JSON.stringify({ schema: 'asyncbench/chains@1', generatedBy: 'x', runs: {}, cells: [] }));
  const r = await runBench(['--manifest', path.join(FIXTURES, 'manifest.json'), '--scenario', 'streamline-modes', '--variants', '^slmodes-raw-callbacks$',
    '--n', '1', '--reps', '1', '--out', perf]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /holds "asyncbench\/chains@1" data, not asyncbench\/streamline-modes@1/);
});
