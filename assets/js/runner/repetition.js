/* One job in a fresh Web Worker, as the harness runs one repetition per
fresh process (assets/js/runner/run.js decides which jobs). The worker is
the variant's bundle (scripts/lib/measure/worker.js); it answers once,
and is ended then, on a stop, or on failure. Whether the tab was hidden at
any moment of the job is recorded: a background tab's timers are throttled,
and a repetition timed under throttling is not the reader's machine. */
'use strict';

// Longer than any batch or check the harness lets through (its conformance
// checks give each call 2 s; a batch at n = 1000 takes well under a second).
var QUIET_MS = 60000;

// url: the variant's worker; job: what to post; onBatch(index): each batch
// as it starts. → { promise (resolves with the worker's answer plus
// `hidden`), stop() }
function startJob(url, job, onBatch) {
  var worker = new Worker(url);
  var hidden = document.visibilityState === 'hidden';
  var finish;
  var promise = new Promise(function (resolve) { finish = resolve; });
  function seen() { if (document.visibilityState === 'hidden') hidden = true; }
  document.addEventListener('visibilitychange', seen);
  var ended = false;
  function end(answer) {
    if (ended) return;
    ended = true;
    clearTimeout(quiet);
    document.removeEventListener('visibilitychange', seen);
    worker.terminate();
    answer.hidden = hidden || answer.hidden === true;
    finish(answer);
  }
  worker.onmessage = function (e) {
    var m = e.data;
    watch();
    if (m.type === 'batch') { if (onBatch) onBatch(m.index); return; }
    end(m);
  };
  worker.onerror = function (e) {
    e.preventDefault();
    var error = 'the worker failed: ' + (e.message || 'no message');
    end({ type: job.job === 'check' ? 'checked' : 'sample', error: error, record: { status: 'crash', error: error } });
  };
  // A variant that never calls back would hang the run, as a child that never
  // answers would hang the harness without its timeout: a job that sends
  // nothing for this long ends as a timeout.
  var quiet = null;
  function watch() {
    clearTimeout(quiet);
    quiet = setTimeout(function () {
      end({ type: job.job === 'check' ? 'checked' : 'sample', error: 'the worker sent nothing for ' + QUIET_MS / 1000 + ' s',
        record: { status: 'timeout', error: 'no batch finished within ' + QUIET_MS / 1000 + ' s' } });
    }, QUIET_MS);
  }
  watch();
  worker.postMessage(job);
  return {
    promise: promise,
    stop: function () { end({ type: 'stopped' }); }
  };
}

module.exports = { startJob: startJob };
