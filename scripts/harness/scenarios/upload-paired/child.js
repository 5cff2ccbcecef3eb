// The child's side of the "upload-paired" scenario (descriptor.js): the
// upload batch of a style and of nested callbacks (the manifest's BASELINE),
// measured alternately in this one process, each side in a vm context of its
// own (scripts/lib/measure/vm-modules.js: the variant, its libraries, the
// fakes and the batch code loaded afresh there, so the two share no module
// instance and no inline cache of their code).
//
// Order: the cold batch of each, the style first when the seed is even (the
// seed is the run's plus the repetition number, spawn-cell.js, so its parity
// alternates with the repetition); then `rounds` warm rounds, one batch of
// each, the side that goes first alternating from round to round. Every batch
// is the upload batch of scripts/lib/measure/fake-io-batch.js with its checks;
// a batch that fails them fails the cell, naming the side and the batch.
//
// The record: the style's cold figures in the fields every perf sample has
// (timeMs, latencies, memory around the style's cold batch), the callbacks'
// cold time, both warm series, and the pair figures of
// scripts/harness/paired-figures.js. It runs on Node >= 20 only (descriptor.js);
// ES5 like the other children all the same.
'use strict';
var path = require('path');
var vmModules = require('../../../lib/measure/vm-modules');
var pairedFigures = require('../../paired-figures').pairedFigures;

var BATCH_FILE = path.join(__dirname, '..', '..', '..', 'lib', 'measure', 'fake-io-batch.js');
var FAKES_FILE = path.join(__dirname, '..', '..', '..', '..', 'examples', 'lib', 'fakes.js');
var KIND = { call: 'upload', errors: false };

// One side: its own context with the fakes, the variant and the batch code.
function side(name, file, opts, s, h) {
  var loader = vmModules.createLoader(name);
  var start = h.clock.now();
  var fakes = loader.require(opts.fakes ? path.resolve(opts.fakes) : FAKES_FILE);
  var variant = loader.require(path.resolve(file));
  var loadMs = h.clock.now() - start;
  if (typeof variant.upload !== 'function') throw new Error(file + ' does not export upload');
  var batches = loader.require(BATCH_FILE).batchMaker(KIND, fakes, variant.upload, s, h);
  return { name: name, file: file, loader: loader, loadMs: loadMs, batches: batches };
}

// Runs one batch of `one`; then(problem, result).
function runBatch(one, then) {
  one.batches.newBatch().start(function stopped() {}, function done(result) { then(result.problem, result); });
}

function run(opts, h) {
  var n = +opts.n, t = +opts.t, seed = opts.seed === undefined ? 1 : +opts.seed;
  var rounds = opts.rounds === undefined ? 0 : +opts.rounds;
  if (!opts.variant) return h.badArgs('--variant FILE is required');
  if (!opts.baseline) return h.badArgs('--baseline FILE (nested callbacks, the variant each style is paired with) is required');
  if (!(n >= 1 && n % 1 === 0)) return h.badArgs('--n must be a positive integer, got ' + opts.n);
  if (!(t >= 0)) return h.badArgs('--t must be a number of ms >= 0, got ' + opts.t);
  if (!(rounds >= 0 && rounds % 1 === 0)) return h.badArgs('--rounds must be an integer >= 0, got ' + opts.rounds);
  var s = { n: n, t: t, k: 25, errorRate: 0, seed: seed, scenario: 'upload-paired' };
  var style, base;
  try {
    style = side('style', opts.variant, opts, s, h);
    base = side('callbacks', opts.baseline, opts, s, h);
  } catch (err) {
    return h.failed('crash', 'while loading into a vm context: ' + h.describe(err));
  }
  var running = null;
  process.on('beforeExit', function () {
    var current = running && running.batches.current();
    if (current && !current.finished) {
      h.failed('crash', 'the event loop emptied with ' + (n - current.completed) + ' of ' + n + ' calls of ' + running.name +
        ' never called back');
    }
  });

  var record = { type: 'cell', status: 'ok' };
  var styleFirst = seed % 2 === 0;
  var warm = { style: [], callbacks: [] };

  function fail(problem) { h.failedRecord(record, problem); }

  // The style's cold batch inside the memory frame, like h.measure's.
  function coldStyle(next) {
    running = style;
    var span = h.memory.span(), measured = null;
    style.batches.newBatch().start(function stopped() { measured = span.end(); }, function done(result) {
      if (!measured) measured = span.end();
      record.timeMs = h.round3(result.timeMs);
      record.p50Ms = result.timing.p50Ms;
      record.p99Ms = result.timing.p99Ms;
      record.peakRssMb = measured.memory.peakMb;
      record.baseRssMb = measured.memory.baseMb;
      record.memorySource = measured.memory.source;
      record.heapMb = measured.heapMb;
      record.heapBaseMb = measured.heapBaseMb;
      for (var key in result.fields) record[key] = result.fields[key];
      record.loadMs = h.round3(style.loadMs);
      record.gc = span.gc;
      record.clock = h.clock.name;
      if (result.problem) return fail('the style\'s cold batch: ' + result.problem);
      next();
    });
  }

  function coldCallbacks(next) {
    running = base;
    runBatch(base, function (problem, result) {
      record.pairedCallbacksColdMs = h.round3(result.timeMs);
      if (problem) return fail('the callbacks\' cold batch: ' + problem);
      next();
    });
  }

  function warmRound(i) {
    if (i >= rounds) return finish();
    var order = (i % 2 === 0) === styleFirst ? [style, base] : [base, style];
    (function each(k) {
      if (k === 2) return warmRound(i + 1);
      var one = running = order[k];
      runBatch(one, function (problem, result) {
        warm[one.name].push(h.round3(result.timeMs));
        if (problem) return fail('warm round ' + (i + 1) + ', ' + one.name + ': ' + problem);
        each(k + 1);
      });
    })(0);
  }

  function finish() {
    running = null;
    record.pairedFirst = styleFirst ? 'style' : 'callbacks';
    record.pairedCallbacksLoadMs = h.round3(base.loadMs);
    record.pairedStyleBatchesMs = warm.style;
    record.pairedCallbacksBatchesMs = warm.callbacks;
    var figures = pairedFigures(warm.style, warm.callbacks, n);
    record.pairedClass = figures.pairedClass;
    record.pairedFrom = figures.pairedFrom;
    record.pairedRounds = figures.pairedRounds;
    record.pairedCostUs = figures.pairedCostUs;
    record.pairedRatio = figures.pairedRatio;
    h.print(record, 0);
  }

  if (styleFirst) coldStyle(function () { coldCallbacks(function () { warmRound(0); }); });
  else coldCallbacks(function () { coldStyle(function () { warmRound(0); }); });
}

module.exports = { run: run };
