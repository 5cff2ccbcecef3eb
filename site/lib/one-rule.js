'use strict';
// The one rule for "ahead / tied / the same", wherever the site ranks two
// figures: the article, the results page and the three companion posts, in
// prose ({% compare %}, {% claim %}: site/prose/compare.js, claims.js) and in
// the tables that give a verdict (site/models/delegation.js,
// streamline-modes.js). Two medians rank only when their 95 % order-statistic
// intervals are apart; overlapping, they are tied, and "the same" when their
// medians are also within TIE_MARGIN_PCT. Fewer repetitions than an interval
// needs (six) rank nothing.
const { medianCi } = require('../../scripts/lib/stats');
const { ProseNumberError } = require('./lookup');

// Two styles whose intervals overlap "took the same time" only when their
// medians are also within this share of the smaller one.
const TIE_MARGIN_PCT = 5;

const closeMedians = (x, y) => Math.abs(x - y) <= (TIE_MARGIN_PCT / 100) * Math.min(x, y);

// Median and its 95 % order-statistic interval of one cell's metric
// ({ key, sample }: the cell's summary and its samples' field). The harness
// stores the time interval (timeCi, adaptive repetitions included); other
// metrics get the same kind of interval from the cell's kept samples.
// allowFew: too few repetitions give { lo: null, reps } instead of an error.
function estimateOf(cell, { key, sample: field }, { allowFew = false, what = key } = {}) {
  const median = cell[key] && cell[key].median;
  if (typeof median !== 'number') throw new ProseNumberError(`${cell.key} has no ${what} median`);
  const stored = key === 'time' ? cell.timeCi : key === 'warm' ? cell.warmCi : null;
  let ci = stored && typeof stored.lo === 'number' ? stored : null;
  if (!ci) {
    const values = (cell.samples || []).filter((s) => s.status === 'ok' && typeof s[field] === 'number').map((s) => s[field]);
    ci = medianCi(values);
  }
  if (ci.lo === null || ci.lo === undefined) {
    // The repetitions that hold the metric: a warm figure leaves out the
    // repetitions whose batches did not settle.
    const reps = (cell.samples || []).filter((s) => s.status === 'ok' && typeof s[field] === 'number').length;
    // compare() says so in words; everything that ranks (leaders) stops here.
    if (allowFew && reps > 0) return { median, lo: null, hi: null, reps };
    throw new ProseNumberError(`${cell.key} has too few repetitions for a 95 % interval of its median, so no comparison can be claimed`);
  }
  return { median, lo: ci.lo, hi: ci.hi };
}

// The rule itself. a and b are estimates (estimateOf) of one host's cells;
// what and b name the metric and the second side for an error.
function versusEstimates(a, b, { what = 'time', b: bName = 'the second' } = {}) {
  // Too few repetitions for an interval (the matrix runs 5 per cell): the
  // medians' ratio is shown, and nothing is ranked on it.
  if (a.lo === null || b.lo === null) return { apart: null, a, b, ratio: b.median > 0 ? a.median / b.median : null, reps: Math.min(a.reps || Infinity, b.reps || Infinity) };
  if (a.hi >= b.lo && b.hi >= a.lo) return { apart: false, a, b };
  if (b.median <= 0 || b.lo <= 0) throw new ProseNumberError(`the ${what} of ${bName} reaches 0; a ratio over it means nothing`);
  // Conservative bounds: each end of one interval over the far end of the other.
  return { apart: true, a, b, ratio: a.median / b.median, lo: a.lo / b.hi, hi: a.hi / b.lo };
}

// The lowest (or, high, the highest) median of rows ({ id, median, lo, hi })
// and every row whose interval reaches it: the honest "fastest" when several
// are tied.
function endOf(rows, { high = false } = {}) {
  const sorted = [...rows].sort((x, y) => (high ? y.median - x.median : x.median - y.median) || x.id.localeCompare(y.id));
  const [best] = sorted;
  return { best, tied: sorted.slice(1).filter((r) => (high ? r.hi >= best.lo : r.lo <= best.hi)) };
}

// The cells a ranking compares, less those exclude= (a regular expression
// over variant ids) leaves out; a ranking of nothing stops the build.
function leftToRank(cells, exclude) {
  let left = cells;
  if (exclude) {
    let re;
    try { re = new RegExp(exclude); } catch (err) { throw new ProseNumberError(`exclude= is not a regular expression: ${err.message}`); }
    left = cells.filter((c) => !re.test(c.variant));
  }
  if (!left.length) throw new ProseNumberError('no measured variant is left to rank');
  return left;
}

module.exports = { estimateOf, versusEstimates, endOf, leftToRank, closeMedians, TIE_MARGIN_PCT };
