// The warm figure of one repetition (issue 28): after the cold batch, the
// same batch run again in the same process until its time has settled.
//
// Why this rule. A cold batch is mostly V8 compiling the variant; in the same
// process the batch time falls for about 8 batches and then stays within
// about ±1 ms (shared/notes/measurement.md, "Cold and warm"). So:
//   - `warmup` batches are run and discarded (default 10, from the parent);
//   - then measured batches are kept in a sliding window of the last `window`
//     (default 16); the window is steady when the medians of its older and its
//     newer half differ by at most `tolerance` (default 5 %) of the window's
//     median: a time still falling (or rising) shows as a gap between halves,
//     while the usual jitter of single batches does not move a half's median;
//   - batches are added until the window is steady or `max` measured batches
//     have run (default 48). warmMs is then the median of the window; a
//     window never steady gives warmMs null and warmSteady false, so a style
//     that does not settle is never averaged in with the ones that do.
// Medians, not means: one batch interrupted by a GC or the other core's work
// must not move the figure.
//
// Every batch is timed by the scenario's own batch (clock, n calls, clock at
// the last completion) and checked like the cold one. No collection is forced
// between warm batches: the garbage a style makes is part of its steady cost,
// and a forced full collection before each batch made the next one slower and
// noisier, not cleaner (Node 24, callbacks at n = 1000: warm median 22.5 ms
// with a forced GC before each batch, 14.3 ms without; docs/lab-notes.md, "Precision").
// Settling takes longer than the cold batch suggests: async-await's batches
// still jumped between 16 and 60 ms up to about the 20th, so the window is 16
// batches (halves of 8, which one or two collections cannot move) after 10
// warm-up batches.
//
// ES5 + CommonJS: scripts/harness/child.js loads this on Node 0.11.
'use strict';

var DEFAULTS = { warmup: 10, window: 16, max: 48, tolerance: 0.05 };

function medianOf(values) {
  var s = values.slice().sort(function (a, b) { return a - b; });
  var n = s.length;
  if (!n) return null;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

// The steadiness test on the measured times so far (warm-up excluded):
// { steady, medianMs } of the last `window`, steady false while fewer.
function windowState(measured, window, tolerance) {
  if (measured.length < window || window < 2) return { steady: false, medianMs: null };
  var w = measured.slice(measured.length - window);
  var half = Math.floor(window / 2);
  var older = medianOf(w.slice(0, half)), newer = medianOf(w.slice(window - half));
  var med = medianOf(w);
  var steady = med > 0 ? Math.abs(newer - older) <= tolerance * med : newer === older;
  return { steady: steady, medianMs: med };
}

// Reads --warmup, --warm-batches, --warm-max, --warm-tolerance from the
// child's options → settings, or throws with what is wrong. Without
// --warm-batches (or with 0) there are no warm batches: the cell is cold only.
function settings(opts) {
  function num(name, fallback, integer, min) {
    if (opts[name] === undefined) return fallback;
    var v = +opts[name];
    if (!(v >= min) || (integer && v % 1 !== 0)) {
      throw new Error('--' + name + ' must be ' + (integer ? 'an integer' : 'a number') + ' >= ' + min + ', got ' + opts[name]);
    }
    return v;
  }
  var s = {
    warmup: num('warmup', DEFAULTS.warmup, true, 0),
    window: num('warm-batches', 0, true, 0),
    max: num('warm-max', DEFAULTS.max, true, 0),
    tolerance: num('warm-tolerance', DEFAULTS.tolerance, false, 0)
  };
  if (s.window === 1) throw new Error('--warm-batches must be 0 (no warm figure) or at least 2, got 1');
  if (s.window && s.max < s.window) throw new Error('--warm-max (' + s.max + ') must be at least --warm-batches (' + s.window + ')');
  return s;
}

// Runs the warm batches after a cold one passed. newBatch: the scenario's
// (fresh fakes state with the same seed, fresh callbacks). round: how batch
// times are rounded (like timeMs). then(err, fields):
// err a message naming the warm batch that failed; fields { warmMs,
// warmBatchesMs, warmSteady }.
function run(s, newBatch, round, then) {
  var all = [], measured = [], index = 0;
  function next() {
    index++;
    if (s.gcBefore) s.gcBefore(); // the warm-gc lever (child.js --warm-gc)
    var batch = newBatch();
    batch.start(function stopped() {}, function done(result) {
      var ms = round(result.timeMs);
      all.push(ms);
      if (result.problem) {
        return then('warm batch ' + index + ' (' + (index <= s.warmup ? 'warm-up' : 'measured') + ', after the cold batch): ' + result.problem);
      }
      if (index > s.warmup) measured.push(ms);
      var state = windowState(measured, s.window, s.tolerance);
      if (index > s.warmup && (state.steady || measured.length >= s.max)) {
        return then(null, { warmMs: state.steady ? state.medianMs : null, warmBatchesMs: all, warmSteady: state.steady });
      }
      next();
    });
  }
  next();
}

module.exports = { DEFAULTS: DEFAULTS, settings: settings, run: run, windowState: windowState, medianOf: medianOf };
