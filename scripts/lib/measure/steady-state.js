// Steady state as the field detects it (issue 41, item 1): one process's
// series of warm batch times → flat, warmup, slowdown or no-steady-state, and
// the steady segment whose median is the warm figure. Not wired in yet:
// warm.js still stops on its own window rule.
//
// Why. warm.js's rule (the medians of the two halves of the last 16 batches
// within 5 %, checked after every batch) passes windows that are still
// moving: a time rising 2 % per batch (of its first batch's time, as
// everywhere below) under 10 % noise is declared steady in 98 % of simulated
// processes. Barrett, Bolz-Tereick, Killick, Mount and Tratt, "Virtual
// Machine Warmup Blows Hot and Cold", OOPSLA 2017 (doi:10.1145/3133876,
// arXiv:1602.00602) classify a whole series instead, by changepoint analysis. Their code, softdevteam/warmup_stats
// (bin/mark_outliers_in_json, bin/mark_changepoints_in_json,
// warmup/summary_statistics.py), is what "theirs" means below. Their series
// are 2,000 quiet iterations; ours are 16–64 batches with 10–20 % noise and
// GC spikes, so some of their settings find nothing here. Each departure was
// chosen by simulation (scripts/analyze/steady-state-sim.js prints the
// figures; test/unit/steady-state.test.js holds the rule to them).
//
// 1. Outliers. Theirs: a time outside median ± 3 × (90th − 10th percentile)
//    of a window of 200 around it is left out. Ours: a window of
//    `outlierWindow` (16) batches, kept whole at the ends, and a band of
//    `outlierBand` (1.5) × that spread, about ±3.8 standard deviations of
//    normal noise: batch times are skewed by GC pauses, and at 3 × the 1.5–3×
//    spikes stayed in and posed as changes (48 batches rising 1 % per batch
//    among such spikes came out steady in 19 % of simulations at 3 ×, 9 % at
//    1.5 ×). An outlier leaves the analysis and every statistic; a run of
//    slow warm-up batches lifts the percentiles and stays in.
// 2. Changepoints: the segmentation minimising the segments' costs plus
//    `penalty` · ln n per changepoint, every segment at least `minSegment` (5)
//    batches long, computed on ln(time). As theirs (PELT on R's
//    cpt.meanvar), a segment's cost is twice its negative normal
//    log-likelihood with its own mean and variance, m · ln σ̂². Departures:
//    a. A segment may also be a ramp, with its own mean, slope and variance,
//       for `ramp` · ln n more. With flat segments only, a steady drift is cut
//       into steps whose last looks settled: 40 batches rising 1 % per batch
//       under 10 % noise came out steady in 79 % of simulations, 2 % per
//       batch in 62 % (with ramps: 1.4 % and 0.3 %); their 2,000 iterations
//       cut a drift into many short steps instead. `ramp` 1.75 is where 32
//       batches rising 1 % per batch are caught in ≥ 95 % of simulations
//       while ≥ 97 % of flat ones stay flat.
//    b. Penalty 5 · ln n, theirs 15 · ln n, which (with flat segments only)
//       finds a change in 0.2 % of series of 40 batches that rise 40 % under
//       10 % noise.
//    c. ln(time): noise in batch times grows with the time, and a rise of a
//       few % per batch is then a straight line.
//    d. Minimum segment 5, R's default 2: two similar batches would pass as
//       a segment of almost no variance. A variance under `varianceFloor`²
//       (0.1 %)² counts as that floor (constrained maximum likelihood):
//       batch times are rounded.
//    The search is optimal partitioning (Jackson et al., IEEE Signal
//    Processing Letters 2005): every segmentation is tried, in O(n²),
//    0.1–0.2 ms of CPU at n = 64, and the optimum is the one PELT finds; PELT's pruning
//    is exact only for costs that add up under splitting, which a ramp's
//    minimum length breaks, and at n ≤ 64 it saves nothing that matters.
// 3. Classes, as theirs: walking back from the last segment, a segment is
//    equivalent to it when their mean times (ms) differ by at most `delta`
//    (5 %) of the fastest segment's mean (their tool's "%" delta; the paper
//    used an absolute 0.001 s). The first segment that is not decides:
//    if it ends within the last `minSteady` (16) batches, no-steady-state
//    (the series still changes at its end); if it is faster than the last,
//    slowdown; else warmup, unless an earlier one that is not equivalent is
//    faster (slowdown). None: flat. Departures: their tolerance is widened
//    to the segments' variances (in s²: not a time), ours to `se` (2)
//    standard errors of the difference of the two means, so that a short
//    segment cut out by noise is not taken for a change; a ramp is
//    never equivalent, and a last segment that is a ramp is no-steady-state;
//    their `steady` is the last quarter (500 of 2,000), ours 16 batches,
//    warm.js's window, since fewer cannot tell a rise of 5 % per batch from
//    20 % noise. A series shorter than `minSteady` is no-steady-state.
// 4. The steady segment, as theirs (summary_statistics.py): the last segment
//    joined with the segments before it that are equivalent to it, back to
//    the first that is not; its median, outliers left out, is the warm
//    figure. no-steady-state has none.
//
// Classify a series once, when its batches have run: as a stopping rule,
// checked after every batch, the classifier too finds a moment that looks
// settled in a drift (steady-state-sim.js, last column). No npm package: none
// on the registry is a maintained changepoint implementation, and the child
// loads nothing but the harness on old runtimes. ES5 + CommonJS: the child
// loads this on Node 0.11.
'use strict';

var DEFAULTS = {
  penalty: 5, ramp: 1.75, minSegment: 5, minRamp: 8, delta: 0.05, se: 2, minSteady: 16,
  outlierWindow: 16, outlierBand: 1.5, varianceFloor: 0.001
};

function sortedCopy(values) {
  return values.slice().sort(function (a, b) { return a - b; });
}

// The p-th percentile (0–100) of sorted values, interpolated between ranks
// (numpy's default, which warmup_stats uses).
function percentile(sorted, p) {
  var at = (sorted.length - 1) * p / 100, lo = Math.floor(at), hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

function medianOf(values) {
  return values.length ? percentile(sortedCopy(values), 50) : null;
}

// times → [true where times[i] is an outlier] (step 1).
function findOutliers(times, window, band) {
  var n = times.length, w = Math.min(window, n), out = [];
  for (var i = 0; i < n; i++) {
    var from = Math.max(0, Math.min(i - Math.floor(w / 2), n - w));
    var s = sortedCopy(times.slice(from, from + w));
    var mid = percentile(s, 50), reach = band * (percentile(s, 90) - percentile(s, 10));
    out.push(times[i] > mid + reach || times[i] < mid - reach);
  }
  return out;
}

// m · ln σ² at the variance that maximises the likelihood among those ≥ floor.
function varianceCost(m, variance, floor) {
  return variance >= floor ? m * Math.log(variance) : m * (Math.log(floor) + variance / floor - 1);
}

function prefixSums(xs, ys) {
  var p = { x: [0], y: [0], xx: [0], xy: [0], yy: [0] };
  for (var i = 0; i < ys.length; i++) {
    p.x.push(p.x[i] + xs[i]);
    p.y.push(p.y[i] + ys[i]);
    p.xx.push(p.xx[i] + xs[i] * xs[i]);
    p.xy.push(p.xy[i] + xs[i] * ys[i]);
    p.yy.push(p.yy[i] + ys[i] * ys[i]);
  }
  return p;
}

// Values a..b-1 as one segment → { cost, ramp, slope }: flat (own mean and
// variance) or, when long enough and cheaper with its penalty, a ramp. `out`
// is filled in place: the search calls this ~n²/2 times.
function fit(p, a, b, s, out) {
  var m = b - a, sy = p.y[b] - p.y[a], sx = p.x[b] - p.x[a];
  var syy = Math.max(0, p.yy[b] - p.yy[a] - sy * sy / m);
  out.cost = varianceCost(m, syy / m, s.floor);
  out.ramp = false;
  out.slope = 0;
  if (m >= s.minRamp) {
    var sxx = p.xx[b] - p.xx[a] - sx * sx / m, sxy = p.xy[b] - p.xy[a] - sx * sy / m;
    var cost = varianceCost(m, Math.max(0, syy - sxy * sxy / sxx) / m, s.floor) + s.rampPenalty;
    if (cost < out.cost) {
      out.cost = cost;
      out.ramp = true;
      out.slope = sxy / sxx;
    }
  }
  return out;
}

// ys (at positions xs) → the segmentation minimising Σ cost + s.changePenalty
// per changepoint, every segment ≥ s.minSegment: [{ from, to, ramp, slope }],
// indices into ys, `to` exclusive.
function segment(xs, ys, s) {
  var n = ys.length, p = prefixSums(xs, ys), best = [-s.changePenalty], from = [0], f = {}, t, tau;
  for (t = 1; t <= n; t++) {
    best[t] = Infinity;
    for (tau = 0; tau <= t - s.minSegment; tau++) {
      if (best[tau] === Infinity) continue;
      var total = best[tau] + fit(p, tau, t, s, f).cost + s.changePenalty;
      if (total < best[t]) {
        best[t] = total;
        from[t] = tau;
      }
    }
  }
  if (best[n] === Infinity) return [{ from: 0, to: n, ramp: false, slope: 0 }];
  var out = [];
  for (t = n; t > 0; t = from[t]) {
    fit(p, from[t], t, s, f);
    out.unshift({ from: from[t], to: t, ramp: f.ramp, slope: f.slope });
  }
  return out;
}

// times[start..end) without the outliers → a segment's summary.
function describe(times, isOutlier, start, end, found) {
  var kept = [], total = 0, squares = 0, i;
  for (i = start; i < end; i++) if (!isOutlier[i]) kept.push(times[i]);
  for (i = 0; i < kept.length; i++) total += kept[i];
  var mean = total / kept.length;
  for (i = 0; i < kept.length; i++) squares += (kept[i] - mean) * (kept[i] - mean);
  return {
    start: start, end: end, count: kept.length, mean: mean, median: medianOf(kept),
    sd: kept.length > 1 ? Math.sqrt(squares / (kept.length - 1)) : 0, ramp: found.ramp, slope: found.slope
  };
}

function settings(options) {
  var s = {}, key;
  for (key in DEFAULTS) s[key] = DEFAULTS[key];
  for (key in options || {}) {
    if (!DEFAULTS.hasOwnProperty(key)) {
      throw new Error('steady-state: unknown option "' + key + '"; the options are ' +
        Object.keys(DEFAULTS).join(', '));
    }
    if (!(typeof options[key] === 'number' && options[key] >= 0)) {
      throw new Error('steady-state: option ' + key + ' must be a number >= 0, got ' + options[key]);
    }
    s[key] = options[key];
  }
  ['minSegment', 'minRamp', 'minSteady', 'outlierWindow'].forEach(function (name) {
    if (s[name] < 1 || s[name] % 1) {
      throw new Error('steady-state: option ' + name + ' must be an integer >= 1, got ' + s[name]);
    }
  });
  if (s.minRamp < 3) {
    throw new Error('steady-state: option minRamp must be at least 3 (a line through 2 points has no variance), got ' +
      s.minRamp);
  }
  return s;
}

// times (ms, in the order they ran) → {
//   class: 'flat' | 'warmup' | 'slowdown' | 'no-steady-state',
//   segments: [{ start, end, count, mean, median, sd, ramp, slope }]: indices
//     into times, end exclusive; count, mean, median and sd leave the
//     outliers out; slope: ln(time) per batch (about the fraction of the
//     time it changes by each batch), 0 unless ramp;
//   outliers: [indices into times],
//   steady: { start, end, medianMs } (step 4) or null }.
function classify(times, options) {
  var s = settings(options), i;
  if (!Array.isArray(times)) throw new Error('steady-state: classify needs an array of batch times in ms, got ' + times);
  var n = times.length;
  for (i = 0; i < n; i++) {
    if (typeof times[i] !== 'number' || !(times[i] > 0) || !isFinite(times[i])) {
      throw new Error('steady-state: times[' + i + '] is ' + times[i] +
        ', not a batch time (a positive, finite number of ms)');
    }
  }
  if (n < s.minSteady) return { 'class': 'no-steady-state', segments: [], outliers: [], steady: null };

  var isOutlier = findOutliers(times, s.outlierWindow, s.outlierBand), kept = [], at = [], outliers = [];
  for (i = 0; i < n; i++) {
    if (isOutlier[i]) outliers.push(i);
    else { kept.push(times[i]); at.push(i); }
  }
  s.floor = s.varianceFloor * s.varianceFloor;
  s.changePenalty = s.penalty * Math.log(kept.length);
  s.rampPenalty = s.ramp * Math.log(kept.length);
  var found = segment(at, kept.map(Math.log), s), segments = [], start = 0;
  for (i = 0; i < found.length; i++) {
    // An outlier between two segments goes to the later one.
    var end = i === found.length - 1 ? n : at[found[i].to];
    segments.push(describe(times, isOutlier, start, end, found[i]));
    start = end;
  }

  var last = segments[segments.length - 1], fastest = Infinity;
  for (i = 0; i < segments.length; i++) fastest = Math.min(fastest, segments[i].mean);
  function equivalent(seg) {
    var se = Math.sqrt(seg.sd * seg.sd / seg.count + last.sd * last.sd / last.count);
    return !seg.ramp && Math.abs(seg.mean - last.mean) <= Math.max(s.delta * fastest, s.se * se);
  }
  var kind = last.ramp ? 'no-steady-state' : 'flat', steadyStart = last.start, joined = true;
  for (i = segments.length - 2; i >= 0 && !last.ramp; i--) {
    var seg = segments[i];
    if (equivalent(seg)) {
      if (joined) steadyStart = seg.start;
      continue;
    }
    joined = false;
    if (seg.end > n - s.minSteady) { kind = 'no-steady-state'; break; }
    if (seg.mean < last.mean) { kind = 'slowdown'; break; }
    kind = 'warmup';
  }
  var steady = null;
  if (kind !== 'no-steady-state') {
    var span = [];
    for (i = steadyStart; i < n; i++) if (!isOutlier[i]) span.push(times[i]);
    steady = { start: steadyStart, end: n, medianMs: medianOf(span) };
  }
  return { 'class': kind, segments: segments, outliers: outliers, steady: steady };
}

module.exports = { DEFAULTS: DEFAULTS, classify: classify, segment: segment, findOutliers: findOutliers };
