// The precision goals of issue 41 (item 5), written once for the goals
// report (scripts/analyze/goals.js) and the site (site/models/precision.js,
// cost.js): distribution-free 95 % intervals of the median over processes,
// on Node 24, upload, n = 1000, CPU-bound, met by >= 90 % of the styles:
//   warm within ±5 %, cold within ±5 % of the median;
//   the cost per call over callbacks within ±1 µs or ±15 % of itself,
//   whichever is larger;
// on Node 0.11, cold within ±5 %. The I/O-bound goal (±3 %) is issue 28's,
// kept for the precision table.
'use strict';

const GOALS = Object.freeze({
  cold: 5, // ± % of the median
  warm: 5,
  io: 3,
  cost: Object.freeze({ us: 1, pct: 15 }), // ± µs, or ± % of the cost, whichever is larger
  share: 0.9, // of the styles
});
// Per profile: the figures held to a goal there (Node 0.11: cold only; the
// other runtimes are measured, not held to one).
const FIGURES = Object.freeze({ 'node-24': ['cold', 'warm', 'cost'], 'node-0.11': ['cold'] });
const figuresOf = (profile) => FIGURES[profile] || [];

// The figures held to a goal for a table's cells: the goals are about
// upload, CPU-bound, n = 1000, on a profile (a runtime id or a page's name).
function heldTo({ runtime, scenario, mode, n }) {
  if (scenario !== 'upload' || mode !== 'cpu' || Number(n) !== 1000) return [];
  const text = String(runtime);
  return figuresOf(text.includes('@') ? text.slice(0, text.indexOf('@')) : text);
}

const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);

// A half-width in % of the median against a goal in %: true / false, null
// when there is no half-width (too few processes for an interval).
function pctMet(halfWidthPct, goalPct) {
  return isNumber(halfWidthPct) ? halfWidthPct <= goalPct : null;
}

// The cost per call's allowance in µs: 1 µs or 15 % of the cost, whichever is larger.
function costAllowanceUs(costUs) {
  return Math.max(GOALS.cost.us, (GOALS.cost.pct / 100) * Math.abs(costUs));
}

// A cost per call (µs) and its interval's half-width (µs) against the goal.
function costMet(costUs, halfWidthUs) {
  return isNumber(costUs) && isNumber(halfWidthUs) ? halfWidthUs <= costAllowanceUs(costUs) : null;
}

// An interval [lo, hi] → its half-width (the larger side from the figure).
function halfWidthOf(figure, interval) {
  if (!isNumber(figure) || !interval || !isNumber(interval[0]) || !isNumber(interval[1])) return null;
  return Math.max(figure - interval[0], interval[1] - figure);
}

// Whether the share of styles meeting a goal reaches GOALS.share; results:
// true / false / null per style (null counts as not met).
function shareMet(results) {
  const met = results.filter((r) => r === true).length;
  return { met, of: results.length, share: results.length ? met / results.length : 0, reached: results.length > 0 && met / results.length >= GOALS.share };
}

const fmt = (x) => (x < 10 ? x.toFixed(1) : String(Math.round(x)));
const goalText = (figure) => (figure === 'cost' ? `±${GOALS.cost.us} µs or ±${GOALS.cost.pct} %` : `±${GOALS[figure]} %`);

// The mark a page sets beside a figure that misses its goal, or '' when it
// meets it (or has no interval: the table says so itself).
function missMark(figure, { halfWidthPct, costUs, halfWidthUs }) {
  if (figure === 'cost') {
    return costMet(costUs, halfWidthUs) === false ? `± ${fmt(halfWidthUs)} µs, over goal` : '';
  }
  return pctMet(halfWidthPct, GOALS[figure]) === false ? `± ${fmt(halfWidthPct)} %, over goal` : '';
}

module.exports = { GOALS, figuresOf, heldTo, pctMet, costMet, costAllowanceUs, halfWidthOf, shareMet, missMark, goalText };
