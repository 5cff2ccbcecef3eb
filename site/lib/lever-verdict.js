// Whether a lever is kept (issue 41, item 4), by one rule written once: from
// the two configurations of one lever run, style by style (the warm and the
// cold figure: each a median and its 95 % interval's half-width in % of it).
//   narrows:  the median over the styles of the lever's warm interval is
//             narrower than the default's, and its cold one is no wider;
//   moves:    for some style and figure, the two medians differ by more than
//             the two half-widths together (the intervals do not overlap:
//             the lever changed the quantity, not only its precision).
//   kept = narrows and not moves.
'use strict';
const { median } = require('../../scripts/lib/stats');

const VERDICT_RULE = 'kept when the lever narrows the median warm interval, leaves the cold one no wider, and moves no ' +
  'style\'s warm or cold median beyond the two intervals (they overlap); otherwise not kept, with the reason.';

const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);
const medianOf = (list) => {
  const xs = list.filter(isNumber);
  return xs.length ? median(xs) : null;
};

// figures: [{ variant, base: { median, halfWidthPct }, lever: { ... } }] of one figure.
function figureSummary(figures) {
  const moved = figures.filter(({ base, lever }) => isNumber(base.median) && isNumber(lever.median) && isNumber(base.halfWidthPct) &&
    isNumber(lever.halfWidthPct) && Math.abs(lever.median - base.median) > (base.halfWidthPct * base.median + lever.halfWidthPct * lever.median) / 100);
  return {
    base: medianOf(figures.map((f) => f.base.halfWidthPct)),
    lever: medianOf(figures.map((f) => f.lever.halfWidthPct)),
    change: medianOf(figures.map((f) => (isNumber(f.base.median) && f.base.median > 0 && isNumber(f.lever.median) ? f.lever.median / f.base.median - 1 : null))),
    moved: moved.map((f) => f.variant),
  };
}

// { warm: [...], cold: [...] } (figureSummary's input per figure) → the
// summaries and { verdict: 'kept' | 'not kept: why' }.
function lever({ warm, cold }) {
  const w = figureSummary(warm), c = figureSummary(cold);
  const why = [];
  if (w.base === null || w.lever === null || c.base === null || c.lever === null) why.push('too few processes for intervals');
  else {
    if (!(w.lever < w.base)) why.push('the warm interval is not narrower');
    if (c.lever > c.base) why.push('the cold interval is wider');
  }
  if (w.moved.length) why.push(`it moves the warm median of ${w.moved.join(', ')}`);
  if (c.moved.length) why.push(`it moves the cold median of ${c.moved.join(', ')}`);
  return { warm: w, cold: c, verdict: why.length ? `not kept: ${why.join('; ')}` : 'kept' };
}

module.exports = { lever, figureSummary, VERDICT_RULE };
