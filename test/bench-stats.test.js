// The statistics helpers of scripts/harness/stats.js on inputs worked out by hand.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const stats = require('../scripts/harness/stats');

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
