'use strict';
// Whether the paired cost per call (issue 41, item 2) is the better figure
// for a style: the rule written once, for the paired table
// (site/models/paired.js) and for the article's choice of which cost to
// quote. The paired figure is kept when it measures the same quantity (its
// 95 % interval overlaps the unpaired one) and its interval is narrower.

// [lo, hi] → half its width; null without an interval.
function halfWidth(ci) {
  return Array.isArray(ci) && typeof ci[0] === 'number' && typeof ci[1] === 'number' ? (ci[1] - ci[0]) / 2 : null;
}

// unpaired: { costUs, costCi95Us } (scripts/lib/cost-per-call.js) or null;
// paired: { costUs, ci: [lo, hi] | null }. → { comparable, agree, narrower,
// factor (paired half-width / unpaired), better }. Not comparable when
// either side has no interval: nothing is claimed then.
function pairedBetter(unpaired, paired) {
  const a = unpaired ? halfWidth(unpaired.costCi95Us) : null;
  const b = paired ? halfWidth(paired.ci) : null;
  if (a === null || b === null) return { comparable: false, agree: null, narrower: null, factor: null, better: false };
  const [ulo, uhi] = unpaired.costCi95Us, [plo, phi] = paired.ci;
  const agree = plo <= uhi && ulo <= phi;
  const narrower = b < a;
  return { comparable: true, agree, narrower, factor: a > 0 ? b / a : null, better: agree && narrower };
}

module.exports = { pairedBetter, halfWidth };
