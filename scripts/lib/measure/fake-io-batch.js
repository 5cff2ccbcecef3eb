// One batch of the 2013 article's workload (upload, errors, parallel): n
// calls of a variant's upload (or parallel) function started together
// against examples/lib/fakes.js, timed from the first call to the last
// completion, then checked. Made here, apart from how the variant and the
// fakes are loaded, so that the harness's child process
// (scripts/harness/scenarios/fake-io.child.js) and the browser's Web Worker
// (worker.js, beside this file) time and check the very same batch.
//
// A batch is a failure, not a result, when the calls did not do their work: a
// call called back more than once, fewer transactions had committed or fewer
// fake operations had run by the last callback than the calls that reported
// success require, or more calls failed than failures were injected.
//
// ES5 like scripts/harness/child.js: the runtime matrix runs it on Node 0.11.
'use strict';
var timedSpan = require('./timed-span').timedSpan;

// A browser's worker has no setImmediate; the wait after a batch is outside
// the timed span, so a zero-delay timer serves there.
var nextTurn = typeof setImmediate === 'function' ? setImmediate : function (fn) { setTimeout(fn, 0); };

// Fake operations one call logs when it succeeds (tx.begin plus the
// asynchronous ones of its path in examples/lib/fakes.js; scripts/harness/scenarios/floor.js
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
      return setTimeout(function () { nextTurn(function () { then(null); }); }, 0);
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

// The batches of one variant: newBatch() for h.measure (child.js) or the
// worker, and current(), the state of the batch last made (whether it
// finished, and how many calls completed), for a runtime's end-of-loop check.
// fakes: the loaded examples/lib/fakes.js; fn: the variant's upload (or
// parallel); s: { n, t, k, errorRate, seed, scenario }; kind: { call:
// 'upload' | 'parallel', errors: whether failures are injected }; h: the
// frame's helpers (clock, round3, describe, failed; and where the runtime has
// them, cpu: the process's CPU clock, { now() in ms }, and gc: the watch of
// V8's GC events, given each batch's span(begin, stop); the harness's child
// passes both, the browser's worker neither).
function batchMaker(kind, fakes, fn, s, h) {
  var n = s.n, t = s.t, k = s.k, errorRate = s.errorRate, seed = s.seed;
  var opts = { scenario: s.scenario };
  var current = null;

  // One batch: the fakes reset and everything the timed loop touches
  // allocated, before the frame takes its memory baseline; start() is timed.
  function newBatch() {
    fakes.reset({ delay: fakes.delays.fixed(t), errorRate: kind.errors ? errorRate : 0, seed: seed });
    var targets = paths(fakes, n);
    var ends = new Array(n), callbacks = new Array(n), failedCall = new Array(n);
    var state = current = { completed: 0, finished: false };
    var failures = 0, extra = 0, extraCalls = 0, firstError = null, begin = 0, span = null;
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
      var cpuMs = span.end(stop);
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
      if (cpuMs !== null) result.cpuMs = cpuMs;
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
    // again at the last completion (in finish). Nothing else is sampled here:
    // the CPU clock is read just outside it, so its span holds the wall one.
    return {
      start: function (onStopped, onDone) {
        stopped = onStopped;
        done = onDone;
        span = timedSpan(h);
        begin = span.begin;
        var thrown = fireCaught(fn, kind, targets, k, callbacks, stream, n);
        if (thrown) h.failed('crash', 'a call threw synchronously: ' + h.describe(thrown.err));
      }
    };
  }

  return { newBatch: newBatch, current: function () { return current; } };
}

module.exports = { batchMaker: batchMaker };
