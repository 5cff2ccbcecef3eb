// The anchor: one fixed pair of cells every published run measures at its
// start and at its end (scripts/harness/anchor-run.js), so that runs can be
// put side by side and a host that changed speed during a run is caught
// (issue 42; data/SCHEMA.md, "Hosts and anchors"). Written once here for the
// harness, which records it, and for the site, which checks it.
//
// Why these cells: nested callbacks and async/await on Node 24 are the two
// styles every comparison on the site is made against, upload at n = 1000
// CPU-bound is the article's headline cell, and six processes each is the
// fewest for which a distribution-free 95 % interval of the median exists
// (the extremes of six cover the median with probability 1 - 2/64).
'use strict';
const { median, medianCi } = require('./stats');

const ANCHOR = Object.freeze({
  profile: 'node-24',
  scenario: 'upload',
  mode: 'cpu',
  n: 1000,
  variants: Object.freeze(['original', 'async-await']),
  procs: 6
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
// starts) → { verdict, apart }: 'agree' when every metric of both styles has
// an interval at both and the intervals overlap, 'disagree' when one pair of
// intervals does not overlap (apart lists them), 'incomplete' when an
// interval is missing (a stopped run, a crashed anchor process).
function compareAnchors(first, second) {
  const a = anchorFigures(first);
  const b = anchorFigures(second);
  const apart = [];
  let incomplete = false;
  for (const variant of ANCHOR.variants) {
    for (const metric of Object.keys(METRICS)) {
      const x = a[variant][metric];
      const y = b[variant][metric];
      if (x.lo === null || y.lo === null) {
        incomplete = true;
        continue;
      }
      if (!overlap(x, y)) apart.push({ variant, metric, first: [x.lo, x.hi], second: [y.lo, y.hi] });
    }
  }
  return { verdict: apart.length ? 'disagree' : incomplete ? 'incomplete' : 'agree', apart };
}

// A run's own verdict: its start against its end (run.anchor as
// anchor-run.js records it), or null for a run measured without an anchor.
function runVerdict(run) {
  const anchor = run && run.anchor;
  if (!anchor) return null;
  if (!anchor.end) return { verdict: 'incomplete', apart: [] };
  return compareAnchors(anchor.start.samples, anchor.end.samples);
}

module.exports = { ANCHOR, METRICS, anchorFigures, compareAnchors, runVerdict };
