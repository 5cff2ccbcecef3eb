/* The figures of a reader's run, style by style, with the project's own
statistics (scripts/lib/stats.js, scripts/lib/cost-per-call.js, bundled
into the runner): the cold and the warm median with their 95 % intervals
(order statistics, as every median on the site), and the cost per call over
nested callbacks and the ratio to them, with their bootstrap intervals. */
'use strict';
var stats = require('../../../scripts/lib/stats');
var costPerCall = require('../../../scripts/lib/cost-per-call').costPerCall;

function okSamples(style) {
  return style.samples.filter(function (s) { return s.status === 'ok'; });
}

function median(values) {
  var ci = stats.medianCi(values);
  var m = stats.median(values);
  return { value: m, ci: ci.lo === null ? null : [ci.lo, ci.hi], count: ci.count };
}

// A repetition whose warm batches did not settle has no warmMs: it counts
// as unsteady, never as a figure.
function warmOf(style) {
  return okSamples(style).map(function (s) { return s.warmMs; })
    .filter(function (v) { return typeof v === 'number'; });
}

// The fewest repetitions whose median has a 95 % interval (stats.medianCi:
// none below 6): the runner's default, so every figure it shows has one.
function fewestForInterval() {
  var values = [];
  for (var n = 1; n < 100; n++) {
    values.push(n);
    if (stats.medianCi(values).lo !== null) return n;
  }
  return null;
}

// → one row per style of the run: { id, title, status, problems, reps,
// hiddenReruns, unsteady, cold, warm, cost: costPerCall() | null (the
// baseline, or no baseline figure), baseline: bool }
function rows(run, baselineId) {
  var base = run.styles.filter(function (s) { return s.id === baselineId; })[0];
  var baseWarm = base ? warmOf(base) : [];
  return run.styles.map(function (s) {
    var ok = okSamples(s);
    var warm = warmOf(s);
    var isBase = s.id === baselineId;
    return {
      id: s.id, title: s.title, status: s.status, problems: s.problems, baseline: isBase,
      reps: ok.length, crashed: s.samples.length - ok.length, hiddenReruns: s.hiddenReruns,
      unsteady: ok.length - warm.length,
      errors: s.samples.filter(function (x) { return x.status !== 'ok'; }).map(function (x) { return x.error; }),
      cold: median(ok.map(function (x) { return x.timeMs; })),
      warm: median(warm),
      cost: !isBase && warm.length && baseWarm.length ? costPerCall(warm, baseWarm, run.settings.n) : null
    };
  });
}

module.exports = { rows: rows, fewestForInterval: fewestForInterval, okSamples: okSamples };
