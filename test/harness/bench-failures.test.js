// A variant that hangs, throws at load, or fails every call must not stop the
// run: each is recorded with its status and reason, and later repetitions of
// a failed cell are not attempted.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { tempOut, runBench, readData } = require('../fixtures/bench/helpers');

test('timeout, crash and skip paths are recorded and the run continues', async (t) => {
  const out = tempOut(t);
  const r = await runBench(['--variants', '^(fixture-(hang|throws|fails|fibers)|original)$', '--scenario', 'upload', '--mode', 'cpu',
    '--n', '5', '--reps', '2', '--timeout', '1500', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const cells = Object.fromEntries(readData(out).cells.map((c) => [c.variant, c]));

  assert.equal(cells['fixture-hang'].status, 'timeout');
  assert.match(cells['fixture-hang'].error, /no result within 1500 ms/);
  assert.equal(cells['fixture-hang'].samples.length, 1, 'no second repetition after a timeout');

  assert.equal(cells['fixture-throws'].status, 'crash');
  assert.match(cells['fixture-throws'].error, /broken at load time/);

  assert.equal(cells['fixture-fails'].status, 'crash');
  assert.match(cells['fixture-fails'].error, /5 of 5 calls failed although no failure was injected/);

  assert.equal(cells['fixture-fibers'].status, 'skipped');
  assert.match(cells['fixture-fibers'].error, /fibers does not load/);
  assert.equal(cells['fixture-fibers'].samples.length, 0);

  assert.equal(cells.original.status, 'ok', 'the healthy variant is measured despite the others');
  assert.equal(cells.original.time.count, 2);
  assert.equal(cells.original.ioFloorMs, 8);

  assert.match(r.stdout, /node-[\d.]+ \| upload \| cpu \| n=5/);
  assert.match(r.stdout, /fixture-hang\s+timeout/);
  assert.match(r.stdout, /skipped: fixture-fibers/);
});

test('out of memory is recorded as "oom"; runtime flags reach the child and name the runtime', async (t) => {
  const out = tempOut(t);
  const r = await runBench(['--runtime', process.execPath, '--max-old-space-size=16', '--variants', '^fixture-oom$',
    '--scenario', 'upload', '--mode', 'cpu', '--n', '1', '--reps', '2', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const [cell] = readData(out).cells;
  assert.equal(cell.runtime, `node-${process.versions.node} --max-old-space-size=16`);
  assert.equal(cell.status, 'oom');
  assert.match(cell.error, /out of memory/i);
  assert.equal(cell.samples.length, 1);
});
