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

module.exports = { scenario: scenario };
