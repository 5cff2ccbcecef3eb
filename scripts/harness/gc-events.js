// GC pause time per batch, from V8's GC events (perf_hooks'
// PerformanceObserver with entryTypes ['gc'], Node >= 8.5). An event's
// duration is the main thread's pause for one collection (V8's GC prologue to
// epilogue); concurrent marking and sweeping on helper threads are not in it
// (they are in the process's CPU time, cpu-clock.js).
//
// The events arrive asynchronously, a turn or two of the event loop after
// the collection, so they cannot be summed when a batch ends. The batch code
// records each batch's span (span(begin, stop), on the wall clock it times
// with, after the span: nothing is read inside it) and settle() waits for the
// last events, then gives every span the events whose startTime it holds, on
// the performance.now() timeline. What observing costs: V8 calls Node's GC
// callbacks on every collection, and for each event Node makes an entry and
// calls the observer from a later turn, whose one job here is to keep the
// entries; that work falls inside a batch's span when the collection does.
//
// ES5 like scripts/harness/child.js: the runtime matrix runs it on Node 0.11
// (where it finds no perf_hooks and gives null).
'use strict';

// The GC pause time (ms) within each span: spans [{ from, to }], entries
// [{ startTime, duration }] on one timeline → an array parallel to spans.
// An event belongs to the span that holds its start (from <= startTime <=
// to); one that started outside every span (the forced collection before the
// cold batch, the work between batches) counts nowhere.
function attribute(entries, spans) {
  var totals = new Array(spans.length);
  for (var s = 0; s < spans.length; s++) totals[s] = 0;
  for (var i = 0; i < entries.length; i++) {
    var e = entries[i];
    for (var j = 0; j < spans.length; j++) {
      if (e.startTime >= spans[j].from && e.startTime <= spans[j].to) {
        totals[j] += e.duration;
        break;
      }
    }
  }
  return totals;
}

// later(fn): a macrotask turn; a few of them let the events of the last batch arrive.
var later = typeof setImmediate === 'function' ? setImmediate : function (fn) { setTimeout(fn, 0); };

// Watches the GC events from now on → null where the runtime has none, or
// { source, span(begin, stop), settle(then) }: begin and stop read on
// `clock` (child.js's wall clock, process.hrtime: the same monotonic clock
// performance.now() reads, so one offset maps one onto the other);
// settle(then) stops watching and calls then(totals), one per span in the
// order the spans were given, in ms.
function watch(clock) {
  var perf;
  try {
    perf = require('perf_hooks');
  } catch (e) {
    return null; // no perf_hooks: Node < 8.5
  }
  if (!perf || typeof perf.PerformanceObserver !== 'function' || !perf.performance) return null;
  var types = perf.PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('gc') < 0) return null; // Bun, Deno: no GC events
  var entries = [];
  var observer = new perf.PerformanceObserver(function (list) {
    var got = list.getEntries();
    for (var i = 0; i < got.length; i++) entries.push(got[i]);
  });
  try {
    observer.observe({ entryTypes: ['gc'] });
  } catch (e) {
    return null;
  }
  var before = perf.performance.now(), mid = clock.now(), after = perf.performance.now();
  var offset = (before + after) / 2 - mid;
  var spans = [];
  return {
    source: 'perf_hooks',
    span: function (begin, stop) { spans.push({ from: begin + offset, to: stop + offset }); },
    settle: function (then) {
      setTimeout(function () {
        later(function () {
          later(function () {
            if (typeof observer.takeRecords === 'function') {
              var rest = observer.takeRecords();
              for (var i = 0; i < rest.length; i++) entries.push(rest[i]);
            }
            observer.disconnect();
            then(attribute(entries, spans));
          });
        });
      }, 0);
    }
  };
}

module.exports = { watch: watch, attribute: attribute };
