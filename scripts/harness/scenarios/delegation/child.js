// The "delegation" scenario of the child runner (companion post "generator
// delegation and coroutine runners"): n coroutines started together, each
// doing STEPS asynchronous reads spread over depth + 1 nested levels. Level 0
// is the coroutine itself; level d + 1 is entered from level d by delegation
// (`yield*` for generators, `await helper()` for async functions). Every
// level does reads of its own before and after it delegates, so nesting is
// real work, not an empty wrapper, and the total is the same at every depth:
// a slower deep run pays for delegation, not for more I/O.
//
// A variant exports run(world, done). Its levels call world.enter(d) when
// level d starts and world.leave(d) when it returns, and do their reads with
// world.read(d, x, cb): a fake record read that answers cb(null, value) one
// setImmediate turn later. The world checks, per coroutine, that read k
// happens at the level the depth prescribes (levels 0..depth on the way in,
// depth..0 on the way out), inside exactly d + 1 active levels, with the
// value read k - 1 gave, and that the coroutine ends with the value the
// whole sequence produces. So the count of asynchronous steps and the depth
// they ran at are measured, not assumed; a run that differs fails its cell.
//
// ES5 like child.js: the runtime matrix runs it on Node 0.11.
'use strict';
var together = require('../together');
var later = together.later;

// Modes are delegation depths: flat is one generator (or async function).
var MODES = ['flat', 'd1', 'd2', 'd5'];
var DEPTHS = { flat: 0, d1: 1, d2: 2, d5: 5 };
// 12 reads split evenly over 1, 2, 3 or 6 levels: 12, 6, 4 or 2 per level,
// half before the level delegates, half after.
var STEPS = 12;
var INITIAL = 11;
var MODULUS = 1000003;

function readValue(k, x) { return (x * 31 + k) % MODULUS; }

// The level each read of a coroutine at `depth` happens at, in order.
function levelsOf(depth) {
  var per = STEPS / (depth + 1), before = Math.floor(per / 2), after = per - before, out = [], d, i;
  for (d = 0; d <= depth; d++) for (i = 0; i < before; i++) out.push(d);
  for (d = depth; d >= 0; d--) for (i = 0; i < after; i++) out.push(d);
  return out;
}

function expected(mode) {
  var x = INITIAL;
  for (var k = 0; k < STEPS; k++) x = readValue(k, x);
  return { value: x, asyncSteps: STEPS, depth: DEPTHS[mode], levels: levelsOf(DEPTHS[mode]) };
}

// One coroutine's world. failAt: the read that answers with an error instead
// of a value (conformance tests only; -1: none).
function World(index, mode, onRead, failAt) {
  var want = expected(mode);
  this.index = index;
  this.mode = mode;
  this.depth = want.depth;
  var per = STEPS / (want.depth + 1);
  this.readsBefore = Math.floor(per / 2);
  this.readsAfter = per - this.readsBefore;
  this.initial = INITIAL;
  this.levels = want.levels;
  this.next = 0;          // the read that should come next
  this.value = INITIAL;   // the value it should be given
  this.active = 0;        // levels entered and not yet left
  this.deepest = 0;       // the most levels active at once
  this.entered = 0;
  this.asyncSteps = 0;
  this.failAt = failAt === undefined ? -1 : failAt;
  this.failure = null;    // the error read failAt answered with
  this.problem = null;
  var self = this;
  this.read = function (level, x, cb) { self.onRead(level, x, cb, onRead); };
  this.enter = function (level) {
    if (level !== self.active) self.fail('entered level ' + level + ' while ' + self.active + ' level(s) were active (expected level ' + self.active + ')');
    self.active++;
    self.entered++;
    if (self.active > self.deepest) self.deepest = self.active;
  };
  this.leave = function (level) {
    if (level !== self.active - 1) self.fail('left level ' + level + ' while level ' + (self.active - 1) + ' was the innermost');
    self.active--;
  };
}
World.prototype.onRead = function (level, x, cb, onRead) {
  var k = this.next, self = this;
  if (k >= STEPS) this.fail('read ' + k + ' is one more than the ' + STEPS + ' a coroutine does');
  else if (level !== this.levels[k]) this.fail('read ' + k + ' came from level ' + level + ', expected level ' + this.levels[k] + ' at depth ' + this.depth);
  else if (this.active !== level + 1) this.fail('read ' + k + ' at level ' + level + ' ran with ' + this.active + ' level(s) active, expected ' + (level + 1));
  else if (x !== this.value) this.fail('read ' + k + ' was given ' + x + ' instead of the value of read ' + (k - 1) + ' (' + this.value + ')');
  var v = readValue(k, x);
  this.next = k + 1;
  this.value = v;
  this.asyncSteps++;
  if (k === this.failAt) {
    var err = new Error('fake read ' + k + ' failed at level ' + level);
    this.failure = err;
    return later(function () { onRead(); cb(err); });
  }
  later(function () { onRead(); cb(null, v); });
};
World.prototype.fail = function (message) {
  if (!this.problem) this.problem = 'coroutine ' + this.index + ': ' + message;
};

// What is wrong with a finished coroutine, or null.
function check(world, err, final) {
  if (world.problem) return world.problem;
  var where = 'coroutine ' + world.index + ': ';
  if (world.failAt >= 0) {
    if (err !== world.failure) return where + 'ended with ' + (err ? together.describe(err) : 'no error') + ' instead of the failure of read ' + world.failAt;
    if (world.next !== world.failAt + 1) return where + 'went on reading after read ' + world.failAt + ' failed';
    return null;
  }
  if (err) return together.failure(where + 'ended with an error: ', err);
  if (world.next !== STEPS) return where + 'only ' + world.next + ' of ' + STEPS + ' reads had run when it ended';
  if (final !== world.value) return where + 'ended with ' + final + ', expected ' + world.value + ' (the value of the last read)';
  if (world.active !== 0) return where + world.active + ' level(s) never left';
  if (world.deepest !== world.depth + 1 || world.entered !== world.depth + 1) {
    return where + 'ran ' + world.entered + ' level(s), at most ' + world.deepest + ' at once; depth ' + world.depth + ' needs ' + (world.depth + 1) + ' nested';
  }
  return null;
}

// h: what child.js shares (scripts/harness/child.js scenarioHelpers).
function run(opts, h) {
  var n = +opts.n, mode = opts.mode;
  if (!opts.variant) return h.badArgs('--variant FILE is required');
  if (MODES.indexOf(mode) < 0) return h.badArgs('--mode must be flat, d1, d2 or d5 for the delegation scenario, got ' + mode);
  if (!(n >= 1 && n % 1 === 0)) return h.badArgs('--n must be a positive integer, got ' + opts.n);

  var path = require('path');
  var loadStart = h.clock.now();
  var variant = require(path.resolve(opts.variant));
  var loadMs = h.clock.now() - loadStart;
  if (typeof variant.run !== 'function') return h.failed('crash', opts.variant + ' does not export run(world, done)');

  // Timed by the driver: n coroutines started in one synchronous loop, to the last end.
  together.measure(h, {
    loadMs: loadMs,
    start: variant.run,
    noun: 'coroutine',
    units: function () {
      var worlds = new Array(n);
      var noop = function () {};
      for (var i = 0; i < n; i++) worlds[i] = new World(i, mode, noop);
      return {
        units: worlds,
        check: function (c, err, final) { return check(worlds[c], err, final); },
        // Coroutines finished per second of the run (the 2013-14 "ops/sec" was
        // runs of all n per second: opsPerSec / n).
        timing: function (start, stop) {
          var timeMs = h.round3(stop - start);
          return { opsPerSec: timeMs > 0 ? Math.round(n * 1000 / timeMs * 10) / 10 : 0 };
        },
        fields: function () {
          return { depth: DEPTHS[mode], depthSeen: together.min(worlds, 'deepest') - 1, asyncSteps: together.sum(worlds, 'asyncSteps'),
            stepsPerCoroutine: STEPS, asyncPrimitive: together.LATER_NAME };
        }
      };
    }
  });
}

// One coroutine of `variant` at `mode`, outside the timed harness: the
// conformance test's view. failAt: the read that fails (-1: none).
// cb({ problem, world, err, value, ends }) once the coroutine ended and two
// more turns passed (a second end is counted in `ends`).
function runOne(variant, mode, failAt, cb) {
  var world = new World(0, mode, function () {}, failAt);
  var ends = 0, first = null;
  var done = function (err, value) {
    ends++;
    if (ends > 1) return;
    first = { err: err, value: value };
    together.afterTwoTurns(function () {
      cb({ problem: check(world, err, value) || (ends > 1 ? 'done was called ' + ends + ' times' : null),
        world: world, err: first.err, value: first.value, ends: ends });
    });
  };
  var thrown = together.fire(variant.run, [world], [done]);
  if (thrown) cb({ problem: together.failure('threw while starting: ', thrown.err), world: world, err: thrown.err, ends: 0 });
}

module.exports = { run: run, runOne: runOne, expected: expected, levelsOf: levelsOf, readValue: readValue,
  MODES: MODES, DEPTHS: DEPTHS, STEPS: STEPS, INITIAL: INITIAL };
