'use strict';
// What Bluebird chose where it was loaded (scripts/analyze/bluebird-probe.js),
// read from the library itself: on Node, the scheduler of its schedule.js is
// setImmediate; the kinds of the other environments, from their code.
const test = require('node:test');
const assert = require('node:assert/strict');
const Bluebird = require('bluebird');
const { probeBluebird, currentScheduler, schedulerKind } = require('../../scripts/analyze/bluebird-probe');

test('on Node, Bluebird 3 schedules with setImmediate, and the probe leaves its scheduler as it was', () => {
  const before = currentScheduler(Bluebird);
  const probed = probeBluebird(Bluebird, require('bluebird/package.json').version);
  assert.equal(probed.version, '3.7.2');
  assert.equal(probed.scheduler.kind, 'setImmediate');
  assert.match(probed.scheduler.source, /GlobalSetImmediate\.call\(global, fn\)/);
  assert.equal(probed.longStackTraces, Bluebird.hasLongStackTraces());
  assert.equal(currentScheduler(Bluebird), before, 'the scheduler is put back');
});

test('a scheduler\'s kind comes from the one call its code makes', () => {
  assert.equal(schedulerKind('function(fn){nativePromise.then(fn)}'), 'promise-then', 'a browser\'s worker: no process');
  assert.equal(schedulerKind('function(fn) { ProcessNextTick.call(process, fn); }'), 'process.nextTick');
  assert.equal(schedulerKind('function schedule(fn) { var o = new MutationObserver(function() { o.disconnect(); fn(); }); }'), 'MutationObserver');
  assert.equal(schedulerKind('function (fn) { setImmediate(fn); }'), 'setImmediate');
  assert.equal(schedulerKind('function (fn) { setTimeout(fn, 0); }'), 'setTimeout');
  assert.equal(schedulerKind('function() { throw new Error("No async scheduler available") }'), 'none');
  assert.equal(schedulerKind('function (fn) { queue(fn); }'), 'unknown');
});
