'use strict';
// .ci/seed-overlap (called by .ci/run): the prose overlap check runs where
// ../shared/tools/seed-overlap.js exists, fails CI when it reports any
// overlap, and is skipped with a message where the folder is missing. Each
// case copies the script into a temp "repository" with or without a fake
// ../shared beside it, so the real checker and posts are never involved.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const SCRIPT = path.join(__dirname, '..', '..', '.ci', 'seed-overlap');

function layout(t, checker) {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-ci-'));
  t.after(() => fs.rmSync(base, { recursive: true, force: true }));
  const repo = path.join(base, 'repo');
  fs.mkdirSync(path.join(repo, '.ci'), { recursive: true });
  fs.mkdirSync(path.join(repo, 'posts'));
  fs.copyFileSync(SCRIPT, path.join(repo, '.ci', 'seed-overlap'));
  if (checker !== null) {
    fs.mkdirSync(path.join(base, 'shared', 'tools'), { recursive: true });
    fs.writeFileSync(path.join(base, 'shared', 'tools', 'seed-overlap.js'), checker);
  }
  const r = spawnSync('bash', [path.join(repo, '.ci', 'seed-overlap')], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

test('no ../shared: skipped with a message, exit 0', (t) => {
  const r = layout(t, null);
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /seed-overlap: skipped: \.\.\/shared\/tools\/seed-overlap\.js not found/);
});

test('../shared present and overlap 0: passes and prints the checker output', (t) => {
  const r = layout(t, "if (process.argv[2] !== 'posts') process.exit(3); console.log('overlap: 0');");
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /^overlap: 0$/m);
});

test('../shared present and overlap above 0: fails naming what to do', (t) => {
  const r = layout(t, "console.log('posts/a.md: 2 shared sentences'); console.log('overlap: 2');");
  assert.equal(r.status, 1, r.out);
  assert.match(r.out, /overlap: 2/);
  assert.match(r.out, /reword those passages/);
});

test('the checker itself failing fails the step', (t) => {
  const r = layout(t, "console.error('boom'); process.exit(4);");
  assert.equal(r.status, 1, r.out);
  assert.match(r.out, /failed/);
});

test('.ci/run calls the step', () => {
  const run = fs.readFileSync(path.join(__dirname, '..', '..', '.ci', 'run'), 'utf8');
  assert.match(run, /^\.ci\/seed-overlap$/m);
});
