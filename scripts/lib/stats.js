// Summary statistics of a cell's raw samples, computed after the run (never
// inside the timed path), the rule that decides when two cells are too close
// to rank, and percentile-bootstrap intervals for figures derived from the
// medians of several cells (the costs above the floor). Shared by the
// harness (which writes the figures) and the site (which quotes intervals):
// it loads nothing else.
'use strict';

// A cell whose interquartile range exceeds this share of its median is
// flagged "noisy": its rank against neighbours is not trustworthy.
const NOISY_REL_IQR = 0.2;
// With fewer samples we cannot estimate the spread at all.
const MIN_SAMPLES_TO_RANK = 3;

function sorted(values) {
  return values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
}

// Linear interpolation between closest ranks (R's type 7, numpy's default),
// so p25/p75 of [1, 2, 3, 4] are 1.75 and 3.25.
function quantile(sortedValues, p) {
  if (sortedValues.length === 0) return null;
  if (p < 0 || p > 1) throw new RangeError(`quantile: p must be in [0, 1], got ${p}`);
  const h = (sortedValues.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sortedValues[lo] + (h - lo) * (sortedValues[hi] - sortedValues[lo]);
}

function median(values) {
  return quantile(sorted(values), 0.5);
}

function mean(values) {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
}

// Median absolute deviation from the median, unscaled (not multiplied by
// 1.4826), in the unit of the samples.
function mad(values) {
  const m = median(values);
  if (m === null) return null;
  return median(values.map((v) => Math.abs(v - m)));
}

// The MAD scaled to a normal distribution's standard deviation, and the
// standard error of a median (√(π/2) times that of a mean): robust versions
// of the CV and of an estimate's uncertainty, as a share of the median, so
// one odd sample does not set them. null without samples or with a zero median.
const MAD_TO_SD = 1.4826;
const MEDIAN_SE_FACTOR = 1.2533;
function robustCv(values) {
  const m = median(values);
  return m ? (MAD_TO_SD * mad(values)) / m : null;
}
function medianStandardError(values) {
  const cvr = robustCv(values);
  return cvr === null ? null : (MEDIAN_SE_FACTOR * cvr) / Math.sqrt(sorted(values).length);
}

// Coefficient of variation: sample standard deviation / mean. 0 for one sample.
function cv(values) {
  const s = sorted(values);
  if (s.length === 0) return null;
  if (s.length === 1) return 0;
  const m = mean(s);
  if (m === 0) return null;
  const variance = s.reduce((acc, v) => acc + (v - m) ** 2, 0) / (s.length - 1);
  return Math.sqrt(variance) / m;
}

function round(x, digits = 3) {
  if (x === null || x === undefined) return null;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

// { median, min, max, p25, p75, iqr, mad, mean, cv, count }, all null when
// there is no sample (count 0).
function summarize(values) {
  const s = sorted(values);
  if (s.length === 0) {
    return { median: null, min: null, max: null, p25: null, p75: null, iqr: null, mad: null, mean: null, cv: null, count: 0 };
  }
  const p25 = quantile(s, 0.25);
  const p75 = quantile(s, 0.75);
  return {
    median: round(quantile(s, 0.5)),
    min: round(s[0]),
    max: round(s[s.length - 1]),
    p25: round(p25),
    p75: round(p75),
    iqr: round(p75 - p25),
    mad: round(mad(s)),
    mean: round(mean(s)),
    cv: round(cv(s), 4),
    count: s.length
  };
}

// Too noisy to rank: too few samples, or an IQR wider than NOISY_REL_IQR of
// the median.
function isNoisy(summary, limit = NOISY_REL_IQR) {
  if (!summary || summary.count < MIN_SAMPLES_TO_RANK) return true;
  if (!summary.median) return summary.iqr > 0;
  return summary.iqr / summary.median > limit;
}

// Compares two summaries of the same measure: -1 if a is clearly lower
// (better), 1 if clearly higher, 0 for a tie. "Clearly" means their
// interquartile ranges do not overlap. A one-sample summary has p25 = p75, so
// it compares by value alone; isNoisy() is what marks it as unrankable.
function compare(a, b) {
  if (a.p75 < b.p25) return -1;
  if (b.p75 < a.p25) return 1;
  return 0;
}

// P(B ≤ k) for B ~ Binomial(n, ½), summed in log space so large n does not
// underflow 2^-n.
function binomialHalfCdf(k, n) {
  if (k < 0) return 0;
  if (k >= n) return 1;
  let logTerm = -n * Math.LN2; // log C(n, 0) / 2^n
  let sum = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i);
    sum += Math.exp(logTerm);
  }
  return Math.min(1, sum);
}

// Distribution-free confidence interval of the median from order
// statistics: [x(j), x(n−j+1)] holds the true median with probability
// 1 − 2·P(B ≤ j−1), B ~ Binomial(n, ½), whatever the distribution of the
// samples. j is the largest rank whose coverage is still ≥ `level`, so the
// interval is the narrowest of that kind. Below 6 samples no such interval
// reaches 95 % (even [min, max] of 5 covers only 93.75 %): lo and hi are null.
// Ranks are 1-based.
function medianCi(values, level = 0.95) {
  const s = sorted(values);
  const n = s.length;
  let best = null;
  for (let j = 1; j <= Math.ceil(n / 2); j++) {
    const coverage = 1 - 2 * binomialHalfCdf(j - 1, n);
    if (coverage < level) break;
    best = { j, coverage };
  }
  if (!best) return { level, lo: null, hi: null, loRank: null, hiRank: null, coverage: null, count: n };
  return {
    level, lo: s[best.j - 1], hi: s[n - best.j], loRank: best.j, hiRank: n - best.j + 1,
    coverage: round(best.coverage, 4), count: n
  };
}

// The interval's reach from the median, in % of the median: the larger of
// its two sides (order-statistic intervals are not symmetric), so "within
// ±3 %" means both ends are. null when there is no interval or no median.
function ciHalfWidthPct(ci, med) {
  if (!ci || ci.lo === null || !med) return null;
  return round(Math.max(med - ci.lo, ci.hi - med) / Math.abs(med) * 100, 2);
}

// The precision of a cell's median time: its 95 % interval, the half-width
// in % and whether that is within ±targetPct.
function medianPrecision(values, targetPct, level = 0.95) {
  const ci = medianCi(values, level);
  const halfWidthPct = ciHalfWidthPct(ci, median(values));
  return {
    level, lo: ci.lo === null ? null : round(ci.lo), hi: ci.hi === null ? null : round(ci.hi),
    loRank: ci.loRank, hiRank: ci.hiRank, coverage: ci.coverage, halfWidthPct, targetPct,
    met: halfWidthPct !== null && halfWidthPct <= targetPct, reps: ci.count
  };
}

// How many samples would bring a median's interval from halfWidthPct (at
// count samples) to targetPct: the half-width shrinks about as 1/√n, so
// count·(width/target)². A projection from the spread seen so far, never
// fewer than count; null without a width to project from.
function samplesFor(count, halfWidthPct, targetPct) {
  if (halfWidthPct === null || halfWidthPct === undefined || !(targetPct > 0)) return null;
  return Math.max(count, Math.ceil(count * (halfWidthPct / targetPct) ** 2));
}

// Small seeded PRNG (mulberry32), so a bootstrap interval and a plan's
// shuffled order are the same on every run with the same seed.
function seededRandom(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

// Percentile bootstrap: fixed resample count and seed, so the same samples
// always give the same interval.
const BOOTSTRAP = Object.freeze({ resamples: 2000, seed: 20130809, level: 0.95 });

// The median of one resample (with replacement) of the sorted values g, from
// how often each rank was drawn: the k-th smallest drawn value is the value
// of the rank where the running count passes k, so no sort is needed.
function resampledMedian(g, counts, random) {
  const n = g.length;
  counts.fill(0);
  for (let j = 0; j < n; j++) counts[Math.floor(random() * n)]++;
  const h = (n - 1) / 2, lo = Math.floor(h), hi = Math.ceil(h);
  let seen = 0, loValue = null;
  for (let r = 0; r < n; r++) {
    seen += counts[r];
    if (loValue === null && seen > lo) loValue = g[r];
    if (seen > hi) return loValue + (h - lo) * (g[r] - loValue);
  }
  return loValue; // not reached: the counts add up to n
}

// A 95 % percentile-bootstrap interval [lo, hi] of statistic(medians), where
// each resample draws every group's values with replacement, groups
// independently (the cells are separate processes), and `medians` are the
// resampled groups' medians in order. null when a group has fewer than
// MIN_SAMPLES_TO_RANK values (no spread to estimate) or when the statistic is
// undefined (null, not finite) in any resample: an interval that leaves such
// resamples out would look tighter than the data allow.
function bootstrapInterval(groups, statistic, options = BOOTSTRAP) {
  const { resamples, seed, level } = Object.assign({}, BOOTSTRAP, options);
  const values = groups.map(sorted);
  if (!values.length || values.some((g) => g.length < MIN_SAMPLES_TO_RANK)) return null;
  const random = seededRandom(seed);
  const counts = values.map((g) => new Uint32Array(g.length));
  const medians = new Array(values.length);
  const out = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < values.length; i++) medians[i] = resampledMedian(values[i], counts[i], random);
    const v = statistic(medians);
    if (typeof v !== 'number' || !Number.isFinite(v)) return null;
    out[b] = v;
  }
  out.sort();
  const tail = (1 - level) / 2;
  return [quantile(out, tail), quantile(out, 1 - tail)];
}

// A style's cost above the floor: median(samples) − median(floor), with its
// bootstrap interval. null without samples on either side.
function costAboveFloor(samples, floor) {
  const m = median(samples), f = median(floor);
  if (m === null || f === null) return null;
  const ci = bootstrapInterval([samples, floor], ([a, b]) => a - b);
  return { value: m - f, ci95: ci };
}

// The cost above the floor relative to the baseline's:
// (median(samples) − median(floor)) / (median(base) − median(floor)), with its
// bootstrap interval. value null when the baseline is not above the floor.
// For the baseline itself pass base === samples: the ratio is 1 by definition.
function ratioAboveFloor(samples, base, floor) {
  const m = median(samples), b = median(base), f = median(floor);
  if (m === null || b === null || f === null || !(b - f > 0)) return { value: null, ci95: null };
  if (samples === base) return { value: 1, ci95: [1, 1] };
  const ci = bootstrapInterval([samples, base, floor], ([x, y, z]) => (y - z > 0 ? (x - z) / (y - z) : null));
  return { value: (m - f) / (b - f), ci95: ci };
}

// Ranks 1..n of `values`, ties sharing the mean of the ranks they span.
function averageRanks(values) {
  const order = values.map((v, i) => [v, i]).sort((a, b) => a[0] - b[0]);
  const ranks = new Array(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    for (let k = i; k <= j; k++) ranks[order[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}

// Spearman's rank correlation of paired values: the Pearson correlation of
// their average ranks (ties handled as usual). null under 3 pairs or when
// either side has no spread.
function spearman(xs, ys) {
  if (xs.length !== ys.length) throw new RangeError(`spearman: ${xs.length} values against ${ys.length}`);
  if (xs.length < 3) return null;
  const rx = averageRanks(xs), ry = averageRanks(ys);
  const m = (xs.length + 1) / 2;
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (rx[i] - m) * (ry[i] - m);
    sxx += (rx[i] - m) ** 2;
    syy += (ry[i] - m) ** 2;
  }
  return sxx && syy ? sxy / Math.sqrt(sxx * syy) : null;
}

module.exports = { spearman, averageRanks, medianCi, ciHalfWidthPct, medianPrecision, samplesFor, binomialHalfCdf,
  BOOTSTRAP, bootstrapInterval, seededRandom, costAboveFloor, ratioAboveFloor,
  summarize, quantile, median, mad, robustCv, medianStandardError, cv, mean, isNoisy, compare, round, NOISY_REL_IQR, MIN_SAMPLES_TO_RANK };
