// A cell's warm summary (scripts/harness/datafile.js summarizeCell) on fixture
// samples: median, quartiles and the distribution-free 95 % interval of the
// steady repetitions' warmMs; unsteady ones counted, not averaged in.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { summarizeCell } = require('../../scripts/harness/datafile');

const sample = (rep, warmMs) => ({ rep, run: 'r', status: 'ok', timeMs: 30, p50Ms: 1, p99Ms: 2, peakRssMb: 1, heapMb: 1, failed: 0,
  warmMs, warmBatchesMs: [20, warmMs === null ? 19 : warmMs], warmSteady: warmMs !== null });

test('warm summary: 8 steady repetitions 10..17 ms and one unsteady', () => {
  const cell = { scenario: 'upload', status: 'ok', samples: [10, 11, 12, 13, 14, 15, 16, 17].map((ms, i) => sample(i + 1, ms)).concat(sample(9, null)) };
  summarizeCell(cell, { ciTarget: 2 });
  assert.equal(cell.warm.count, 8);
  assert.equal(cell.warm.median, 13.5);
  assert.equal(cell.warm.p25, 11.75);
  assert.equal(cell.warm.p75, 15.25);
  // n = 8: [x(1), x(8)] covers 99.2 %, [x(2), x(7)] only 93 %.
  assert.deepEqual([cell.warmCi.lo, cell.warmCi.hi, cell.warmCi.coverage], [10, 17, 0.9922]);
  assert.equal(cell.warmCi.met, false);
  assert.equal(cell.warmUnsteady, 1);
  assert.equal(cell.time.count, 9, 'the cold figure keeps every ok repetition');
});

test('warm summary: absent on cells measured cold only', () => {
  const cell = { scenario: 'upload', status: 'ok', samples: [{ rep: 1, run: 'r', status: 'ok', timeMs: 30, p50Ms: 1, p99Ms: 2, peakRssMb: 1, heapMb: 1, failed: 0 }] };
  summarizeCell(cell);
  assert.equal('warm' in cell || 'warmCi' in cell || 'warmUnsteady' in cell, false);
});
