// `npm run data -- COMMAND` (scripts/data.js, scripts/harness/data-commands.js):
// merge, split and rederive as commands of their own, each with its --help
// and the exit codes of every entry point (0 done, 1 error, 2 invalid
// input); and bench's old flags, kept for one release, print one line saying
// where they moved and then do what the command does. Input: a recorded run
// (test/fixtures/recorded/), nothing timed. The commands' own behaviour is in
// bench-split, bench-rederive and bench-matrix (merge).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, tempDir } = require('../fixtures/bench/helpers');

const RECORDED = path.join(__dirname, '..', 'fixtures', 'recorded', 'perf-two-profiles.json');

function run(script, args) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', script), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const data = (...args) => run('data.js', args);
const bench = (...args) => run('bench.js', args);
// A data file's text without the time it was written.
const timeless = (file) => fs.readFileSync(file, 'utf8').replace(/"updated": "[^"]+"/, '"updated": ""');

for (const command of ['merge', 'split', 'rederive']) {
  test(`data ${command} --help prints its usage and exits 0`, () => {
    const r = data(command, '--help');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`^Usage: npm run data -- ${command} `));
    assert.match(r.stdout, /Exit codes: 0 done, 1 error/);
  });
}

test('data --help names every command; no command, an unknown one or a missing file exits 2 naming it', () => {
  const help = data('--help');
  assert.equal(help.code, 0);
  for (const usage of ['merge SHARD... [--out FILE]', 'split FILE', 'rederive FILE']) assert.ok(help.stdout.includes(`  ${usage}`), usage);
  const cases = [
    [[], /^data: no command given; expected one of merge, split, rederive\n/],
    [['frob'], /^data: unknown command "frob"; expected one of merge, split, rederive\n/],
    [['split'], /^data: split: needs the file to split\n/],
    [['rederive', 'a.json', 'b.json'], /^data: rederive: takes one file, not 2\n/],
    [['merge'], /^data: merge: needs the shard files to merge/],
    [['merge', 'a.json', '--out', ''], /^data: merge: --out needs a non-empty value\n/],
    [['merge', 'a.json', '--out', '-'], /^data: merge: --out -: the merged file cannot be stdout; give a file\n/],
    [['split', 'a.json', '--out', 'b.json'], /^data: split: unknown argument "--out"\n/]
  ];
  for (const [args, message] of cases) {
    const r = data(...args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
    assert.equal(r.stdout, '');
  }
});

test('bench --rederive and --merge, the old flags: one line saying where each moved, then what the command does', (t) => {
  const dir = tempDir(t);
  for (const name of ['a.json', 'b.json']) fs.copyFileSync(RECORDED, path.join(dir, name));
  const now = data('rederive', path.join(dir, 'a.json'));
  const old = bench('--rederive', path.join(dir, 'b.json'));
  assert.equal(now.code, 0, now.stderr);
  assert.equal(old.code, 0, old.stderr);
  assert.equal(now.stderr, '');
  assert.equal(old.stderr, 'bench: --rederive moves to npm run data -- rederive FILE; the old flag works for this release only\n');
  assert.equal(old.stdout.replace('b.json', 'a.json'), now.stdout);
  assert.equal(timeless(path.join(dir, 'b.json')), timeless(path.join(dir, 'a.json')));

  // A shard is data of one profile: split the recorded file first.
  assert.equal(data('split', path.join(dir, 'a.json')).code, 0);
  const shard = path.join(dir, 'perf-node-24.json');
  const merged = data('merge', shard, '--out', path.join(dir, 'now.json'));
  const merging = bench('--merge', shard, '--out', path.join(dir, 'old.json'));
  assert.equal(merged.code, 0, merged.stderr);
  assert.equal(merging.code, 0, merging.stderr);
  assert.equal(merging.stderr, 'bench: --merge moves to npm run data -- merge SHARD... [--out FILE]; the old flag works for this release only\n');
  assert.equal(merging.stdout.replace('old.json', 'now.json'), merged.stdout);
  assert.equal(timeless(path.join(dir, 'old.json')), timeless(path.join(dir, 'now.json')));
  // Errors as before, with bench's name and the flag's.
  const twice = bench('--merge', shard, shard);
  assert.equal(twice.code, 2);
  assert.match(twice.stderr, /^bench: --merge moves to .*\nbench: --merge: \S+perf-node-24\.json is given twice\n$/);
});
