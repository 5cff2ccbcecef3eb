// The child's side of the 2013 article's workload (upload, errors and
// parallel; the parent's side is fake-io.js): n calls of the variant's upload
// (or parallel) function started together against examples/lib/fakes.js, and
// the checks that the calls did their work. child.js's frame (measure) times
// one batch and reads memory around it; a batch here is everything between
// "the calls are ready" and "the last one called back and checked", so the
// frame can run it again in the same process.
//
// A batch is a failure, not a result, when the calls did not do their work: a
// call called back more than once, fewer transactions had committed or fewer
// fake operations had run by the last callback than the calls that reported
// success require, or more calls failed than failures were injected.
//
// ES5 like child.js: the runtime matrix runs it on Node 0.11.
'use strict';
var path = require('path');

// Fake operations one call logs when it succeeds (tx.begin plus the
// asynchronous ones of its path in examples/lib/fakes.js; scripts/harness/floor.js
// measures the same from the reference variant): an upload of an existing
// file 1 + 6, of a new file 1 + 8; a parallel call 1 + k inserts + commit.
// A failed call logs at least the operation that failed.
var OPS_EXISTING = 7, OPS_NEW = 9;

function paths(fakes, n) {
  // Half the calls update an existing file (6 fake I/O steps), half create
  // one (8 steps), alternating, the same for every variant and runtime.
  var out = new Array(n);
  for (var i = 0; i < n; i++) out[i] = fakes.pathFor(i, i % 2 === 0);
  return out;
}

function percentile(sorted, p) {
  // Nearest rank: the smallest value with at least p of the calls at or below it.
  var rank = Math.ceil(p * sorted.length);
  return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
}

function requiredOps(kind, n, k, failedCall) {
  var total = 0;
  for (var i = 0; i < n; i++) {
    if (failedCall[i]) total += 1;
    else if (kind.call === 'parallel') total += k + 2;
    else total += i % 2 === 0 ? OPS_EXISTING : OPS_NEW; // even calls update an existing file (see paths)
  }
  return total;
}

// Calls then(null) once no fake operation is in flight and two more turns of
// the event loop have passed, or then(reason) if operations are still in
// flight 5 s after the last callback (the parent's timeout would be a worse
// explanation).
function afterFakesIdle(fakes, clock, since, then) {
  (function wait() {
    var inFlight = fakes.stats().inFlight;
    if (inFlight === 0) {
      return setTimeout(function () { setImmediate(function () { then(null); }); }, 0);
    }
    if (clock.now() - since > 5000) {
      return then(inFlight + ' fake operations were still in flight 5 s after the last call called back');
    }
    setTimeout(wait, 1);
  })();
}

// Kept out of the batch: old V8 (Crankshaft) does not optimise a function
// that contains try/catch, and this loop is what we time.
function fire(fn, kind, targets, k, callbacks, stream, n) {
  var i;
  if (kind.call === 'parallel') {
    for (i = 0; i < n; i++) fn(targets[i], k, callbacks[i]);
  } else {
    for (i = 0; i < n; i++) fn(stream, targets[i], 'bench', callbacks[i]);
  }
}

function fireCaught(fn, kind, targets, k, callbacks, stream, n) {
  try {
    fire(fn, kind, targets, k, callbacks, stream, n);
  } catch (err) {
    return { err: err };
  }
  return null;
}

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
    require('../long-stacks').enableLongStacks(opts['long-stacks']);
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

  var current = null;
  // Without this, a variant that forgets a callback and leaves nothing
  // pending would just exit silently.
  process.on('beforeExit', function () {
    if (current && !current.finished) {
      h.failed('crash', 'the event loop emptied with ' + (n - current.completed) + ' of ' + n + ' calls never called back');
    }
  });

  // One batch: the fakes reset and everything the timed loop touches
  // allocated, before the frame takes its memory baseline; start() is timed.
  function newBatch() {
    fakes.reset({ delay: fakes.delays.fixed(t), errorRate: kind.errors ? errorRate : 0, seed: seed });
    var targets = paths(fakes, n);
    var ends = new Array(n), callbacks = new Array(n), failedCall = new Array(n);
    var state = current = { completed: 0, finished: false };
    var failures = 0, extra = 0, extraCalls = 0, firstError = null, begin = 0;
    var stream = { name: 'upload.bin' };
    var stopped, done;
    for (var i = 0; i < n; i++) { ends[i] = 0; failedCall[i] = 0; callbacks[i] = completion(i); }

    function completion(i) {
      var calls = 0;
      return function (err) {
        if (++calls > 1) {
          extra++;
          if (calls === 2) extraCalls++;
          return;
        }
        ends[i] = h.clock.now();
        if (err) { failures++; failedCall[i] = 1; if (!firstError) firstError = err; }
        if (++state.completed === n) finish(ends[i]);
      };
    }

    function finish(stop) {
      state.finished = true;
      stopped();
      var latencies = new Array(n);
      for (var j = 0; j < n; j++) latencies[j] = ends[j] - begin;
      latencies.sort(function (a, b) { return a - b; });
      var world = fakes.stats();
      // What the fakes saw by the last callback; a call that reported success
      // must have done its work by then.
      var commits = world.counts.commits, injected = world.counts.failures;
      var result = {
        timeMs: stop - begin,
        timing: { p50Ms: h.round3(percentile(latencies, 0.5)), p99Ms: h.round3(percentile(latencies, 0.99)) },
        fields: { failed: failures, extraCallbacks: 0, ops: world.counts.ops, maxInFlight: world.maxInFlight },
        problem: null
      };
      if (failures > 0 && !kind.errors) {
        result.problem = failures + ' of ' + n + ' calls failed although no failure was injected; first: ' + h.describe(firstError);
      } else if (failures > injected) {
        result.problem = failures + ' calls failed but only ' + injected + ' failures were injected; first: ' + h.describe(firstError);
      } else if (commits < n - failures) {
        result.problem = 'only ' + commits + ' of ' + (n - failures) + ' calls had committed their transaction when the last one called back: ' +
          'a call reported success before doing its work';
      } else if (result.fields.ops < requiredOps(kind, n, k, failedCall)) {
        result.problem = 'only ' + result.fields.ops + ' fake operations had run when the last call called back; ' + n + ' calls of the ' +
          opts.scenario + ' scenario need at least ' + requiredOps(kind, n, k, failedCall);
      }
      if (result.problem) return done(result);
      // Let the work still in flight finish, so a second callback that comes
      // after the last first one is seen too.
      afterFakesIdle(fakes, h.clock, stop, function (stillBusy) {
        result.fields.extraCallbacks = extra;
        if (stillBusy) result.problem = stillBusy;
        else if (extra > 0) result.problem = extraCalls + ' calls called back more than once (' + extra + ' extra callbacks)';
        done(result);
      });
    }

    // The timed span: clock, n calls in one synchronous loop, then the clock
    // again at the last completion (in finish). Nothing else is sampled here.
    return {
      start: function (onStopped, onDone) {
        stopped = onStopped;
        done = onDone;
        begin = h.clock.now();
        var thrown = fireCaught(fn, kind, targets, k, callbacks, stream, n);
        if (thrown) h.failed('crash', 'a call threw synchronously: ' + h.describe(thrown.err));
      }
    };
  }

  return { loadMs: loadMs, newBatch: newBatch };
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
