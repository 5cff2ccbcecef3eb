// The paired figures of one process of the upload-paired scenario (issue 41,
// item 2): a style's and nested callbacks' warm batches, run alternately in
// one process (scenarios/fake-io.child.js paired()), → the cost per call over
// callbacks and the ratio from the rounds where both were steady.
//
// Each series is classified alone by steady-state.js classify(). The pairs
// used are the rounds from the later of the two steady starts to the end,
// less any round where either batch is an outlier of its own series (classify
// leaves those out of its medians too): a round counts only when both its
// batches ran in the state the figure describes. Then, per process,
//   pairedCostUs = (median(style) − median(callbacks)) / n × 1000
//     over those rounds: the same difference of medians as the unpaired cost
//     (scripts/lib/cost-per-call.js), so the two figures estimate one quantity;
//   pairedRatio  = median of the per-round ratios style / callbacks: a round's
//     two batches ran next to each other, so their ratio cancels what moved
//     both (the other core's load, a slow phase of the machine), which a
//     ratio of two medians would let back in.
// No steady segment on either side, or fewer than classify's minSteady
// rounds in common: both figures null and pairedClass says why.
//
// ES5 + CommonJS like steady-state.js, which the child loads with it.
'use strict';
var steadyState = require('../lib/measure/steady-state');

function medianOf(values) {
  var s = values.slice().sort(function (a, b) { return a - b; });
  var n = s.length;
  if (!n) return null;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

function round(x, digits) {
  var f = Math.pow(10, digits);
  return Math.round(x * f) / f;
}

// The classes of pairedClass: 'paired' when the figures exist, else why not.
var CLASSES = ['paired', 'style-unsteady', 'callbacks-unsteady', 'both-unsteady', 'short-overlap'];

// style, callbacks: batch times (ms) of the warm rounds, index i of both from
// round i; n: calls per batch; options: classify()'s. → { pairedClass,
// pairedFrom (first round used, or null), pairedRounds (rounds used),
// pairedCostUs, pairedRatio, styleClass, callbacksClass }.
function pairedFigures(style, callbacks, n, options) {
  if (!Array.isArray(style) || !Array.isArray(callbacks) || style.length !== callbacks.length) {
    throw new Error('paired-figures: the style\'s and the callbacks\' series must be arrays of the same length (one batch ' +
      'of each per round), got ' + (style && style.length) + ' and ' + (callbacks && callbacks.length));
  }
  if (!(n >= 1 && n % 1 === 0)) throw new Error('paired-figures: n must be a positive integer, got ' + n);
  var a = steadyState.classify(style, options), b = steadyState.classify(callbacks, options);
  var minSteady = options && options.minSteady !== undefined ? options.minSteady : steadyState.DEFAULTS.minSteady;
  var out = { pairedClass: null, pairedFrom: null, pairedRounds: 0, pairedCostUs: null, pairedRatio: null,
    styleClass: a['class'], callbacksClass: b['class'] };
  if (!a.steady || !b.steady) {
    out.pairedClass = !a.steady && !b.steady ? 'both-unsteady' : !a.steady ? 'style-unsteady' : 'callbacks-unsteady';
    return out;
  }
  var from = Math.max(a.steady.start, b.steady.start), skip = {}, i;
  a.outliers.concat(b.outliers).forEach(function (k) { skip[k] = true; });
  var s = [], c = [], ratios = [];
  for (i = from; i < style.length; i++) {
    if (skip[i]) continue;
    s.push(style[i]);
    c.push(callbacks[i]);
    ratios.push(style[i] / callbacks[i]);
  }
  out.pairedRounds = s.length;
  if (s.length < minSteady) {
    out.pairedClass = 'short-overlap';
    return out;
  }
  out.pairedClass = 'paired';
  out.pairedFrom = from;
  out.pairedCostUs = round((medianOf(s) - medianOf(c)) / n * 1000, 4);
  out.pairedRatio = round(medianOf(ratios), 4);
  return out;
}

// The pair fields of an upload-paired sample, from its two raw series, set on
// it in place (datafile.js summarizeCell, on every save and rederive, so a
// change here reaches stored samples with `npm run data -- rederive`).
function derivePairedFields(sample, n) {
  if (!Array.isArray(sample.pairedStyleBatchesMs)) return sample;
  var f = pairedFigures(sample.pairedStyleBatchesMs, sample.pairedCallbacksBatchesMs, n);
  sample.pairedClass = f.pairedClass;
  sample.pairedFrom = f.pairedFrom;
  sample.pairedRounds = f.pairedRounds;
  sample.pairedCostUs = f.pairedCostUs;
  sample.pairedRatio = f.pairedRatio;
  return sample;
}

module.exports = { pairedFigures: pairedFigures, derivePairedFields: derivePairedFields, CLASSES: CLASSES };
