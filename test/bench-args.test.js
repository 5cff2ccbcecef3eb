// The command line of scripts/bench.js: what it accepts, and that invalid
// input fails with a clear message and exit code 2 before anything runs.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseArgs } = require('../scripts/lib/bench-args');
const { runBench } = require('./fixtures/bench/helpers');

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

const invalid = [
  [['--n', '0'], /--n: expected an integer >= 1/],
  [['--n', '1.5'], /--n: expected an integer/],
  [['--reps', 'five'], /--reps: expected an integer/],
  [['--mode', 'gpu'], /--mode: unknown value "gpu"; expected cpu, io/],
  [['--scenario', 'upload,download'], /--scenario: unknown value "download"/],
  [['--variants', '(['], /--variants: invalid regular expression/],
  [['--variants', '^nothing-matches$'], /no variant id in .* matches/],
  [['--runtime'], /--runtime needs the path/],
  [['--runtime', '/no/such/node'], /--runtime \/no\/such\/node: cannot start it/],
  [['--quick', '--sweep'], /cannot be combined/],
  [['--frobnicate'], /unknown argument "--frobnicate"/],
  [['--out'], /--out needs a value/]
];

test('invalid input: clear message on stderr, exit 2', async () => {
  for (const [args, message] of invalid) {
    const r = await runBench(args);
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
