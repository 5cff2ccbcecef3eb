'use strict';
// Issue 38, item 9: a destination on a read-only file system is named as
// such, with the way out, never as Node's "ENOENT: no such file or
// directory" (what its recursive mkdir reports there). On a real read-only
// mount: mounting needs root, which CI has, and there a mount that fails is a
// failure, never a skip; elsewhere the tests skip and say why.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { runEleventy } = require('../../scripts/site-tools/eleventy-cli');
const { runBench } = require('../fixtures/bench/helpers');

const ROOT = path.join(__dirname, '..', '..');
const ROOT_ONLY = { skip: process.getuid() !== 0 && 'mounting a read-only file system needs root' };

// An empty read-only tmpfs, unmounted and removed when the test ends.
function readOnlyMount(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-ro-'));
  t.after(() => {
    spawnSync('umount', [dir]);
    fs.rmdirSync(dir);
  });
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', dir], { encoding: 'utf8' });
  assert.equal(r.status, 0, `running as root, yet cannot mount a read-only tmpfs on ${dir}: ${r.error || r.stderr}`);
  return dir;
}

const script = (name, args, env = {}) => spawnSync(process.execPath, [path.join(ROOT, 'scripts', name), ...args], {
  cwd: ROOT, encoding: 'utf8', timeout: 120000, env: { ...process.env, ...env },
});

function saysReadOnly(text, dir, mount) {
  assert.match(text, new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?: it is on a read-only file system \\(mounted at ${mount}\\)`), text);
  assert.doesNotMatch(text, /ENOENT/);
}

test('a site build into a read-only folder stops before rendering, saying "read-only" and to pass --output', ROOT_ONLY, (t) => {
  const mount = readOnlyMount(t);
  // A folder to be made there, and the mount itself, which exists.
  for (const output of [path.join(mount, 'site'), mount]) {
    const r = runEleventy(['--input=test/fixtures/dev-server', `--output=${output}`]);
    const log = `${r.stdout}\n${r.stderr}`;
    assert.equal(r.status, 1, log);
    assert.match(log, /cannot write the site into /);
    saysReadOnly(log, output, mount);
    assert.match(log, /npm run build -- --output=DIR/);
    assert.doesNotMatch(log, /Writing /, 'nothing rendered first');
  }
});

test('compiling into a read-only ASYNCBENCH_BUILD_DIR says "read-only" and what to set, exit 1', ROOT_ONLY, (t) => {
  const mount = readOnlyMount(t);
  const dir = path.join(mount, 'build');
  const r = script('compile.js', [], { ASYNCBENCH_BUILD_DIR: dir });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /^compile: cannot write compiled variants into /);
  saysReadOnly(r.stderr, dir, mount);
  assert.match(r.stderr, /Set ASYNCBENCH_BUILD_DIR to a writable folder/);
  assert.equal(r.stderr.trim().split('\n').length, 1, `one line, not one per variant:\n${r.stderr}`);
});

test('the benchmark with a read-only ASYNCBENCH_BUILD_DIR says "read-only" in one line, no stack trace, exit 1', ROOT_ONLY, (t) => {
  const mount = readOnlyMount(t);
  const dir = path.join(mount, 'build');
  const r = script('bench.js', ['--dry-run', '--quick', '--variants', '^traceur-co$'], { ASYNCBENCH_BUILD_DIR: dir });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /^bench: cannot write compiled variants into /);
  saysReadOnly(r.stderr, dir, mount);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
});

test('complexity --out on a read-only file system says "read-only", naming the file, exit 1', ROOT_ONLY, (t) => {
  const mount = readOnlyMount(t);
  const out = path.join(mount, 'data', 'complexity.json');
  const r = script('complexity.js', ['--out', out]);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stderr.trim(), `complexity: ${out}: not written, its file system (mounted at ${mount}) is read-only (EROFS); ` +
    'the file on disk is unchanged. Remount it read-write or choose a path on a writable file system, then run the command again.');
});

test('bench --out on a read-only file system says "read-only" before measuring anything, exit 1', ROOT_ONLY, async (t) => {
  const mount = readOnlyMount(t);
  for (const out of [path.join(mount, 'data', 'perf.json'), path.join(mount, 'perf.json')]) {
    const r = await runBench(['--quick', '--n', '10', '--out', out]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`^bench: ${out}: cannot write the data file into `, 'm'));
    saysReadOnly(r.stderr, path.dirname(out), mount);
    assert.match(r.stderr, /Pass --out a path on a writable file system\./);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  }
});
