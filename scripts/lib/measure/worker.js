// The browser's analogue of scripts/harness/child.js: one Web Worker per
// repetition, as the harness starts one process per repetition, so no
// repetition inherits another's JIT state, heap or timers. Built into one
// bundle per variant (scripts/lib/worker-bundle.js, for the site build's
// _config/worker-bundles.js and the `chromium` runtime): the bundler resolves the
// three names below to examples/<the variant's file>, examples/original.js
// and examples/lib/fakes.js as they are, and `asyncbench:entry` to the
// variant's manifest entry, so the worker runs the repository's own code.
//
// Two jobs, each in a worker of its own:
//   { job: 'check' }: the conformance checks of behaviour
//     (conformance.js, the ones the test suite runs) →
//     { type: 'checked', results: [{ name, problems }] }. Its own worker,
//     because running the variant warms it up: the cold batch must come
//     from a worker that never ran it.
//   { job: 'measure', settings: { n, t, k, seed, scenario, warmBatches,
//     warmMinSteady } }: the cold batch, then the warm batches classified by
//     the harness's own rule (warm.js), each batch made by the
//     harness's own code (fake-io-batch.js) →
//     { type: 'sample', record } with child.js's fields, and
//     { type: 'batch', index } as each batch starts, for a progress bar.
// Memory is not read: a page cannot see a worker's heap or peak RSS without
// cross-origin isolation, so the record says so (memorySource 'none').
'use strict';
require('./node-globals');
var messageTasks = require('./message-tasks').messageTasks;
var warm = require('./warm');
var batchMaker = require('./fake-io-batch').batchMaker;
var conformance = require('./conformance');
var entry = require('asyncbench:entry');

var clock = { name: 'performance.now', now: function () { return performance.now(); } };

// The delay policy says every fake operation takes t ms. Browsers hold a
// timer set from inside another timer's callback to at least 4 ms once
// timers nest five deep (HTML, "timer initialization steps"); Node does not.
// A callback style sets each fake operation's timer from the last one's
// callback, so it would wait 4 ms an operation, while a style whose library
// resumes it in a message task or a promise job escapes the count: the
// browser, not the style, would set their difference. So every timer's
// callback runs in a message task of its own, which the nesting count does not
// follow, and each operation takes its t ms here as in Node; the hop is the
// same for every style.
(function unclampTimers() {
  var setTimer = self.setTimeout.bind(self), clearTimer = self.clearTimeout.bind(self);
  var tasks = messageTasks();
  self.setTimeout = function (fn, ms) {
    var args = Array.prototype.slice.call(arguments, 2);
    if (typeof fn !== 'function') return setTimer.apply(self, arguments);
    var id = setTimer(function () { tasks.post(fn, args, id); }, ms);
    return id;
  };
  self.clearTimeout = function (id) {
    tasks.cancel(id);
    clearTimer(id);
  };
})();
var sent = false;

function post(message) {
  if (sent) return;
  if (message.type !== 'batch') sent = true;
  self.postMessage(message);
}

function round3(x) { return Math.round(x * 1000) / 1000; }

function describe(err) {
  if (err && err.stack) return String(err.stack).split('\n').slice(0, 4).join(' | ');
  return String(err);
}

function failed(status, message) {
  post({ type: 'sample', record: { status: status, error: message } });
}

// Exceptions no code caught: counted by the conformance checks, a crash
// while timing. preventDefault keeps them off the page's console, where a
// check's deliberate throw is not an error of the page.
var escapeListeners = [];
self.addEventListener('error', function (e) {
  e.preventDefault();
  if (escapeListeners.length) escapeListeners.forEach(function (f) { f(e.error || new Error(e.message)); });
  else failed('crash', 'uncaught exception: ' + describe(e.error || e.message));
});
self.addEventListener('unhandledrejection', function (e) {
  e.preventDefault();
  if (escapeListeners.length) escapeListeners.forEach(function (f) { f(e.reason); });
  else failed('crash', 'unhandled rejection: ' + describe(e.reason));
});
function listenEscapes(onError) {
  escapeListeners.push(onError);
  return function () { escapeListeners = escapeListeners.filter(function (f) { return f !== onError; }); };
}

function check() {
  var fakes = require('asyncbench:fakes');
  var mod = require('asyncbench:variant');
  var see = function (fn, args, options) { return conformance.observe(fakes, listenEscapes, fn, args, options); };
  return conformance.referenceLogs(see, require('asyncbench:reference'), fakes).then(function (refs) {
    var checks = conformance.behaviourChecks(entry, mod, { fakes: fakes, see: see, refs: refs });
    var results = [];
    return checks.reduce(function (done, c) {
      return done.then(function () {
        return c.run().then(function (found) { results.push({ name: c.name, problems: found }); });
      });
    }, Promise.resolve()).then(function () { post({ type: 'checked', results: results }); });
  });
}

// child.js's measure(), without the memory frame: the cold batch, then (when
// it passed) the warm batches in the same worker.
function measure(s) {
  var loadStart = clock.now();
  var fakes = require('asyncbench:fakes');
  var variant = require('asyncbench:variant');
  var loadMs = clock.now() - loadStart;
  var kind = { call: 'upload', errors: false };
  if (typeof variant[kind.call] !== 'function') return failed('crash', entry.id + ' does not export ' + kind.call);
  var h = { clock: clock, round3: round3, describe: describe, failed: failed };
  var batches = batchMaker(kind, fakes, variant[kind.call], { n: s.n, t: s.t, k: s.k, errorRate: 0, seed: s.seed, scenario: s.scenario }, h);
  var index = 0;
  var newBatch = function () {
    post({ type: 'batch', index: ++index });
    return batches.newBatch();
  };
  var warmSettings = warm.settings({ 'warm-batches': s.warmBatches, 'warm-min-steady': s.warmMinSteady });
  newBatch().start(function stopped() {}, function done(result) {
    var record = { status: 'ok', timeMs: round3(result.timeMs), p50Ms: result.timing.p50Ms, p99Ms: result.timing.p99Ms,
      peakRssMb: null, baseRssMb: null, memorySource: 'none', heapMb: null, heapBaseMb: null };
    for (var key in result.fields) record[key] = result.fields[key];
    record.loadMs = round3(loadMs);
    record.gc = false;
    record.clock = clock.name;
    if (result.problem) return failed('crash', result.problem);
    if (!warmSettings.batches) return post({ type: 'sample', record: record });
    warm.run(warmSettings, newBatch, round3, function (problem, fields) {
      if (problem) return failed('crash', problem);
      for (var k in fields) record[k] = fields[k];
      post({ type: 'sample', record: record });
    });
  });
}

self.onmessage = function (e) {
  var job = e.data || {};
  try {
    if (job.job === 'check') {
      check().catch(function (err) { post({ type: 'checked', results: [{ name: 'the checks ran', problems: [describe(err)] }] }); });
    } else if (job.job === 'measure') {
      measure(job.settings);
    } else {
      failed('crash', 'worker.js: unknown job ' + JSON.stringify(job.job) + '; send { job: "check" } or { job: "measure", settings }');
    }
  } catch (err) {
    if (job.job === 'check') post({ type: 'checked', results: [{ name: 'the variant loads', problems: [describe(err)] }] });
    else failed('crash', 'while loading or starting: ' + describe(err));
  }
};
