// The statistics helpers of scripts/lib/stats.js on inputs worked out by hand.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const stats = require('../../scripts/lib/stats');

test('quantiles interpolate between ranks (R type 7)', () => {
  const s = [1, 2, 3, 4];
  assert.equal(stats.quantile(s, 0), 1);
  assert.equal(stats.quantile(s, 0.25), 1.75);
  assert.equal(stats.quantile(s, 0.5), 2.5);
  assert.equal(stats.quantile(s, 0.75), 3.25);
  assert.equal(stats.quantile(s, 1), 4);
  assert.equal(stats.quantile([], 0.5), null);
  assert.throws(() => stats.quantile(s, 1.5), /p must be in \[0, 1\]/);
});

test('summarize: median, min, max, p25/p75, IQR, MAD, mean, CV, count', () => {
  const sum = stats.summarize([10, 12, 11, 50, 13]); // unsorted, one outlier
  assert.deepEqual(sum, {
    median: 12, min: 10, max: 50, p25: 11, p75: 13, iqr: 2,
    mad: 1, // |x - 12| = 2, 0, 1, 38, 1 → median 1
    mean: 19.2,
    cv: 0.8986, // sample sd sqrt(1190.8 / 4) = 17.254, / 19.2
    count: 5
  });
});

test('summarize ignores non-numbers and handles no samples', () => {
  assert.equal(stats.summarize([3, null, undefined, NaN, 5]).count, 2);
  const none = stats.summarize([]);
  assert.equal(none.count, 0);
  assert.equal(none.median, null);
  assert.equal(stats.summarize([7]).cv, 0);
});

test('noisy: fewer than 3 samples, or IQR above 20 % of the median', () => {
  assert.equal(stats.isNoisy(stats.summarize([100, 100])), true);
  assert.equal(stats.isNoisy(stats.summarize([100, 101, 102, 103, 104])), false);
  assert.equal(stats.isNoisy(stats.summarize([32, 60, 90, 120, 147])), true); // the 2013 rerun's range
});

test('compare ranks only when the interquartile ranges do not overlap', () => {
  const a = stats.summarize([10, 11, 12, 13, 14]);
  const b = stats.summarize([20, 21, 22, 23, 24]);
  const c = stats.summarize([12, 13, 14, 15, 16]);
  assert.equal(stats.compare(a, b), -1);
  assert.equal(stats.compare(b, a), 1);
  assert.equal(stats.compare(a, c), 0, 'a 11..13 and c 13..15 overlap: a tie');
});

// A sort-based bootstrap written independently of stats.js's counting
// median, on the same seeded random stream: the intervals must agree exactly.
function referenceBootstrap(groups, statistic, { resamples, seed }) {
  const random = stats.seededRandom(seed);
  const values = groups.map((g) => [...g].sort((a, b) => a - b));
  const out = [];
  for (let b = 0; b < resamples; b++) {
    const medians = values.map((g) => {
      const r = g.map(() => g[Math.floor(random() * g.length)]).sort((x, y) => x - y);
      return stats.quantile(r, 0.5);
    });
    out.push(statistic(medians));
  }
  out.sort((a, b) => a - b);
  return [stats.quantile(out, 0.025), stats.quantile(out, 0.975)];
}

test('bootstrap interval: seeded and deterministic, equal to a plain sort-based bootstrap', () => {
  const v = [41.2, 39.8, 44.1, 40.5, 43.0], f = [36.1, 35.2, 37.9, 36.6, 35.8], even = [40, 42, 47, 41];
  const diff = ([a, b]) => a - b;
  const a = stats.bootstrapInterval([v, f], diff);
  assert.deepEqual(stats.bootstrapInterval([v, f], diff), a, 'same samples, same interval');
  assert.deepEqual(a, referenceBootstrap([v, f], diff, stats.BOOTSTRAP));
  assert.deepEqual(stats.bootstrapInterval([even, f], diff), referenceBootstrap([even, f], diff, stats.BOOTSTRAP),
    'an even number of samples interpolates between the middle two');
  assert.ok(a[0] < stats.median(v) - stats.median(f) && stats.median(v) - stats.median(f) < a[1], String(a));
  const other = { resamples: 500, seed: 7 };
  assert.deepEqual(stats.bootstrapInterval([v, f], diff, other), referenceBootstrap([v, f], diff, other), 'options are used');
});

test('cost and ratio above the floor: medians, intervals, and where they are undefined', () => {
  assert.deepEqual(stats.costAboveFloor([10, 10, 10], [4, 4, 4]), { value: 6, ci95: [6, 6] });
  assert.deepEqual(stats.ratioAboveFloor([16, 16, 16], [10, 10, 10], [4, 4, 4]), { value: 2, ci95: [2, 2] });
  const base = [10, 11, 12];
  assert.deepEqual(stats.ratioAboveFloor(base, base, [4, 5, 6]), { value: 1, ci95: [1, 1] }, 'the baseline is 1 by definition');
  assert.deepEqual(stats.costAboveFloor([10, 11], [4, 5, 6]), { value: 5.5, ci95: null }, 'under 3 samples: no interval');
  assert.deepEqual(stats.ratioAboveFloor([16, 17, 18], [5, 5, 5], [6, 6, 6]), { value: null, ci95: null },
    'a baseline not above the floor has no ratio');
  assert.equal(stats.ratioAboveFloor([16, 17, 18], [6, 7, 20], [5, 6, 7]).ci95, null,
    'resamples where the baseline is not above the floor: no interval rather than a truncated one');
  assert.equal(stats.costAboveFloor([], [4, 5, 6]), null);
  const wide = stats.costAboveFloor([10, 20, 30, 12, 25], [4, 5, 6, 5, 4]).ci95;
  const narrow = stats.costAboveFloor([19, 20, 21, 20, 20], [4, 5, 6, 5, 4]).ci95;
  assert.ok(wide[1] - wide[0] > narrow[1] - narrow[0], 'more spread, wider interval');
});

test('spearman: known answers, ties by average rank, null without spread', () => {
  const { spearman, averageRanks } = require('../../scripts/lib/stats');
  assert.equal(spearman([1, 2, 3, 4, 5], [10, 20, 30, 40, 50]), 1);
  assert.equal(spearman([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]), -1);
  // d = [0, 0, 1, -1, 0]: 1 − 6·2 / (5·24) = 0.9 without ties
  assert.ok(Math.abs(spearman([1, 2, 3, 4, 5], [1, 2, 4, 3, 5]) - 0.9) < 1e-12);
  assert.deepEqual(averageRanks([10, 20, 20, 5]), [2, 3.5, 3.5, 1]);
  // with ties: the Pearson correlation of ranks [2, 3.5, 3.5, 1] and [1, 2, 3, 4]:
  // deviations [-0.5, 1, 1, -1.5] and [-1.5, -0.5, 0.5, 1.5] give -1.5 / √(4.5 · 5)
  assert.ok(Math.abs(spearman([10, 20, 20, 5], [1, 2, 3, 4]) - (-1.5 / Math.sqrt(22.5))) < 1e-12);
  assert.equal(spearman([1, 1, 1], [1, 2, 3]), null);
  assert.equal(spearman([1, 2], [1, 2]), null);
  assert.throws(() => spearman([1, 2, 3], [1, 2]), /3 values against 2/);
});

test('samplesFor: the interval narrows as 1/√n, never below the samples held', () => {
  const { samplesFor } = require('../../scripts/lib/stats');
  assert.equal(samplesFor(10, 10, 5), 40, 'half the width takes four times the samples');
  assert.equal(samplesFor(24, 15, 2), Math.ceil(24 * 56.25));
  assert.equal(samplesFor(12, 2, 5), 12, 'already within: no more');
  assert.equal(samplesFor(8, null, 5), null, 'no interval to project from');
  assert.equal(samplesFor(8, 10, 0), null, 'no goal');
});

test('robustCv and medianStandardError: the MAD scaled to a standard deviation, one odd sample ignored', () => {
  const { robustCv, medianStandardError } = require('../../scripts/lib/stats');
  // median 10, absolute deviations 0,1,1,2,2 (the 100 is one of them) → MAD 1
  const values = [8, 9, 10, 11, 100];
  assert.ok(Math.abs(robustCv(values) - 0.14826) < 1e-12);
  assert.ok(Math.abs(medianStandardError(values) - (1.2533 * 0.14826) / Math.sqrt(5)) < 1e-12);
  assert.equal(robustCv([]), null);
  assert.equal(medianStandardError([0, 0, 0]), null, 'no share of a zero median');
});
