// The warm figure of one repetition (issues 28 and 41): after the cold batch,
// the same batch run again in the same process, a fixed number of times, and
// the whole series classified once by changepoint analysis
// (steady-state.js): flat, warmup, slowdown or no-steady-state. The warm
// figure is the median of the steady segment; a series with no steady state
// has no warm figure (warmMs null), so a style that does not settle is never
// averaged in with the ones that do.
//
// Why a fixed series and not a stopping rule. Until issue 41 the batches ran
// until the last 16 looked steady (the medians of their halves within 5 %),
// checked after every batch. Checked that often, any rule finds a moment that
// looks settled in a drift: a time rising 2 % per batch under 10 % noise was
// declared steady in 98 % of simulated processes, and processes stopped at
// different points of an unfinished warm-up (scripts/analyze/steady-state-sim.js).
// Classifying a series of fixed length, once, is what Barrett et al. (2017) do.
//
// Settings: `batches` warm batches (--warm-batches, 0: cold only) and
// `minSteady` (--warm-min-steady): the steady segment must cover at least the
// last minSteady batches, or the series still changes at its end. A series
// must be longer than minSteady to show a warm-up at all.
//
// Every batch is timed by the scenario's own batch (clock, n calls, clock at
// the last completion) and checked like the cold one. No collection is forced
// between warm batches by default: the garbage a style makes is part of its
// steady cost (docs/lab-notes.md, "Precision").
//
// ES5 + CommonJS: scripts/harness/child.js loads this on Node 0.11, and the
// browser's worker bundle (worker.js) too.
'use strict';
var steadyState = require('./steady-state');

var DEFAULTS = { batches: 48, minSteady: steadyState.DEFAULTS.minSteady };

// Options that set the window rule before issue 41, refused with what replaces them.
var RETIRED = {
  warmup: 'the whole series is classified, warm-up included: give its length with --warm-batches',
  'warm-max': 'the series has a fixed length: --warm-batches',
  'warm-tolerance': 'steadiness is decided by changepoint analysis (steady-state.js), not a tolerance'
};

// Reads --warm-batches and --warm-min-steady from the child's options →
// settings, or throws with what is wrong. Without --warm-batches (or with 0)
// there are no warm batches: the cell is cold only.
function settings(opts) {
  for (var retired in RETIRED) {
    if (opts[retired] !== undefined) throw new Error('--' + retired + ' is no longer an option: ' + RETIRED[retired]);
  }
  function integer(name, fallback, min) {
    if (opts[name] === undefined) return fallback;
    var v = +opts[name];
    if (!(v >= min) || v % 1 !== 0) throw new Error('--' + name + ' must be an integer >= ' + min + ', got ' + opts[name]);
    return v;
  }
  var s = {
    batches: integer('warm-batches', 0, 0),
    minSteady: integer('warm-min-steady', DEFAULTS.minSteady, 1)
  };
  if (s.batches && s.batches < s.minSteady) {
    throw new Error('--warm-batches (' + s.batches + ') must be at least --warm-min-steady (' + s.minSteady +
      '): a shorter series can never show a steady state; give a longer series or a smaller --warm-min-steady');
  }
  return s;
}

// A series of warm batch times (ms) → the fields a sample records about it:
// { warmMs, warmSteady, warmClass, warmSteadyFrom }. Used by the child as
// the batches end and by the data tools (rederive) on stored series, so both
// give the same figure.
function fields(series, minSteady) {
  var c = steadyState.classify(series, { minSteady: minSteady });
  return {
    warmMs: c.steady ? c.steady.medianMs : null,
    warmSteady: c.steady !== null,
    warmClass: c['class'],
    warmSteadyFrom: c.steady ? c.steady.start : null
  };
}

// Runs the warm batches after a cold one passed. newBatch: the scenario's
// (fresh fakes state with the same seed, fresh callbacks). round: how batch
// times are rounded (like timeMs). then(err, record fields): err a message
// naming the warm batch that failed; fields { warmBatchesMs, warmMs,
// warmSteady, warmClass, warmSteadyFrom } and, where the batches read a CPU
// clock, warmCpuBatchesMs (each batch's cpuMs, parallel to warmBatchesMs).
function run(s, newBatch, round, then) {
  var all = [], cpu = [];
  function next() {
    if (s.gcBefore) s.gcBefore(); // the warm-gc lever (child.js --warm-gc)
    var batch = newBatch();
    batch.start(function stopped() {}, function done(result) {
      all.push(round(result.timeMs));
      if (typeof result.cpuMs === 'number') cpu.push(result.cpuMs);
      if (result.problem) {
        return then('warm batch ' + all.length + ' of ' + s.batches + ' (after the cold batch): ' + result.problem);
      }
      if (all.length < s.batches) return next();
      var out = fields(all, s.minSteady);
      out.warmBatchesMs = all;
      then(null, withCpu(out, cpu));
    });
  }
  next();
}

// The CPU times join the fields only when every batch has one.
function withCpu(fields, cpu) {
  if (cpu.length && cpu.length === fields.warmBatchesMs.length) fields.warmCpuBatchesMs = cpu;
  return fields;
}

module.exports = { DEFAULTS: DEFAULTS, RETIRED: RETIRED, settings: settings, fields: fields, run: run };
