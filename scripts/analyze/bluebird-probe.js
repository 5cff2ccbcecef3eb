// What Bluebird decided where it was loaded, read from the library itself,
// for the question of why Bluebird costs what it costs in a browser:
//   scheduler        the async scheduler its schedule.js picked at load time
//                    (node_modules/bluebird/js/release/schedule.js: setImmediate
//                    on Node 0.12 and later, process.nextTick before, a
//                    resolved native promise's then where there is no
//                    `process`, as in a browser's worker, then MutationObserver,
//                    setImmediate, setTimeout). Promise.setScheduler(fn) hands
//                    back the scheduler it replaces, which is that one; it is
//                    put back at once.
//   longStackTraces  Promise.hasLongStackTraces(): whether every promise
//                    captures a stack trace (Bluebird's debug mode: on where
//                    NODE_ENV is "development" or BLUEBIRD_DEBUG is set, and in
//                    the build a bundler takes from its package.json "browser"
//                    field, js/browser/bluebird.js, which starts in debug mode).
// Loaded by the profiling child on Node (profile-child.js) and bundled into
// the profiling worker (profile-worker.js), so both ask the Bluebird their
// variant loaded. ES2015 at most: the child runs on Node 12.
'use strict';

// The scheduler's kind, from its code: the one call it makes.
function schedulerKind(source) {
  if (/MutationObserver/.test(source)) return 'MutationObserver';
  if (/setImmediate/i.test(source)) return 'setImmediate';
  if (/nextTick/i.test(source)) return 'process.nextTick';
  if (/\.then\(/.test(source)) return 'promise-then';
  if (/setTimeout/.test(source)) return 'setTimeout';
  if (/No async scheduler/i.test(source)) return 'none';
  return 'unknown';
}

// The scheduler Bluebird uses now (put back before this returns).
function currentScheduler(Promise) {
  const previous = Promise.setScheduler(function probe() {});
  Promise.setScheduler(previous);
  return previous;
}

// Promise: the Bluebird module; version: its package's. → { version,
// scheduler: { kind, source }, longStackTraces } (source: the scheduler's
// code, whitespace collapsed, cut at 300 characters).
function probeBluebird(Promise, version) {
  const source = String(currentScheduler(Promise)).replace(/\s+/g, ' ').trim();
  return {
    version: version,
    scheduler: { kind: schedulerKind(source), source: source.slice(0, 300) },
    longStackTraces: Promise.hasLongStackTraces(),
  };
}

module.exports = { probeBluebird, currentScheduler, schedulerKind };
