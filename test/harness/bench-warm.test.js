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

test('warm: a settled variant records warmMs as the median of the window, every batch kept', () => {
  // Tolerance 100 (10 000 %): any window is steady, so the count of batches is known.
  const { code, record } = child(path.join(ROOT, 'examples', 'original.js'),
    ['--warmup', '3', '--warm-batches', '4', '--warm-max', '8', '--warm-tolerance', '100']);
  assert.equal(code, 0, JSON.stringify(record));
  assert.equal(record.warmSteady, true);
  assert.equal(record.warmBatchesMs.length, 3 + 4);
  assert.equal(record.warmMs, warm.medianOf(record.warmBatchesMs.slice(3)));
  assert.equal(typeof record.timeMs, 'number');
  assert.equal(record.ops, 2 * 9 + 2 * 7, 'the cold batch is still the one the record describes');
});

test('warm: without --warm-batches the record is the cold one only', () => {
  const { record } = child(path.join(ROOT, 'examples', 'original.js'), []);
  assert.equal(record.status, 'ok');
  assert.equal('warmMs' in record || 'warmBatchesMs' in record || 'warmSteady' in record, false);
});

test('warm: CPU burnt after a batch completes (outside the timed span) is not in any batch time', () => {
  const { BURN_MS } = require('../fixtures/warm/burn-after');
  const { code, record } = child(path.join(FIX, 'burn-after.js'),
    ['--warmup', '2', '--warm-batches', '4', '--warm-max', '4', '--warm-tolerance', '100']);
  assert.equal(code, 0, JSON.stringify(record));
  // 4 calls at t = 0 take about a millisecond; each batch is followed by a 150 ms burn.
  for (const ms of [record.timeMs, ...record.warmBatchesMs]) assert.ok(ms < BURN_MS, `batch ${ms} ms includes the burn after it`);
});

test('warm: a variant that slows down batch after batch is reported not steady, with no warmMs', () => {
  const { code, record } = child(path.join(FIX, 'slower.js'),
    ['--warmup', '1', '--warm-batches', '4', '--warm-max', '6', '--warm-tolerance', '0.05']);
  assert.equal(code, 0, JSON.stringify(record));
  assert.equal(record.warmSteady, false);
  assert.equal(record.warmMs, null);
  assert.equal(record.warmBatchesMs.length, 1 + 6, 'it ran to the cap');
});

test('warm: a variant that calls back twice in its 3rd batch is a crash naming warm batch 2', () => {
  const { code, record } = child(path.join(FIX, 'twice-third.js'),
    ['--warmup', '2', '--warm-batches', '4', '--warm-max', '4', '--warm-tolerance', '100']);
  assert.equal(code, 1);
  assert.equal(record.status, 'crash');
  assert.match(record.error, /^warm batch 2 \(warm-up, after the cold batch\): 1 calls called back more than once/);
});

test('warm: bad warm options are bad arguments', () => {
  const r = spawnSync(process.execPath, [CHILD, '--variant', path.join(ROOT, 'examples', 'original.js'), '--scenario', 'upload',
    '--n', '4', '--t', '0', '--warm-batches', '1'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(JSON.parse(r.stdout).error, /--warm-batches must be 0 .* or at least 2/);
});

test('warm: the steadiness rule on fixture windows', () => {
  // Halves' medians 10 and 10.4: 4 % of the median 10.2 → steady at 5 %.
  assert.deepEqual(warm.windowState([30, 10, 9.9, 10.1, 10.4, 10.3, 10.5], 6, 0.05), { steady: true, medianMs: 10.2 });
  // Still falling: halves 12 and 10 → not steady.
  assert.equal(warm.windowState([13, 12, 11, 10.5, 10, 9.5], 6, 0.05).steady, false);
  // Too few measured batches for a window.
  assert.deepEqual(warm.windowState([10, 10, 10], 4, 0.05), { steady: false, medianMs: null });
});
