// Generated files are replaced whole, by rename, never rewritten in place: a
// reader (the site build, a chart) or a kill in the middle of a write sees
// either the old file or the new one, never half of one.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { tempDir } = require('../fixtures/bench/helpers');
const { writeFileAtomic, removeStaleTemps, WriteError } = require('../../scripts/lib/atomic-write');

const ROOT = path.join(__dirname, '..', '..');

// Opens `file` as a reader would, then runs `write`; returns what the reader reads.
function readThroughOldHandle(file, write) {
  const fd = fs.openSync(file, 'r');
  try {
    write();
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.alloc(size);
    fs.readSync(fd, buf, 0, size, 0);
    return buf.toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

test('writeFileAtomic replaces the file whole: a reader of the old one still reads it all; no temporary file stays', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'data.json');
  fs.writeFileSync(file, '{"old": true}\n');
  const seen = readThroughOldHandle(file, () => writeFileAtomic(file, '{"new": true}\n'));
  assert.equal(seen, '{"old": true}\n');
  assert.equal(fs.readFileSync(file, 'utf8'), '{"new": true}\n');
  assert.deepEqual(fs.readdirSync(dir), ['data.json']);
});

test('writeFileAtomic: a write that fails leaves the old file and no temporary file, and says where', (t) => {
  const dir = tempDir(t);
  const target = path.join(dir, 'taken');
  fs.mkdirSync(target); // renaming a file over a folder fails
  fs.writeFileSync(path.join(target, 'keep'), 'x');
  assert.throws(() => writeFileAtomic(target, 'new'), (err) => err.message.includes(target));
  assert.deepEqual(fs.readdirSync(dir), ['taken']);
  assert.deepEqual(fs.readdirSync(target), ['keep']);
});

// fs.writeSync as a nearly full disk answers it: each call takes at most
// `step` bytes of what it is given; after `room` bytes in all, ENOSPC.
function cramped(t, { step = Infinity, room = Infinity, zero = false } = {}) {
  const real = fs.writeSync;
  let used = 0;
  t.mock.method(fs, 'writeSync', (fd, buf, offset = 0, length = buf.length - offset) => {
    if (zero) return 0;
    if (used >= room) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    const n = Math.min(length, step, room - used);
    used += n;
    return typeof buf === 'string' ? real(fd, buf.slice(0, n)) : real(fd, buf, offset, n);
  });
}

test('writeFileAtomic writes every byte when each write takes only part of them', (t) => {
  const file = path.join(tempDir(t), 'data.json');
  const text = JSON.stringify({ cells: Array.from({ length: 200 }, (_, i) => ({ key: `cell-${i}`, ms: i })) });
  cramped(t, { step: 777 });
  writeFileAtomic(file, text);
  assert.equal(fs.readFileSync(file, 'utf8'), text);
});

test('writeFileAtomic on a full disk: WriteError ENOSPC, the old file whole, no temporary file, one line naming the file and the bytes', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'data.json');
  fs.writeFileSync(file, '{"old": true}\n');
  cramped(t, { step: 100, room: 250 });
  assert.throws(() => writeFileAtomic(file, 'x'.repeat(1000)), (err) => {
    assert.ok(err instanceof WriteError);
    assert.equal(err.code, 'ENOSPC');
    assert.equal(err.noSpace, true);
    assert.equal(err.size, 1000);
    assert.equal(err.written, 250);
    assert.doesNotMatch(err.message, /\n/);
    assert.ok(err.message.startsWith(`${fs.realpathSync(file)}: not written, the disk is full (ENOSPC after 250 of 1,000 bytes`), err.message);
    assert.match(err.message, /the file on disk is unchanged\. (Free at least [\d,]+ bytes|Make room) on \//);
    return true;
  });
  assert.equal(fs.readFileSync(file, 'utf8'), '{"old": true}\n');
  assert.deepEqual(fs.readdirSync(dir), ['data.json']);
});

test('writeFileAtomic: a write that makes no progress and reports no error is a WriteError ESHORT, not a cut file', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'data.json');
  fs.writeFileSync(file, '{"old": true}\n');
  cramped(t, { zero: true });
  assert.throws(() => writeFileAtomic(file, '{"new": true}\n'), (err) => err instanceof WriteError && err.code === 'ESHORT' && err.noSpace);
  assert.equal(fs.readFileSync(file, 'utf8'), '{"old": true}\n');
  assert.deepEqual(fs.readdirSync(dir), ['data.json']);
});

test('writeFileAtomic through a symbolic link writes the target and keeps the link', (t) => {
  const dir = tempDir(t);
  fs.mkdirSync(path.join(dir, 'real'));
  const target = path.join(dir, 'real', 'data.json');
  const link = path.join(dir, 'data.json');
  fs.writeFileSync(target, '{"old": true}\n');
  fs.symlinkSync(path.join('real', 'data.json'), link);
  writeFileAtomic(link, '{"new": true}\n');
  assert.ok(fs.lstatSync(link).isSymbolicLink(), 'the link is still a link');
  assert.equal(fs.readFileSync(target, 'utf8'), '{"new": true}\n');
  assert.deepEqual(fs.readdirSync(dir).sort(), ['data.json', 'real']);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'real')), ['data.json'], 'the temporary file was beside the target');
});

test('removeStaleTemps removes only our own temporary files of dead processes next to the file', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'perf.json');
  const dead = spawnSync('true').pid;
  const names = [`perf.json.${dead}.tmp`, `perf.json.lock.${dead}.tmp`, `perf.json.${process.pid}.tmp`,
    `other.json.${dead}.tmp`, 'perf.json.backup.tmp', `xperf.json.${dead}.tmp`];
  for (const n of names) fs.writeFileSync(path.join(dir, n), '');
  assert.deepEqual(removeStaleTemps(file).sort(), [`perf.json.${dead}.tmp`, `perf.json.lock.${dead}.tmp`].sort());
  assert.deepEqual(fs.readdirSync(dir).sort(), names.slice(2).sort());
});

test('complexity --out FILE replaces the file whole, by rename', (t) => {
  const file = path.join(tempDir(t), 'complexity.json');
  fs.writeFileSync(file, '{"old": true}\n');
  let r;
  const seen = readThroughOldHandle(file, () => {
    r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'complexity.js'), '--out', file], { encoding: 'utf8' });
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(seen, '{"old": true}\n');
  assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).schema, 'asyncbench/complexity@1');
  assert.deepEqual(fs.readdirSync(path.dirname(file)), ['complexity.json']);
});
