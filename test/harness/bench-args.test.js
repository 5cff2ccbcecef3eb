// The command line of scripts/bench.js: what it accepts, and that invalid
// input fails with a clear message and exit code 2 before anything runs.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseArgs } = require('../../scripts/harness/bench-args');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { runBench, tempDir } = require('../fixtures/bench/helpers');

const SMALL = ['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--n', '5', '--reps', '1'];

test('--runtime takes a path and every following argument that is not an option as its flags', () => {
  const o = parseArgs(['--runtime', '/opt/node011', '--harmony', '--stack-size=2000', '--n', '10',
    '--runtime', 'deno run -A', '--quick']);
  assert.deepEqual(o.runtimes, [
    { path: '/opt/node011', flags: ['--harmony', '--stack-size=2000'] },
    { path: 'deno', flags: ['run', '-A'] }
  ]);
  assert.deepEqual(o.settings.ns, [10]);
  assert.equal(o.settings.reps, 1, '--quick: one repetition');
});

test('defaults, --sweep and lists', () => {
  const d = parseArgs([]);
  assert.deepEqual(d.settings.ns, [100, 500, 1000, 1500, 2000]);
  assert.equal(d.settings.reps, 5);
  assert.deepEqual(d.runtimes, [{ path: process.execPath, flags: [] }]);
  assert.match(d.out, /data\/perf\.json$/);
  const s = parseArgs(['--sweep']);
  assert.equal(Math.max(...s.settings.ns), 50000);
  assert.match(s.out, /data\/perf-sweep\.json$/);
  const l = parseArgs(['--scenario', 'errors,upload', '--mode', 'io', '--n', '2000,100,100']);
  assert.deepEqual(l.settings.scenarios, ['errors', 'upload']);
  assert.deepEqual(l.settings.ns, [100, 2000]);
  assert.equal(parseArgs(['--manifest', 'x.json']).manifest.endsWith('x.json'), true);
  assert.equal(parseArgs([], { ASYNCBENCH_MANIFEST: '/tmp/m.json' }).manifest, '/tmp/m.json');
});

test('without --out, one runtime profile writes its own file; several need an --out', () => {
  assert.match(parseArgs(['--runtimes', 'node-0.11']).out, /data\/perf-node-0\.11\.json$/);
  assert.match(parseArgs(['--runtimes', 'node-24', '--sweep']).out, /data\/perf-sweep\.json$/);
  assert.match(parseArgs(['--runtimes', 'node-24,bun', '--out', 'x.json']).out, /x\.json$/);
  assert.throws(() => parseArgs(['--runtimes', 'node-24,bun']), /names 2 profiles \(node-24, bun\) and no --out.*npm run data -- split FILE/);
  assert.throws(() => parseArgs(['--runtimes', 'all']), /names every profile \(all\) and no --out/);
});

const invalid = [
  [['--n', '0'], /--n: expected a decimal integer >= 1/],
  [['--n', '1.5'], /--n: expected a decimal integer/],
  [['--reps', 'five'], /--reps: expected a decimal integer/],
  [['--mode', 'gpu'], /--mode: unknown value "gpu"; expected cpu, io/],
  [['--scenario', 'upload,download'], /--scenario: unknown value "download"/],
  [['--variants', '(['], /--variants: invalid regular expression/],
  [['--variants', '^nothing-matches$'], /no variant id in .* matches/],
  [['--runtime'], /--runtime needs the path/],
  [['--runtime', '/no/such/node'], /--runtime \/no\/such\/node: cannot start it/],
  [['--quick', '--sweep'], /cannot be combined/],
  [['--frobnicate'], /unknown argument "--frobnicate"/],
  [['--out'], /--out needs a value/],
  // Integers are decimal digits only, and a time limit must fit a timer.
  [['--timeout', '2147483648'], /--timeout: expected a decimal integer >= 1 and <= 2147483647, got "2147483648"/],
  [['--n', '0x10'], /--n: expected a decimal integer >= 1 .*got "0x10"/],
  [['--reps', '1e1'], /--reps: expected a decimal integer/],
  [['--seed', '0b11'], /--seed: expected a decimal integer/],
  [['--k', ' 5'], /--k: expected a decimal integer/],
  [['--t', '0x10'], /--t: expected a decimal number/],
  // An empty value is a mistake (an unset shell variable), never "all" or "default".
  [['--variants', ''], /--variants: empty pattern/],
  [['--n', ''], /--n needs a non-empty value/],
  [['--out', ''], /--out needs a non-empty value/]
];

test('the lever experiments: --order and --no-gc (defaults: shuffled, gc before each batch)', () => {
  const d = parseArgs([]).settings;
  assert.equal(d.order, 'shuffled');
  assert.equal(d.gc, true);
  const o = parseArgs(['--order', 'blocked', '--no-gc']).settings;
  assert.equal(o.order, 'blocked');
  assert.equal(o.gc, false);
  assert.throws(() => parseArgs(['--order', 'random']), /--order takes shuffled or blocked, got "random"/);
  assert.equal(parseArgs(['--warm-ci-target', '1.5']).settings.warmCiTarget, 1.5);
  assert.equal(d.warmCiTarget, 2);
});

test('invalid input: clear message on stderr, exit 2', async () => {
  for (const [args, message] of invalid) {
    // --dry-run first: should a case ever be accepted, it writes nothing to data/.
    const r = await runBench(['--dry-run', ...args]);
    assert.equal(r.code, 2, `${args.join(' ')} → exit ${r.code}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
    assert.equal(r.stdout, '');
  }
});

test('--help prints the options and exits 0', async () => {
  const r = await runBench(['--help']);
  assert.equal(r.code, 0);
  for (const option of ['--scenario', '--mode', '--n', '--reps', '--variants', '--runtime', '--quick', '--resume', '--out', '--sweep']) {
    assert.ok(r.stdout.includes(option), option);
  }
});

test('a missing --out folder is created', async (t) => {
  const out = path.join(tempDir(t), 'new', 'deeper', 'perf.json');
  const r = await runBench([...SMALL, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(fs.existsSync(out));
});

test('a stray temporary file from a killed save is removed; files that are not ours are kept', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'perf.json');
  const dead = spawnSync('true').pid;
  const stray = `perf.json.${dead}.tmp`;
  const kept = [`other.json.${dead}.tmp`, 'perf.json.backup.tmp', `perf.json.${process.pid}.tmp`];
  for (const f of [stray, ...kept]) fs.writeFileSync(path.join(dir, f), '{');
  const r = await runBench([...SMALL, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(fs.readdirSync(dir).sort(), ['perf.json', ...kept].sort());
});

test('warm options: read into the settings, off with --warm-batches 0', () => {
  const s = parseArgs(['--warm-batches', '24', '--warm-min-steady', '12']).settings;
  assert.deepEqual([s.warmBatches, s.warmMinSteady], [24, 12]);
  assert.equal(parseArgs(['--warm-batches', '0']).settings.warmBatches, 0);
  assert.throws(() => parseArgs(['--warm-min-steady', '0']), { name: 'UsageError' });
});

// A series too short for its steady segment is refused, not lengthened in
// silence, and the data file records the values it ran with (issues 38 and 41).
test('--warm-batches below --warm-min-steady is refused, exit 2, naming both values, and nothing is written', async (t) => {
  const out = path.join(tempDir(t), 'perf.json');
  for (const [args, message] of [
    [['--warm-batches', '8', '--warm-min-steady', '12'], /--warm-batches 8 is below --warm-min-steady 12: .*give --warm-batches 12 or more, or --warm-min-steady 8 or less/],
    [['--warm-batches', '8'], /--warm-batches 8 is below --warm-min-steady 16 \(its default\)/],
    [['--warm-max', '8'], /--warm-max is no longer an option/]
  ]) {
    const r = await runBench([...SMALL, ...args, '--out', out]);
    assert.equal(r.code, 2, `${args.join(' ')} → exit ${r.code}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
    assert.equal(fs.existsSync(out), false, 'nothing written');
  }
  assert.equal(parseArgs(['--warm-batches', '8', '--warm-min-steady', '8']).settings.warmBatches, 8, 'a series as long as its steady part is fine');
  assert.equal(parseArgs(['--warm-batches', '0', '--warm-min-steady', '20']).settings.warmBatches, 0, 'no warm batches: nothing to compare');
  assert.equal(parseArgs(['--quick', '--warm-min-steady', '40']).settings.warmBatches, 0, '--quick measures cold only');
});
