// The anchor: one fixed pair of cells every published run measures at its
// start and at its end (scripts/harness/anchor-run.js), so that runs can be
// put side by side and a host that changed speed during a run is caught
// (issue 42; data/SCHEMA.md, "Hosts and anchors"). Written once here for the
// harness, which records it, and for the site, which checks it.
//
// Why these cells: nested callbacks and async/await on Node 24 are the two
// styles every comparison on the site is made against, and upload at n =
// 1000 CPU-bound is the article's headline cell. Six processes each is the
// fewest for which a distribution-free 95 % interval of the median exists
// (the extremes of six cover the median with probability 1 - 2/64); ten
// (since the first anchored run, whose warm figures were too few: see
// compareAnchors) leave room for the series that never settle.
'use strict';
const { median, medianCi } = require('./stats');

const ANCHOR = Object.freeze({
  profile: 'node-24',
  scenario: 'upload',
  mode: 'cpu',
  n: 1000,
  variants: Object.freeze(['original', 'async-await']),
  procs: 10
});

// The figures an anchor compares: the cold batch and the warm figure.
const METRICS = Object.freeze({ cold: 'timeMs', warm: 'warmMs' });

// samples: [{ variant, status, timeMs, warmMs }] of one end of a run →
// { [variant]: { cold: { median, lo, hi, count }, warm: {...} } }; a metric
// with too few values for an interval has lo = hi = null.
function anchorFigures(samples) {
  const out = {};
  for (const variant of ANCHOR.variants) {
    out[variant] = {};
    for (const [metric, field] of Object.entries(METRICS)) {
      const values = samples.filter((s) => s.variant === variant && s.status === 'ok' && typeof s[field] === 'number').map((s) => s[field]);
      const ci = medianCi(values);
      out[variant][metric] = { median: values.length ? median(values) : null, lo: ci.lo, hi: ci.hi, count: values.length };
    }
  }
  return out;
}

const overlap = (a, b) => a.lo !== null && b.lo !== null && a.lo <= b.hi && b.lo <= a.hi;

// Two sets of anchor samples (the start and end of one run, or two runs'
// starts) → { verdict, apart, unchecked }. The cold figure decides: every
// process has one, so both styles' cold intervals exist at both ends unless
// processes failed. The warm figure is compared wherever both ends have an
// interval; a process whose series never settles has none (about a third
// of Node 24's do), so with six processes a warm interval is often missing,
// and such a metric is listed in `unchecked` rather than blocking the
// verdict. 'disagree': some pair of intervals does not overlap (apart lists
// them); 'incomplete': a cold interval is missing (a stopped run, a crashed
// anchor process); 'agree' otherwise.
function compareAnchors(first, second) {
  const a = anchorFigures(first);
  const b = anchorFigures(second);
  const apart = [];
  const unchecked = [];
  let incomplete = false;
  for (const variant of ANCHOR.variants) {
    for (const metric of Object.keys(METRICS)) {
      const x = a[variant][metric];
      const y = b[variant][metric];
      if (x.lo === null || y.lo === null) {
        if (metric === 'cold') incomplete = true;
        else unchecked.push({ variant, metric, counts: [x.count, y.count] });
        continue;
      }
      if (!overlap(x, y)) apart.push({ variant, metric, first: [x.lo, x.hi], second: [y.lo, y.hi] });
    }
  }
  return { verdict: apart.length ? 'disagree' : incomplete ? 'incomplete' : 'agree', apart, unchecked };
}

// A run's own verdict: its start against its end (run.anchor as
// anchor-run.js records it), or null for a run measured without an anchor.
function runVerdict(run) {
  const anchor = run && run.anchor;
  if (!anchor) return null;
  if (!anchor.end) return { verdict: 'incomplete', apart: [], unchecked: [] };
  return compareAnchors(anchor.start.samples, anchor.end.samples);
}

module.exports = { ANCHOR, METRICS, anchorFigures, compareAnchors, runVerdict };
