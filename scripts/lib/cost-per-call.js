// Cost per call over nested callbacks (issue 28 item 3), the unit the article
// leads with: from per-process warm samples (warmMs, one per fresh process) of
// a style and of the callbacks baseline, same runtime, scenario, mode and n,
//   cost  = (median(style) − median(callbacks)) / n, in µs per call
//   ratio = median(style) / median(callbacks)
// each with a seeded percentile-bootstrap 95 % interval (stats.js: the same
// samples always give the same interval). Samples that are not numbers (a
// repetition whose warm batches never settled has warmMs null) are left out
// and counted, so a caller can say how many were.
'use strict';
const { median, bootstrapInterval, round } = require('./stats');

function numbers(samples) {
  return samples.filter((x) => typeof x === 'number' && Number.isFinite(x));
}

// style, callbacks: arrays of warm batch medians in ms; n: calls per batch.
// → { costUs, costCi95Us, ratio, ratioCi95, samples: { style, callbacks }, left: { style, callbacks } }
// Values null without samples; intervals null with fewer samples than the
// bootstrap needs (stats.MIN_SAMPLES_TO_RANK) on either side.
function costPerCall(style, callbacks, n) {
  if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`costPerCall: n must be a positive integer, got ${n}`);
  const s = numbers(style), c = numbers(callbacks);
  const out = {
    costUs: null, costCi95Us: null, ratio: null, ratioCi95: null,
    samples: { style: s.length, callbacks: c.length },
    left: { style: style.length - s.length, callbacks: callbacks.length - c.length }
  };
  const ms = median(s), mc = median(c);
  if (ms === null || mc === null) return out;
  const perCallUs = (a, b) => (a - b) / n * 1000;
  out.costUs = round(perCallUs(ms, mc), 4);
  const ci = bootstrapInterval([s, c], ([a, b]) => perCallUs(a, b));
  out.costCi95Us = ci && ci.map((x) => round(x, 4));
  if (mc > 0) {
    out.ratio = round(ms / mc, 4);
    const r = bootstrapInterval([s, c], ([a, b]) => (b > 0 ? a / b : null));
    out.ratioCi95 = r && r.map((x) => round(x, 4));
  }
  return out;
}

// The same for two cells of one group (runtime, scenario, mode, n), from
// the warmMs of their ok samples: what the summary and the site both ask.
function cellCostPerCall(cell, base) {
  const warm = (c) => c.samples.filter((s) => s.status === 'ok').map((s) => s.warmMs);
  return costPerCall(warm(cell), warm(base), cell.n);
}

module.exports = { costPerCall, cellCostPerCall };
