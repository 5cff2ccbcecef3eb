// The companion scenarios' driver (chains, delegation, streamline-modes): n
// units of work (a chain, a coroutine, a program) started together in one
// synchronous loop, each ending through its own done(err, value); each unit
// checked by its scenario the moment it first ends; the clock read when the
// last one has ended; then two more turns of the event loop before the
// result, so that a unit that ends twice is seen too.
//
// What it times is a batch of child.js's frame (h.measure): the frame takes
// the memory baseline after the batch's units are made and reads memory again
// when the last one ends, so the time, CPU, memory, heap and GC figures of every
// companion record are made by the same code as every other scenario's.
//
// A scenario's child module calls measure(h, spec) once it has checked its
// options and loaded the variant; spec:
//   loadMs            the variant's load time
//   start(unit, done) the variant's function, called once per unit
//   noun              what a unit is called in messages ('chain'; plural +s)
//   units()           a fresh batch: { units: [...], check(i, err, value),
//                     timing(begin, stop), fields() }: check says what is
//                     wrong with unit i as it first ends (null, a message, or
//                     { status, message } for an outcome that ends the cell at
//                     once, without figures); timing gives the figures read
//                     beside the time (firstMs, ...), fields those recorded
//                     after the memory figures
// and, where the scenario words things its own way:
//   threw(err, decided)  the start loop threw (decided: the cell's result was
//                     already made): a message, { status, message }, or null
//                     to go on (default: "a <noun> threw while starting")
//   endedAgain(ends)  a unit ended for the ends-th time: a message that fails
//                     the cell at once, or null to count it (the default)
//   neverEnded(pending, n)  the event loop emptied first (default: "the event
//                     loop emptied with <pending> of <n> <nouns> never ended")
//
// ES5 like child.js: the runtime matrix runs it on Node 0.11.
'use strict';
var timedSpan = require('../../lib/measure/timed-span').timedSpan;

// The asynchronous primitive: a macrotask turn, the same on every runtime we
// run (setImmediate exists from Node 0.10 on, in Bun and in Deno's CommonJS).
var later = typeof setImmediate === 'function' ? setImmediate : function (fn) { setTimeout(fn, 0); };
var LATER_NAME = typeof setImmediate === 'function' ? 'setImmediate' : 'setTimeout(0)';

function afterTwoTurns(fn) {
  setTimeout(function () { later(fn); }, 0);
}

// Kept apart from the batch: old V8 does not optimise a function holding a
// try/catch, and this loop is timed.
function fire(start, units, callbacks) {
  try {
    for (var i = 0; i < units.length; i++) start(units[i], callbacks[i]);
  } catch (err) {
    return { err: err };
  }
  return null;
}

function sum(units, field) {
  var total = 0;
  for (var i = 0; i < units.length; i++) total += units[i][field];
  return total;
}

function min(units, field) {
  var m = Infinity;
  for (var i = 0; i < units.length; i++) if (units[i][field] < m) m = units[i][field];
  return m;
}

function describe(err) {
  if (err && err.stack) return String(err.stack).split('\n').slice(0, 4).join(' | ');
  return String(err);
}

function isStackOverflow(err) {
  return err instanceof RangeError || /call stack|too much recursion/i.test(String(err && err.message));
}

// A failure message that says what happened: a stack overflow is named as
// one (a recorded outcome of the workload on that runtime, not a harness bug).
function failure(prefix, err) {
  return (isStackOverflow(err) ? 'stack overflow: ' : '') + prefix + describe(err);
}

// Fails the cell at once with `outcome`: a message (a crash) or { status, message }.
function failNow(h, state, outcome) {
  state.over = true;
  if (typeof outcome === 'string') h.failed('crash', outcome);
  else h.failed(outcome.status, outcome.message);
}

// One batch for h.measure: its units made, then start(stopped, done) times them.
// state: the run's: the current batch's count of units and of those ended, and
// whether the cell's result is decided (over), for the end-of-loop check.
function batch(h, spec, state) {
  var made = spec.units();
  var units = made.units, n = units.length;
  var callbacks = new Array(n), problems = new Array(n);
  var completed = 0, extra = 0, begin = 0, span = null, stopped, done;
  state.n = n;
  state.completed = 0;
  for (var i = 0; i < n; i++) {
    problems[i] = null;
    callbacks[i] = completion(i);
  }

  function completion(i) {
    var ends = 0;
    return function (err, value) {
      if (++ends > 1) {
        extra++;
        var again = spec.endedAgain ? spec.endedAgain(ends) : null;
        if (again) failNow(h, state, again);
        return;
      }
      var problem = made.check(i, err, value);
      if (problem && typeof problem === 'object') return failNow(h, state, problem);
      problems[i] = problem;
      state.completed = ++completed;
      if (completed === n) finish(h.clock.now());
    };
  }

  function finish(stop) {
    var cpuMs = span.end(stop);
    state.over = true;
    stopped();
    var fields = made.fields();
    fields.extraCallbacks = 0;
    var result = { timeMs: stop - begin, timing: made.timing(begin, stop), fields: fields, problem: null };
    if (cpuMs !== null) result.cpuMs = cpuMs;
    for (var c = 0; c < n; c++) {
      if (problems[c]) {
        result.problem = problems[c];
        return done(result);
      }
    }
    afterTwoTurns(function () {
      fields.extraCallbacks = extra;
      if (extra > 0) result.problem = extra + ' ' + spec.noun + ' ends came more than once: done was called twice';
      done(result);
    });
  }

  return {
    start: function (onStopped, onDone) {
      stopped = onStopped;
      done = onDone;
      span = timedSpan(h);
      begin = span.begin;
      var thrown = fire(spec.start, units, callbacks);
      if (!thrown) return;
      var outcome = spec.threw ? spec.threw(thrown.err, state.over)
        : failure('a ' + spec.noun + ' threw while starting: ', thrown.err);
      if (outcome) failNow(h, state, outcome);
    }
  };
}

function measure(h, spec) {
  var state = { n: 0, completed: 0, over: false };
  process.on('beforeExit', function () {
    if (state.over) return;
    var pending = state.n - state.completed;
    var message = spec.neverEnded ? spec.neverEnded(pending, state.n)
      : 'the event loop emptied with ' + pending + ' of ' + state.n + ' ' + spec.noun + 's never ended';
    if (message) h.failed('crash', message);
  });
  h.measure({ loadMs: spec.loadMs, newBatch: function () { return batch(h, spec, state); } });
}

module.exports = { measure: measure, fire: fire, afterTwoTurns: afterTwoTurns, sum: sum, min: min, later: later, LATER_NAME: LATER_NAME,
  describe: describe, isStackOverflow: isStackOverflow, failure: failure };
