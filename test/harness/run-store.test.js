// The run's data file is resolved once (issue 40, item 2): `--out` is
// followed through its links when the run store opens it
// (scripts/harness/run-store.js), and the lock, the removal of a killed run's
// temporary files and every save use that one answer instead of resolving
// the path again. The data tools (split, rederive, merge) resolve each file
// they write once as well. Counted by a preload that sees every real-path
// lookup of the data file's folder (test/fixtures/bench/count-resolves.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, tempDir, runBench } = require('../fixtures/bench/helpers');

const COUNT = ['--require', path.join(__dirname, '..', 'fixtures', 'bench', 'count-resolves.js')];
const SMALL = ['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--reps', '1', '--retries', '0'];
const RECORDED = path.join(__dirname, '..', 'fixtures', 'recorded', 'perf-two-profiles.json');

const resolutions = (stderr, dir) => {
  const m = new RegExp(`^resolved ${dir} (\\d+) times$`, 'm').exec(stderr);
  assert.ok(m, `the preload reported no count:\n${stderr}`);
  return Number(m[1]);
};

// scripts/<script> ARGS with the counting preload on `dir`.
function counted(dir, script, args) {
  const r = spawnSync(process.execPath, [...COUNT, path.join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, ASYNCBENCH_TEST_RESOLVES: dir }
  });
  return { code: r.status, stderr: r.stderr, count: resolutions(r.stderr, dir) };
}

test('a run resolves --out once, however often it saves', { timeout: 60000 }, async (t) => {
  const dir = tempDir(t);
  // Four jobs, a save after each: five saves, one resolution.
  const r = await runBench([...SMALL, '--n', '5,6', '--save-every', '0', '--out', path.join(dir, 'perf.json')],
    { nodeArgs: COUNT, env: { ASYNCBENCH_TEST_RESOLVES: dir } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(resolutions(r.stderr, dir), 1);
});

test('a run through a link to another folder resolves it once, and writes the target', { timeout: 60000 }, async (t) => {
  const dir = tempDir(t);
  const real = tempDir(t);
  const link = path.join(dir, 'perf.json');
  fs.symlinkSync(path.join(real, 'perf.json'), link);
  const r = await runBench([...SMALL, '--n', '5', '--save-every', '0', '--out', link],
    { nodeArgs: COUNT, env: { ASYNCBENCH_TEST_RESOLVES: real } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(resolutions(r.stderr, real), 1);
  assert.ok(fs.lstatSync(link).isSymbolicLink());
  assert.deepEqual(fs.readdirSync(real), ['perf.json']);
});

test('split, rederive and merge resolve each file they write once', (t) => {
  const dir = tempDir(t);
  fs.copyFileSync(RECORDED, path.join(dir, 'perf.json'));
  // The source and the two profiles' files.
  let r = counted(dir, 'data.js', ['split', path.join(dir, 'perf.json')]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.count, 3);
  r = counted(dir, 'data.js', ['rederive', path.join(dir, 'perf-node-24.json')]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.count, 1);
  // The shard is read, never written: only --out is resolved.
  r = counted(dir, 'data.js', ['merge', path.join(dir, 'perf-node-24.json'), '--out', path.join(dir, 'merged.json')]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.count, 1);
});
