// The warm figure (scripts/lib/measure/warm.js through child.js): same batch
// again in the same process, warm-up discarded, steady or reported as not.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const warm = require('../../scripts/lib/measure/warm');

const ROOT = path.join(__dirname, '..', '..');
const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const FIX = path.join(__dirname, '..', 'fixtures', 'warm');

function child(variant, extra) {
  const r = spawnSync(process.execPath, ['--expose-gc', CHILD, '--variant', variant, '--scenario', 'upload',
    '--n', '4', '--t', '0', '--seed', '1', ...extra], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, timeout: 60000 });
  const lines = r.stdout.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, `one result line, got:\n${r.stdout}\nstderr: ${r.stderr}`);
  return { code: r.status, record: JSON.parse(lines[0]) };
}

test('warm: the whole series is recorded and classified once; warmMs is its steady segment\'s median', () => {
  const { code, record } = child(path.join(ROOT, 'examples', 'original.js'), ['--warm-batches', '20', '--warm-min-steady', '8']);
  assert.equal(code, 0, JSON.stringify(record));
  assert.equal(record.warmBatchesMs.length, 20, 'a fixed series: every batch ran and is kept');
  // Whatever the machine made of these batches, the record says what the classifier says of them.
  assert.deepEqual(
    { warmMs: record.warmMs, warmSteady: record.warmSteady, warmClass: record.warmClass, warmSteadyFrom: record.warmSteadyFrom },
    warm.fields(record.warmBatchesMs, 8));
  assert.ok(['flat', 'warmup', 'slowdown', 'no-steady-state'].includes(record.warmClass), record.warmClass);
  assert.equal(typeof record.timeMs, 'number');
  assert.equal(record.ops, 2 * 9 + 2 * 7, 'the cold batch is still the one the record describes');
});

test('warm: without --warm-batches the record is the cold one only', () => {
  const { record } = child(path.join(ROOT, 'examples', 'original.js'), []);
  assert.equal(record.status, 'ok');
  assert.equal(['warmMs', 'warmBatchesMs', 'warmSteady', 'warmClass', 'warmSteadyFrom'].some((k) => k in record), false);
});

test('warm: CPU burnt after a batch completes (outside the timed span) is not in any batch time', () => {
  const { BURN_MS } = require('../fixtures/warm/burn-after');
  const { code, record } = child(path.join(FIX, 'burn-after.js'), ['--warm-batches', '6', '--warm-min-steady', '6']);
  assert.equal(code, 0, JSON.stringify(record));
  // 4 calls at t = 0 take about a millisecond; each batch is followed by a 150 ms burn.
  for (const ms of [record.timeMs, ...record.warmBatchesMs]) assert.ok(ms < BURN_MS, `batch ${ms} ms includes the burn after it`);
});

test('warm: a variant that slows down batch after batch gets no warm figure (no steady state)', () => {
  // 8 ms more per batch: a ramp the window rule of before issue 41 called steady at its default tolerance.
  const { code, record } = child(path.join(FIX, 'slower.js'), ['--warm-batches', '20', '--warm-min-steady', '8']);
  assert.equal(code, 0, JSON.stringify(record));
  assert.equal(record.warmBatchesMs.length, 20);
  assert.equal(record.warmClass, 'no-steady-state');
  assert.equal(record.warmSteady, false);
  assert.equal(record.warmMs, null);
  assert.equal(record.warmSteadyFrom, null);
});

test('warm: a variant that calls back twice in its 3rd batch is a crash naming warm batch 2', () => {
  const { code, record } = child(path.join(FIX, 'twice-third.js'), ['--warm-batches', '6', '--warm-min-steady', '6']);
  assert.equal(code, 1);
  assert.equal(record.status, 'crash');
  assert.match(record.error, /^warm batch 2 of 6 \(after the cold batch\): 1 calls called back more than once/);
});

test('warm: bad or retired warm options are bad arguments, saying what to give instead', () => {
  const bad = (extra) => {
    const r = spawnSync(process.execPath, [CHILD, '--variant', path.join(ROOT, 'examples', 'original.js'), '--scenario', 'upload',
      '--n', '4', '--t', '0', ...extra], { encoding: 'utf8' });
    assert.equal(r.status, 2, r.stdout + r.stderr);
    return JSON.parse(r.stdout).error;
  };
  assert.match(bad(['--warm-batches', '4']), /--warm-batches \(4\) must be at least --warm-min-steady \(16\)/);
  assert.match(bad(['--warm-batches', '20', '--warm-min-steady', '0']), /--warm-min-steady must be an integer >= 1/);
  assert.match(bad(['--warm-batches', '20', '--warm-max', '30']), /--warm-max is no longer an option/);
});

test('warm.fields: a warm-up then a flat level gives the flat part; a steady drift gives no figure', () => {
  const up = [30, 29, 31, 30, 28, 30, 31, 29, 20, 20.4, 19.8, 20.1, 20.3, 19.9, 20.2, 20, 19.7, 20.1, 20.2, 19.9, 20, 20.3, 19.8, 20.1];
  const f = warm.fields(up, 16);
  assert.equal(f.warmClass, 'warmup');
  assert.equal(f.warmSteadyFrom, 8);
  assert.equal(f.warmMs, 20.05);
  assert.equal(f.warmSteady, true);
  const drift = Array.from({ length: 40 }, (_, i) => 20 * (1 + 0.03 * i) * (i % 2 ? 1.02 : 0.98));
  assert.deepEqual(warm.fields(drift, 16), { warmMs: null, warmSteady: false, warmClass: 'no-steady-state', warmSteadyFrom: null });
});
