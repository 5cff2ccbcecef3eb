// The changepoint classifier of warm series (scripts/lib/measure/steady-state.js,
// issue 41 item 1) on simulated series from a seeded generator, so every run
// sees the same series: drifts are not steady, flat noise is, a warm-up's
// steady segment is its flat part, a slowdown and a change at the very end
// are told apart, one spike is not a change; and the search finds the
// optimal segmentation (checked against trying every one).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { classify, segment } = require('../../scripts/lib/measure/steady-state');
const { seededRandom } = require('../../scripts/lib/stats');
const { simulate, drift, step, compare, FAMILIES } = require('../../scripts/analyze/steady-state-sim');

const SIZES = [32, 40, 48];

// Classifies `trials` seeded series per size → the share for which `holds`
// is true, and the failing verdicts' classes for the message.
function share(seed, trials, sizes, level, noise, holds) {
  const random = seededRandom(seed);
  let ok = 0, total = 0;
  const failed = {};
  for (const n of sizes) {
    for (let k = 0; k < trials; k++, total++) {
      const times = simulate(random, n, level(n), noise);
      const verdict = classify(times);
      if (holds(verdict, n, times)) ok++;
      else failed[verdict.class] = (failed[verdict.class] || 0) + 1;
    }
  }
  return { share: ok / total, total, failed: JSON.stringify(failed) };
}

test('a time rising 1 % per batch under 10 % noise is not steady in >= 95 % of 600 series of 32-48 batches', () => {
  const r = share(1, 200, SIZES, () => drift(0.01), 0.1, (v) => v.steady === null && v.class === 'no-steady-state');
  assert.ok(r.share >= 0.95, `not steady in ${(100 * r.share).toFixed(1)} % of ${r.total}; the others: ${r.failed}`);
});

test('a flat time under 10 % noise is flat, with the whole series steady, in >= 95 % of 600 series', () => {
  const r = share(2, 200, SIZES, () => drift(0), 0.1,
    (v, n) => v.class === 'flat' && v.steady.start === 0 && v.steady.end === n &&
      Math.abs(v.steady.medianMs / 20 - 1) < 0.1);
  assert.ok(r.share >= 0.95, `flat in ${(100 * r.share).toFixed(1)} % of ${r.total}; the others: ${r.failed}`);
});

test('a warm-up step (30 ms for 8 batches, then 20 ms) is warmup, its steady segment the flat part, in >= 95 %', () => {
  const r = share(3, 200, SIZES, () => step(8, 30, 20), 0.1,
    (v, n) => v.class === 'warmup' && Math.abs(v.steady.start - 8) <= 2 && v.steady.end === n &&
      Math.abs(v.steady.medianMs / 20 - 1) < 0.1);
  assert.ok(r.share >= 0.95, `as expected in ${(100 * r.share).toFixed(1)} % of ${r.total}; the others: ${r.failed}`);
});

test('a slowdown step (20 ms for 12 batches, then 30 ms) is slowdown, steady from the step, in >= 95 %', () => {
  const r = share(4, 200, SIZES, () => step(12, 20, 30), 0.1,
    (v) => v.class === 'slowdown' && Math.abs(v.steady.start - 12) <= 2 && Math.abs(v.steady.medianMs / 30 - 1) < 0.1);
  assert.ok(r.share >= 0.95, `as expected in ${(100 * r.share).toFixed(1)} % of ${r.total}; the others: ${r.failed}`);
});

test('a change in the last 6 batches (20 ms, then 30 ms) is no-steady-state in >= 95 %', () => {
  const r = share(5, 200, SIZES, (n) => step(n - 6, 20, 30), 0.1,
    (v) => v.class === 'no-steady-state' && v.steady === null);
  assert.ok(r.share >= 0.95, `no-steady-state in ${(100 * r.share).toFixed(1)} % of ${r.total}; the others: ${r.failed}`);
});

test('a time that settles and then starts rising 2 % per batch for its last 20 batches is no-steady-state in >= 95 %', () => {
  const rising = (n) => (i) => (i < n - 20 ? 20 : 20 * (1 + 0.02 * (i - n + 20)));
  const r = share(6, 200, SIZES, rising, 0.1, (v) => v.class === 'no-steady-state');
  assert.ok(r.share >= 0.95, `no-steady-state in ${(100 * r.share).toFixed(1)} % of ${r.total}; the others: ${r.failed}`);
});

test('one batch 5x slower is an outlier, not a changepoint, in flat series at 10 % noise', () => {
  const random = seededRandom(7);
  let single = 0, flagged = 0;
  const trials = 200;
  for (let k = 0; k < trials; k++) {
    const times = simulate(random, 40, drift(0), 0.1);
    times[20] *= 5;
    const v = classify(times);
    if (v.outliers.includes(20)) flagged++;
    if (v.segments.length === 1 && v.class === 'flat') single++;
  }
  assert.equal(flagged, trials, 'the spike is an outlier in every series');
  assert.ok(single / trials >= 0.95, `one flat segment in ${single} of ${trials}`);
});

test('the figure is the median of the steady segment without its outliers; segments tile the series', () => {
  // 30 ms for 8 batches, then 20, 21, 19, ... with one 100 ms spike.
  const times = [30, 31, 29, 30, 32, 28, 30, 31];
  for (let i = 0; i < 32; i++) times.push([20, 21, 19, 20.5, 19.5][i % 5]);
  times[25] = 100;
  const v = classify(times);
  assert.equal(v.class, 'warmup');
  assert.deepEqual(v.outliers, [25]);
  assert.deepEqual(v.segments.map((s) => [s.start, s.end, s.count, s.ramp]), [[0, 8, 8, false], [8, 40, 31, false]]);
  assert.equal(v.segments[1].median, 20);
  assert.deepEqual(v.steady, { start: 8, end: 40, medianMs: 20 });
});

test('the old window rule passes the issue\'s drifting families, the classifier does not (200 processes each)', () => {
  const issue = FAMILIES.filter((f) => /issue 41/.test(f.name));
  assert.equal(issue.length, 2);
  for (const row of compare({ trials: 200, families: issue, stopping: false })) {
    assert.ok(row.oldSteady >= 0.9, `${row.name}: warm.js windowState steady in ${row.oldSteady}`);
    assert.ok(row.newSteady <= 0.05, `${row.name}: the classifier steady in ${row.newSteady}`);
  }
});

test('the classifier loads no module: the child on Node 0.11 can load it as it is', () => {
  const source = fs.readFileSync(require.resolve('../../scripts/lib/measure/steady-state'), 'utf8');
  assert.deepEqual(source.match(/require\s*\(/g), null);
});

test('a series shorter than minSteady has no steady state', () => {
  assert.deepEqual(classify([10, 10, 10]), { class: 'no-steady-state', segments: [], outliers: [], steady: null });
});

test('what is not a batch time, and options it does not know, are refused, naming them', () => {
  assert.throws(() => classify([10, 0, 10]), /times\[1\] is 0, not a batch time/);
  assert.throws(() => classify([10, NaN]), /times\[1\] is NaN/);
  assert.throws(() => classify('10,11'), /needs an array/);
  assert.throws(() => classify([10], { tolerance: 0.05 }), /unknown option "tolerance"; the options are penalty, /);
  assert.throws(() => classify([10], { minSegment: 2.5 }), /minSegment must be an integer/);
  assert.throws(() => classify([10], { penalty: -1 }), /penalty must be a number >= 0/);
});

// The cost of a segment computed directly (two passes, no running sums), as
// the module's header defines it: m · ln σ̂² of a flat segment, or of a ramp
// plus its penalty, whichever is less.
function directCost(ys, s) {
  const m = ys.length, mean = ys.reduce((a, b) => a + b, 0) / m;
  const cost = (variance) => (variance >= s.floor ? m * Math.log(variance) : m * (Math.log(s.floor) + variance / s.floor - 1));
  let flatRss = 0;
  for (const y of ys) flatRss += (y - mean) ** 2;
  let best = cost(flatRss / m);
  if (m >= s.minRamp) {
    const xm = (m - 1) / 2;
    let sxx = 0, sxy = 0;
    ys.forEach((y, x) => { sxx += (x - xm) ** 2; sxy += (x - xm) * (y - mean); });
    best = Math.min(best, cost((flatRss - sxy * sxy / sxx) / m) + s.rampPenalty);
  }
  return best;
}

// Every way to cut n values into parts of at least `min` → [[end, ...]].
function allSegmentations(n, min) {
  if (n === 0) return [[]];
  const out = [];
  for (let first = min; first <= n; first++) {
    for (const rest of allSegmentations(n - first, min)) out.push([first, ...rest.map((e) => e + first)]);
  }
  return out;
}

test('the search finds the segmentation of least penalised cost, as trying every one does', () => {
  const s = { minSegment: 3, minRamp: 5, floor: 1e-6, changePenalty: 4, rampPenalty: 2 };
  const random = seededRandom(8);
  const total = (ys, ends) => ends.reduce((sum, end, i) => sum + directCost(ys.slice(i ? ends[i - 1] : 0, end), s), 0) +
    s.changePenalty * (ends.length - 1);
  const xs = Array.from({ length: 16 }, (_, i) => i);
  let withRamp = 0, withChange = 0;
  for (let k = 0; k < 40; k++) {
    const level = [step(6 + (k % 5), 1, 1.3 + (k % 3) * 0.2), drift(0.03, 1), drift(0, 1)][k % 3];
    const ys = simulate(random, 16, level, 0.05).map(Math.log);
    let best = Infinity, bestEnds = null;
    for (const ends of allSegmentations(16, s.minSegment)) {
      const t = total(ys, ends);
      if (t < best) [best, bestEnds] = [t, ends];
    }
    const found = segment(xs, ys, s);
    assert.deepEqual(found.map((f) => f.to), bestEnds, `series ${k}`);
    assert.ok(Math.abs(total(ys, found.map((f) => f.to)) - best) < 1e-9);
    if (found.some((f) => f.ramp)) withRamp++;
    if (found.length > 1) withChange++;
  }
  assert.ok(withRamp > 0 && withChange > 0, `the cases include ramps (${withRamp}) and changepoints (${withChange})`);
});
