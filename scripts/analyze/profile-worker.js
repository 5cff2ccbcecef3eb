// The browser's side of `npm run profiles` (profile-chromium.js): the
// benchmark's own worker (scripts/lib/measure/worker.js: the Node globals the
// libraries expect, every timer's callback in a message task of its own,
// uncaught errors reported) with one job more, bundled with a variant by
// scripts/lib/worker-bundle.js as the `chromium` runtime bundles it.
//
//   { job: 'profile', settings: { n, t, k, seed, warm, batches } }:
//     `warm` batches of the upload scenario (scripts/lib/measure/fake-io-batch.js),
//     then `batches` more, each batch's timed span between console.profile
//     and console.profileEnd (the CPU profiler of the inspector session
//     that profile-chromium.js attached, which gets one profile per span);
//     then what this worker's Bluebird chose (bluebird-probe.js) →
//     { type: 'profiled', status: 'ok', calls, batchMs: { warm, cpu }, bluebird }
//     or { type: 'profiled', status: 'failed', error }.
// The other jobs are worker.js's own.
'use strict';
require('../lib/measure/worker.js');
var batchMaker = require('../lib/measure/fake-io-batch').batchMaker;
var probeBluebird = require('./bluebird-probe').probeBluebird;

var PROFILE_TITLE = 'asyncbench-batch-';
var clock = { name: 'performance.now', now: function () { return performance.now(); } };
function round3(x) { return Math.round(x * 1000) / 1000; }
function describe(err) {
  return err && err.stack ? String(err.stack).split('\n').slice(0, 4).join(' | ') : String(err);
}

function profile(s) {
  var sent = false;
  function reply(message) {
    if (sent) return;
    sent = true;
    self.postMessage(message);
  }
  function failed(status, message) { reply({ type: 'profiled', status: 'failed', error: message }); }
  var fakes = require('asyncbench:fakes');
  var variant = require('asyncbench:variant');
  if (typeof variant.upload !== 'function') return failed('crash', 'the variant does not export upload');
  var h = { clock: clock, round3: round3, describe: describe, failed: failed };
  var batches = batchMaker({ call: 'upload', errors: false }, fakes, variant.upload,
    { n: s.n, t: s.t, k: s.k, errorRate: 0, seed: s.seed, scenario: 'upload' }, h);
  var ms = { warm: [], cpu: [] };

  // count batches into `list`; profiled: each timed span profiled.
  function run(list, count, profiled, then) {
    if (list.length === count) return then();
    var title = PROFILE_TITLE + (list.length + 1);
    var batch = batches.newBatch();
    if (profiled) console.profile(title);
    batch.start(function stopped() {
      if (profiled) console.profileEnd(title);
    }, function done(result) {
      if (result.problem) return failed('crash', result.problem);
      list.push(round3(result.timeMs));
      run(list, count, profiled, then);
    });
  }

  run(ms.warm, s.warm, false, function () {
    run(ms.cpu, s.batches, true, function () {
      // Required last: a variant without Bluebird loads it only now.
      var bluebird = probeBluebird(require('bluebird'), require('bluebird/package.json').version);
      reply({ type: 'profiled', status: 'ok', calls: s.n, batchMs: ms, bluebird: bluebird });
    });
  });
}

var workerJobs = self.onmessage;
self.onmessage = function (e) {
  var job = e.data || {};
  if (job.job !== 'profile') return workerJobs.call(self, e);
  try {
    profile(job.settings);
  } catch (err) {
    self.postMessage({ type: 'profiled', status: 'failed', error: 'while loading or starting: ' + describe(err) });
  }
};
