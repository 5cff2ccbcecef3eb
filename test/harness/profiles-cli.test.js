'use strict';
// `npm run profiles` (scripts/analyze/profile.js) end to end on one tiny pair
// (Node 24, nested callbacks, a few calls, one profiled batch): the file it
// writes validates and holds samples, --resume keeps the pair, a file that
// holds pairs is not replaced without it, and a runtime it cannot profile is
// refused before anything runs. No time, share or order of the run is
// asserted: only what the run must hold whatever the machine.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { validator } = require('../../scripts/lib/schemas');

const CLI = path.join(__dirname, '..', '..', 'scripts', 'analyze', 'profile.js');
const TINY = ['--runtimes', 'node-24', '--variants', '^original$', '--n', '50', '--warm', '1', '--batches', '1'];

function run(args) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 300000 });
  return { code: r.status, stderr: r.stderr, stdout: r.stdout };
}
function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-profiles-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

test('one pair end to end: a valid file with samples, allocations counted, async resources, Bluebird\'s scheduler; --resume keeps it', (t) => {
  const out = path.join(tempDir(t), 'profiles.json');
  const first = run([...TINY, '--out', out]);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stderr, /profiles: 1 pair to profile, about /);
  assert.match(first.stderr, /\[1\/1\] node-24 original: profiled in /);
  const data = read(out);
  const validate = validator('profiles.schema.json');
  assert.ok(validate(data), JSON.stringify(validate.errors));
  assert.equal(data.pairs.length, 1);
  const [pair] = data.pairs;
  assert.match(pair.runtime, /^node-24@24\./);
  assert.equal(pair.where, 'process');
  assert.ok(pair.cpu.samples > 0, 'the profile holds samples');
  assert.ok(pair.cpu.categories.length > 0);
  assert.equal(pair.calls.cpu, 50);
  assert.equal(pair.allocation.counted, 'allocated', 'Node 24 counts what its collectors freed');
  assert.ok(pair.allocation.bytesPerCall > 0);
  // Every call does 6 or 8 fake operations, each a timer (t = 1 ms): 7 a call.
  assert.equal(pair.async.perCall.Timeout, 7);
  assert.equal(pair.async.perCall.PROMISE, undefined, 'nested callbacks make no promise');
  assert.equal(pair.bluebird.scheduler.kind, 'setImmediate');
  assert.deepEqual(data.notProfiled, []);
  assert.ok(data.runs[0].finished);
  assert.equal(data.runs[0].host.cores, os.cpus().length);

  const again = run([...TINY, '--out', out, '--resume']);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, /profiles: 0 pairs to profile \(1 pair already in /);
  const resumed = read(out);
  assert.deepEqual(resumed.pairs, data.pairs, 'the pair written is kept as it was');
  assert.equal(resumed.runs.length, 2);

  const replace = run([...TINY, '--out', out]);
  assert.equal(replace.code, 2);
  assert.match(replace.stderr, /--out .*profiles\.json holds 1 pair already; give --resume to keep them/);
  assert.deepEqual(read(out), resumed, 'a refused run leaves the file alone');

  const other = run([...TINY.slice(0, -2), '--batches', '2', '--out', out, '--resume']);
  assert.equal(other.code, 2);
  assert.match(other.stderr, /--resume: .* was made with cpuBatches 1, this command asks for cpuBatches 2; give the same settings, or another --out/);
});

test('a runtime it cannot profile exits 2 before anything runs, naming the runtime and what to give', (t) => {
  const out = path.join(tempDir(t), 'profiles.json');
  const cases = [
    ['node-10', /profiles: --runtimes node-10: node-10 is Node 10\.24\.1, older than Node 12, .* Give node-12 or a later profile/],
    ['bun', /profiles: --runtimes bun: bun is bun .*, not Node; .*--runtimes node-24,node-12,chromium/],
    ['node-24,nodex', /profiles: --runtimes nodex: unknown runtime profile "nodex"; known: .*node-24/],
  ];
  for (const [runtimes, message] of cases) {
    const r = run(['--runtimes', runtimes, '--variants', '^original$', '--out', out]);
    assert.equal(r.code, 2, runtimes);
    assert.match(r.stderr, message);
    assert.match(r.stderr, /Run with --help for the options\./);
    assert.equal(fs.existsSync(out), false, `${runtimes}: no file written`);
  }
  // The command-line contract of every entry point (scripts/lib/args.js).
  const help = run(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: npm run profiles/);
  const bad = run(['--n', 'ten', '--out', out]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /profiles: --n: expected a decimal integer >= 1/);
  const unknown = run(['--reps', '3']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown argument "--reps"/);
});
