// The distribution-free 95 % interval of a median (scripts/lib/stats.js),
// checked against the binomial tables for small samples.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { medianCi, binomialHalfCdf, ciHalfWidthPct, medianPrecision } = require('../../scripts/lib/stats');

test('binomialHalfCdf: exact small cases', () => {
  assert.equal(binomialHalfCdf(0, 5), 1 / 32);
  assert.equal(binomialHalfCdf(-1, 5), 0);
  assert.equal(binomialHalfCdf(5, 5), 1);
  assert.ok(Math.abs(binomialHalfCdf(1, 9) - 10 / 512) < 1e-12);
  assert.ok(Math.abs(binomialHalfCdf(2, 12) - 79 / 4096) < 1e-12);
  // Large n must not underflow 2^-n to 0: P(B ≤ 500) for n = 1000 is just over ½.
  assert.ok(binomialHalfCdf(500, 1000) > 0.5 && binomialHalfCdf(500, 1000) < 0.52);
});

// Ranks of the 95 % interval [x(j), x(n−j+1)] and their coverage, from the
// binomial: n = 6..8 only [min, max] reaches 95 %, n = 9 the second-smallest, n = 12 the third.
const RANKS = [
  [6, 1, 6, 1 - 2 / 64], [7, 1, 7, 1 - 2 / 128], [8, 1, 8, 1 - 2 / 256],
  [9, 2, 8, 1 - 20 / 512], [10, 2, 9, 1 - 22 / 1024], [11, 2, 10, 1 - 24 / 2048],
  [12, 3, 10, 1 - 158 / 4096]
];
for (const [n, lo, hi, coverage] of RANKS) {
  test(`medianCi: n = ${n} → ranks ${lo}..${hi}`, () => {
    const values = Array.from({ length: n }, (_, i) => 10 * (n - i)); // unsorted on purpose
    const ci = medianCi(values);
    assert.equal(ci.loRank, lo);
    assert.equal(ci.hiRank, hi);
    assert.equal(ci.lo, 10 * lo);
    assert.equal(ci.hi, 10 * hi);
    assert.ok(Math.abs(ci.coverage - coverage) < 1e-4, `coverage ${ci.coverage} vs ${coverage}`);
    assert.ok(ci.coverage >= 0.95);
  });
}

test('medianCi: n = 25 uses x(8)..x(18)', () => {
  const ci = medianCi(Array.from({ length: 25 }, (_, i) => i + 1));
  assert.deepEqual([ci.lo, ci.hi, ci.loRank, ci.hiRank], [8, 18, 8, 18]);
});

test('medianCi: fewer than 6 samples have no 95 % interval, but a lower level may', () => {
  for (const n of [0, 1, 5]) {
    const ci = medianCi(Array.from({ length: n }, (_, i) => i));
    assert.equal(ci.lo, null);
    assert.equal(ci.hi, null);
  }
  const ci90 = medianCi([1, 2, 3, 4, 5], 0.9);
  assert.deepEqual([ci90.lo, ci90.hi], [1, 5]);
});

test('ciHalfWidthPct takes the wider side', () => {
  assert.equal(ciHalfWidthPct({ lo: 97, hi: 110 }, 100), 10);
  assert.equal(ciHalfWidthPct({ lo: 90, hi: 101 }, 100), 10);
  assert.equal(ciHalfWidthPct({ lo: null, hi: null }, 100), null);
});

test('medianPrecision: tight samples meet ±3 %, wide ones do not', () => {
  const tight = [100, 101, 99, 100.5, 99.5, 100.2, 100.1];
  const p = medianPrecision(tight, 3);
  assert.equal(p.met, true);
  assert.equal(p.reps, 7);
  assert.equal(p.halfWidthPct, 1.1, 'median 100.1, interval [99, 101]: (100.1 − 99) / 100.1');
  const wide = [100, 130, 80, 110, 95, 120, 90];
  const q = medianPrecision(wide, 3);
  assert.equal(q.met, false);
  assert.equal(q.halfWidthPct, 30);
  assert.equal(medianPrecision([100, 100, 100], 3).met, false, 'three samples cannot show a 95 % interval');
});
