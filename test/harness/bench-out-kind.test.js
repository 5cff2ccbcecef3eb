// --out must name a regular file or nothing yet: a FIFO made bench hang in a
// read while holding the lock, deaf to SIGINT and SIGTERM, with --dry-run as
// well (issue 38, item 6). Anything else is refused before the lock is taken
// or anything is read, naming the path and what it is. Every run here is
// killed after a bound, so a hang fails the test instead of stalling it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { tempDir, runBench } = require('../fixtures/bench/helpers');

const SMALL = ['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--n', '5', '--reps', '1', '--retries', '0'];
const HANG_MS = 20000;

function boundedBench(args) {
  return runBench(args, {
    onStart(child) {
      const timer = setTimeout(() => child.kill('SIGKILL'), HANG_MS);
      child.on('exit', () => clearTimeout(timer));
    }
  });
}

function fifo(t) {
  const file = path.join(tempDir(t), 'perf.json');
  const made = spawnSync('mkfifo', [file]);
  assert.equal(made.status, 0, `mkfifo: ${made.stderr}`);
  return file;
}

for (const mode of [[], ['--dry-run']]) {
  test(`--out naming a FIFO is refused at once, exit 2${mode.length ? ' (--dry-run)' : ''}`, { timeout: 60000 }, async (t) => {
    const out = fifo(t);
    const r = await boundedBench([...SMALL, ...mode, '--out', out]);
    assert.equal(r.signal, null, `killed after ${HANG_MS} ms: it hung (${r.stderr})`);
    assert.equal(r.code, 2, r.stderr);
    assert.ok(r.stderr.includes(`--out ${out}`), r.stderr);
    assert.match(r.stderr, /is a FIFO \(named pipe\), not a regular file/);
    assert.deepEqual(fs.readdirSync(path.dirname(out)), ['perf.json'], 'no lock or journal taken');
    assert.ok(fs.statSync(out).isFIFO(), 'the FIFO is left as it was');
  });
}

test('--out through a symbolic link to a FIFO names both', { timeout: 60000 }, async (t) => {
  const target = fifo(t);
  const link = path.join(tempDir(t), 'link.json');
  fs.symlinkSync(target, link);
  const r = await boundedBench([...SMALL, '--out', link]);
  assert.equal(r.code, 2, r.stderr);
  assert.ok(r.stderr.includes(`--out ${link} (a link to ${target}) is a FIFO`), r.stderr);
});

test('--out naming a directory is refused the same way, before anything runs', async (t) => {
  const out = tempDir(t);
  const r = await boundedBench([...SMALL, '--out', out]);
  assert.equal(r.code, 2, r.stderr);
  assert.ok(r.stderr.includes(`--out ${out} is a directory, not a regular file`), r.stderr);
  assert.deepEqual(fs.readdirSync(out), [], 'nothing written into it');
});
