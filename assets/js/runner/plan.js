/* How long a reader's run will take, said before it starts, and the run a
reader gets by default (issue 43: it must end within two minutes on a
two-core machine, the full set one click away). Bundled into the runner
(assets/js/runner/index.js) and required by the build
(site/lib/browser-run-plan.js), which checks the default run against the
budget with the same arithmetic the page shows.

A plan is { styles: [id], reps, warmBatches }: reps is the number of steady
repetitions wanted per style (a repetition whose warm batches never settle
has no warm figure, run.js runs another in its place, up to maxReps). The
costs come from the styles' own figures in Chromium
(site/lib/browser-run-costs.js): { overheadMs, coldMs, batchMs, steadyShare }
per style, and a typical one for a style without figures. */
'use strict';

// The default run's budget: two minutes on a two-core machine like the one
// our Chromium figures come from.
var BUDGET_MS = 120000;

// A conformance check runs in a worker of its own before a style is timed:
// about twenty calls, each followed by 20 ms of quiet (conformance.js,
// GRACE_MS), plus the worker's start. A generous bound, so an estimate
// errs long.
var CHECK_MS = 1500;

// The quick run's warm series: half the batches of ours (48), still longer
// than the steady segment the rule asks for (16), so a warm-up of up to 8
// batches is seen as one. The full set runs our series.
var QUICK_WARM_BATCHES = 24;

// A style whose repetitions do not settle gets others in their place, up to
// half as many again; past that it ends with what it has.
function maxReps(reps) {
  return reps + Math.ceil(reps / 2);
}

// One repetition of a style: a fresh worker, the cold batch, the warm series.
function repetitionMs(cost, warmBatches) {
  return cost.overheadMs + cost.coldMs + warmBatches * cost.batchMs;
}

// Repetitions a style is expected to need for `reps` steady ones.
function expectedAttempts(cost, reps) {
  var share = cost.steadyShare > 0 ? cost.steadyShare : 1;
  return Math.min(maxReps(reps), Math.ceil(reps / share));
}

// plan: { styles, reps, warmBatches }; costs: { byStyle: { id: cost },
// typical: cost } → { ms: expected, mostMs: if every style needs maxReps,
// guessed: [ids priced at the typical cost] }
function estimate(plan, costs) {
  var out = { ms: 0, mostMs: 0, guessed: [] };
  plan.styles.forEach(function (id) {
    var cost = costs.byStyle[id];
    if (!cost) {
      cost = costs.typical;
      out.guessed.push(id);
    }
    var rep = repetitionMs(cost, plan.warmBatches);
    out.ms += CHECK_MS + expectedAttempts(cost, plan.reps) * rep;
    out.mostMs += CHECK_MS + maxReps(plan.reps) * rep;
  });
  out.ms = Math.round(out.ms);
  out.mostMs = Math.round(out.mostMs);
  return out;
}

// "1 min 30 s", rounded up to 10 s under ten minutes and to whole minutes
// above: an estimate says no more than it knows. A number and its unit never
// part at a line break.
var NBSP = '\u00a0';
function duration(ms) {
  var s = Math.max(10, Math.ceil(ms / 10000) * 10);
  if (s >= 600) return Math.ceil(ms / 60000) + NBSP + 'min';
  var m = Math.floor(s / 60);
  s -= m * 60;
  return (m ? m + NBSP + 'min' : '') + (m && s ? ' ' : '') + (s ? s + NBSP + 's' : '');
}

module.exports = {
  BUDGET_MS: BUDGET_MS, CHECK_MS: CHECK_MS, QUICK_WARM_BATCHES: QUICK_WARM_BATCHES,
  maxReps: maxReps, repetitionMs: repetitionMs, expectedAttempts: expectedAttempts, estimate: estimate, duration: duration
};
