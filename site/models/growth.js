'use strict';
// How each style's time grows with n, from the scale sweep
// (data/perf-sweep.json): the exponent k of t ∝ n^k, fitted by least squares
// on log t against log n over the medians at every n the style finished,
// with a 95 % bootstrap interval (each n's samples resampled, the fit redone:
// scripts/lib/stats.js bootstrapInterval). k = 1 is linear growth: twice the
// calls, twice the time; the 2013 article saw fibers grow faster than that.
//
//   {% dataTable "growth" %}                (runtime=, include= or exclude=, metric=time|warm)
//   {% growth "fibrous", runtime="node-14" %} -> "k = 1.42 (95 % interval 1.35–1.50)"
//   {% growth "fibrous", runtime="node-14", reading=true %} -> "... 1.50): faster than linear"
//     (the reading comes from the interval, so a claim of growth cannot outlive its data)
const { bootstrapInterval, median } = require('../../scripts/lib/stats');
const { selectCells, FLOOR_ID } = require('../lib/cells');
const { perfProvenance } = require('../lib/provenance');
const { oneHost } = require('../lib/host-guard');
const { ProseNumberError } = require('../lib/lookup');

const SAMPLE = { time: 'timeMs', warm: 'warmMs' };
const SWEEP_FILE = { time: 'perf-sweep', warm: 'perf-sweep-warm' };
const MIN_POINTS = 3; // a line through two points has no spread to speak of

// Least-squares slope of ys on xs.
function slope(xs, ys) {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0, den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den > 0 ? num / den : null;
}

// points: [{ n, samples: [ms...] }] -> { k, ci: [lo, hi] | null, ns } or null.
function fitGrowth(points) {
  const usable = points.filter((p) => p.samples.length && p.samples.every((v) => v > 0)).sort((a, b) => a.n - b.n);
  if (usable.length < MIN_POINTS) return null;
  const xs = usable.map((p) => Math.log(p.n));
  const k = slope(xs, usable.map((p) => Math.log(median(p.samples))));
  const ci = bootstrapInterval(usable.map((p) => p.samples), (meds) => slope(xs, meds.map(Math.log)));
  return { k, ci, ns: usable.map((p) => p.n) };
}

// How the interval reads against linear growth.
function reading(fit) {
  if (!fit.ci) return 'too few repetitions for an interval';
  if (fit.ci[0] > 1) return 'faster than linear';
  if (fit.ci[1] < 1) return 'slower than linear';
  return 'linear within the interval';
}

function sweepFits(args, load) {
  const metric = args.metric || 'time';
  const field = SAMPLE[metric];
  if (!field) throw new Error(`growth: metric is "time" or "warm" (got "${metric}").`);
  // The warm sweep is its own run (npm run bench:sweep-warm): warm series
  // long enough to be classified cost far more per cell than a cold sweep.
  const hit = load(SWEEP_FILE[metric]);
  const cells = selectCells(hit.data, { runtime: args.runtime, scenario: 'upload', mode: 'cpu', maxN: null })
    .filter((c) => c.status === 'ok' && c.variant !== FLOOR_ID);
  const keep = args.include ? new RegExp(args.include) : null;
  const drop = args.exclude ? new RegExp(args.exclude) : null;
  const byVariant = new Map();
  for (const c of cells) {
    if ((keep && !keep.test(c.variant)) || (drop && drop.test(c.variant))) continue;
    const samples = (c.samples || []).filter((s) => s.status === 'ok' && typeof s[field] === 'number').map((s) => s[field]);
    if (!byVariant.has(c.variant)) byVariant.set(c.variant, { cells: [], points: [] });
    byVariant.get(c.variant).cells.push(c);
    byVariant.get(c.variant).points.push({ n: c.n, samples });
  }
  // A fit sets the times at each n against each other: its sizes must come
  // from one host (site/lib/host-guard.js), or k would measure the hosts.
  for (const [variant, { cells: mine }] of byVariant) oneHost(hit, mine, `the growth fit of ${variant} (${metric}, ${hit.shown})`);
  const fits = [...byVariant].map(([variant, { points }]) => ({ variant, fit: fitGrowth(points) })).filter((f) => f.fit);
  return { hit, cells, fits, metric };
}

const k2 = (x) => x.toFixed(2);

function growthTable(args, load) {
  const { hit, cells, fits, metric } = sweepFits(args, load);
  const rows = fits
    .sort((a, b) => b.fit.k - a.fit.k || a.variant.localeCompare(b.variant))
    .map(({ variant, fit }) => ({
      name: variant,
      k: k2(fit.k),
      ci: fit.ci ? `${k2(fit.ci[0])}–${k2(fit.ci[1])}` : '–',
      reading: reading(fit),
      ns: `${fit.ns[0].toLocaleString('en-GB')}–${fit.ns[fit.ns.length - 1].toLocaleString('en-GB')} (${fit.ns.length} sizes)`,
    }));
  const runtime = cells[0] ? cells[0].runtime : args.runtime || 'now';
  return {
    id: args.id || `table-growth${args.runtime ? `-${args.runtime}` : ''}`,
    caption: `How the ${metric === 'warm' ? 'warm' : 'cold'} time of n calls grows with n on ${runtime}, CPU-bound: the exponent k of t ∝ nᵏ, ` +
      'fitted to the medians on log–log axes, with a 95 % bootstrap interval; steepest first. k = 1: linear' +
      (metric === 'warm' ? '.' : '. Cold, each batch carries a fixed cost of compiling that weighs less as n grows, which pulls k below 1.'),
    columns: [
      { key: 'name', title: 'Variant' },
      { key: 'k', title: 'k', num: true },
      { key: 'ci', title: '95 % interval', num: true },
      { key: 'reading', title: 'Growth' },
      { key: 'ns', title: 'n' },
    ],
    rows,
    empty: `No style finished at ${MIN_POINTS} or more sizes in data/${SWEEP_FILE[metric]}.json for ${runtime}: run ` +
      `${metric === 'warm' ? 'npm run bench:sweep-warm -- --resume' : `npm run bench -- --sweep${args.runtime ? ` --runtimes ${args.runtime}` : ''} --resume`}.`,
    ...perfProvenance(hit, cells, { metric }),
  };
}

// Two fits side by side: steeper only where the intervals do not overlap.
function steepness(a, b) {
  if (a.ci[0] > b.ci[1]) return 'steeper than';
  if (a.ci[1] < b.ci[0]) return 'less steep than';
  return 'not told apart from';
}

const kText = (fit) => `k\u00a0=\u00a0${k2(fit.k)} (95\u00a0% interval ${k2(fit.ci[0])}–${k2(fit.ci[1])})`;

function fitOf(fits, id, kw) {
  const f = fits.find((x) => x.variant === id);
  if (!f) throw new ProseNumberError(`data/${SWEEP_FILE[kw.metric || 'time']}.json has no fit for "${id}"${kw.runtime ? ` on ${kw.runtime}` : ''} (it needs ok cells at ${MIN_POINTS} or more sizes)`);
  if (!f.fit.ci) throw new ProseNumberError(`"${id}" has too few repetitions per size for an interval of k`);
  return f.fit;
}

//   {% growth "fibrous", runtime="node-14", metric="warm", against="promises-native" %}
//     -> "k = 1.16 (95 % interval 1.13–1.30), not told apart from promises-native's k = 1.17 (…)"
function growthProse(load, [id], kw) {
  const { fits } = sweepFits(kw, load);
  const fit = fitOf(fits, id, kw);
  // field=: one number for a sentence a person writes (issue 43).
  if (kw.field !== undefined) {
    const value = { k: fit.k, lo: fit.ci[0], hi: fit.ci[1] }[kw.field];
    if (value === undefined) throw new ProseNumberError(`field= is k, lo or hi (got "${kw.field}")`);
    return k2(value);
  }
  let text = kText(fit);
  if (kw.reading === true || kw.reading === 'true') text += `: ${reading(fit)}`;
  if (kw.against) {
    const other = fitOf(fits, kw.against, kw);
    text += `, ${steepness(fit, other)} ${kw.against}’s ${kText(other)}`;
  }
  return text;
}

// Where a style's sweep ends: the largest n it finished, and what stopped it
// at the first size it did not (the cell's status, as the matrix words it).
//   {% growthLimit "fibrous", runtime="node-14" %}
//     -> "finished every size up to n = 20,000 and ran out of memory at n = 50,000"
const STOPPED = { oom: 'ran out of memory', timeout: 'timed out', crash: 'crashed' };
function growthLimitProse(load, [id], kw) {
  const hit = load('perf-sweep');
  const cells = selectCells(hit.data, { runtime: kw.runtime, scenario: 'upload', mode: 'cpu', maxN: null, keepFailed: true })
    .filter((c) => c.variant === id)
    .sort((a, b) => a.n - b.n);
  if (!cells.length) throw new ProseNumberError(`data/perf-sweep.json has no cells of "${id}"${kw.runtime ? ` on ${kw.runtime}` : ''}`);
  const stop = cells.find((c) => c.status !== 'ok');
  const size = (n) => `n\u00a0=\u00a0${n.toLocaleString('en-GB')}`;
  if (!stop) return `finished every size up to ${size(cells[cells.length - 1].n)}`;
  const done = cells.filter((c) => c.n < stop.n && c.status === 'ok');
  const what = `${STOPPED[stop.status] || stop.status} at ${size(stop.n)}`;
  return done.length ? `finished every size up to ${size(done[done.length - 1].n)} and ${what}` : what;
}

// For the claims checker (site/prose/claims.js): the fit of one style.
function growthFit(load, id, kw) {
  return fitOf(sweepFits(kw, load).fits, id, kw);
}

module.exports = { charts: {}, tables: { growth: growthTable }, prose: { growth: growthProse, growthLimit: growthLimitProse }, fitGrowth, slope, reading, steepness, growthFit };
