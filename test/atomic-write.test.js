// Generated files are replaced whole, by rename, never rewritten in place: a
// reader (the site build, a chart) or a kill in the middle of a write sees
// either the old file or the new one, never half of one.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { tempDir } = require('./fixtures/bench/helpers');
const { writeFileAtomic, removeStaleTemps } = require('../scripts/lib/atomic-write');

const ROOT = path.join(__dirname, '..');

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
