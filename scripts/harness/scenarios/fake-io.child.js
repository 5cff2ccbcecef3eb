// The child's side of the 2013 article's workload (upload, errors and
// parallel; the parent's side is fake-io.js): n calls of the variant's upload
// (or parallel) function started together against examples/lib/fakes.js, and
// the checks that the calls did their work. child.js's frame (measure) times
// one batch and reads memory around it; a batch here is everything between
// "the calls are ready" and "the last one called back and checked", so the
// frame can run it again in the same process.
//
// The batch itself (what is timed and what is checked) is
// scripts/lib/measure/fake-io-batch.js, which the browser's worker
// (scripts/lib/measure/worker.js) runs too.
//
// ES5 like child.js: the runtime matrix runs it on Node 0.11.
'use strict';
var path = require('path');
var batchMaker = require('../../lib/measure/fake-io-batch').batchMaker;

// Checks the options and loads the variant and the fakes; → { loadMs,
// newBatch } for h.measure, or null once the problem is reported.
// kind: { call: 'upload' | 'parallel', errors: whether failures are injected }.
function prepare(kind, opts, h) {
  var n = +opts.n, t = +opts.t, k = opts.k === undefined ? 25 : +opts.k;
  var errorRate = opts['error-rate'] === undefined ? 0 : +opts['error-rate'];
  var seed = opts.seed === undefined ? 1 : +opts.seed;
  if (!opts.variant) return h.badArgs('--variant FILE is required');
  if (!(n >= 1 && n % 1 === 0)) return h.badArgs('--n must be a positive integer, got ' + opts.n);
  if (!(t >= 0)) return h.badArgs('--t must be a number of ms >= 0, got ' + opts.t);
  if (!(k >= 1 && k % 1 === 0)) return h.badArgs('--k must be a positive integer, got ' + opts.k);
  if (!(errorRate >= 0 && errorRate < 1)) return h.badArgs('--error-rate must be in [0, 1), got ' + opts['error-rate']);

  try {
    require('../../lib/long-stacks').enableLongStacks(opts['long-stacks']);
  } catch (err) {
    return h.badArgs('--long-stacks: ' + err.message);
  }

  var fakesFile = path.resolve(opts.fakes || path.join(__dirname, '..', '..', '..', 'examples', 'lib', 'fakes.js'));
  var loadStart = h.clock.now();
  var fakes = require(fakesFile);
  var variant = require(path.resolve(opts.variant));
  var loadMs = h.clock.now() - loadStart;
  var fn = variant[kind.call];
  if (typeof fn !== 'function') return h.failed('crash', opts.variant + ' does not export ' + kind.call);

  var batches = batchMaker(kind, fakes, fn, { n: n, t: t, k: k, errorRate: errorRate, seed: seed, scenario: opts.scenario }, h);
  // Without this, a variant that forgets a callback and leaves nothing
  // pending would just exit silently.
  process.on('beforeExit', function () {
    var current = batches.current();
    if (current && !current.finished) {
      h.failed('crash', 'the event loop emptied with ' + (n - current.completed) + ' of ' + n + ' calls never called back');
    }
  });

  return { loadMs: loadMs, newBatch: batches.newBatch };
}

// The child module of one scenario of this workload (upload.child.js, ...).
function scenario(kind) {
  return {
    run: function (opts, h) {
      var prepared = prepare(kind, opts, h);
      if (prepared) h.measure(prepared);
    }
  };
}

// ---- The paired scenario (upload-paired/): a style and nested callbacks
// alternately in one process, each side in a vm context of its own
// (./vm-modules.js: the variant, its libraries, the fakes and the batch code
// loaded afresh there, so the two share no module instance and no inline
// cache of their code). Node >= 20 only (upload-paired/descriptor.js), so the
// loader is required only when it runs.
//
// Order: the cold batch of each, the style first when the seed is even (the
// seed is the run's plus the repetition number, spawn-cell.js, so its parity
// alternates with the repetition); then `rounds` warm rounds, one batch of
// each, the side that goes first alternating from round to round. Every batch
// is the batch of scripts/lib/measure/fake-io-batch.js with its checks; a
// batch that fails them fails the cell, naming the side and the batch.
//
// The record: the style's cold figures in the fields every perf sample has
// (timeMs, latencies, memory around the style's cold batch), the callbacks'
// cold time and both warm series; the parent derives the pair figures from
// them (../paired-figures.js, through datafile.js summarizeCell).
var BATCH_FILE = path.join(__dirname, '..', '..', 'lib', 'measure', 'fake-io-batch.js');
var FAKES_FILE = path.join(__dirname, '..', '..', '..', 'examples', 'lib', 'fakes.js');

// One side: its own context with the fakes, the variant and the batch code.
function side(kind, name, file, opts, s, h) {
  var loader = require('./vm-modules').createLoader(name);
  var start = h.clock.now();
  var fakes = loader.require(opts.fakes ? path.resolve(opts.fakes) : FAKES_FILE);
  var variant = loader.require(path.resolve(file));
  var loadMs = h.clock.now() - start;
  if (typeof variant[kind.call] !== 'function') throw new Error(file + ' does not export ' + kind.call);
  var batches = loader.require(BATCH_FILE).batchMaker(kind, fakes, variant[kind.call], s, h);
  return { name: name, file: file, loader: loader, loadMs: loadMs, batches: batches };
}

// Runs one batch of `one`; then(problem, result).
function runBatch(one, then) {
  one.batches.newBatch().start(function stopped() {}, function done(result) { then(result.problem, result); });
}

// Runs the pairs of `kind` (as scenario()'s) for the paired scenario's child.
function runPaired(kind, opts, h) {
  var n = +opts.n, t = +opts.t, seed = opts.seed === undefined ? 1 : +opts.seed;
  var rounds = opts.rounds === undefined ? 0 : +opts.rounds;
  if (!opts.variant) return h.badArgs('--variant FILE is required');
  if (!opts.baseline) return h.badArgs('--baseline FILE (nested callbacks, the variant each style is paired with) is required');
  if (!(n >= 1 && n % 1 === 0)) return h.badArgs('--n must be a positive integer, got ' + opts.n);
  if (!(t >= 0)) return h.badArgs('--t must be a number of ms >= 0, got ' + opts.t);
  if (!(rounds >= 0 && rounds % 1 === 0)) return h.badArgs('--rounds must be an integer >= 0, got ' + opts.rounds);
  var s = { n: n, t: t, k: 25, errorRate: 0, seed: seed, scenario: opts.scenario };
  var style, base;
  try {
    style = side(kind, 'style', opts.variant, opts, s, h);
    base = side(kind, 'callbacks', opts.baseline, opts, s, h);
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
    h.print(record, 0);
  }

  if (styleFirst) coldStyle(function () { coldCallbacks(function () { warmRound(0); }); });
  else coldCallbacks(function () { coldStyle(function () { warmRound(0); }); });
}

// The child module of a paired scenario of this workload.
function paired(kind) {
  return { run: function (opts, h) { runPaired(kind, opts, h); } };
}

module.exports = { scenario: scenario, paired: paired };
