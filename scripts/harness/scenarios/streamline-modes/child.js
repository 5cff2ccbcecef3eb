// The "streamline-modes" scenario of the child runner (companion post on
// streamline's three modes): one program, run once per process, that makes
// `loop` calls, each through `depth` nested asynchronous functions down to a
// step supplied here. Every `modulo`-th step (i % modulo === 0) waits for a
// real asynchronous primitive; the others call back at once, inside the call.
//
//   --mode setImmediate | setTimeout | readFile   the primitive
//   --n M                                          the modulo
//   --depth D --loop L                             (defaults 25 and 10000)
//
// A variant exports run(world, done) and calls done(err, total) once, where
// total is the sum of every step's value plus `depth` for each call (each
// level adds 1 on the way up). world.step(i, cb) checks that the steps come
// one at a time, in order, and counts the asynchronous and synchronous ones,
// so the record says how much work was done and a wrong program fails.
//
// A program that runs out of stack is a measured outcome of that variant at
// that modulo, not a harness failure: it is recorded with status
// "stack-overflow" and the runtime's message, whether the RangeError reaches
// done, escapes to the event loop, or is thrown while starting.
//
// ES5 like child.js: it runs on Node 0.11 too.
'use strict';
var fs = require('fs');
var os = require('os');
var path = require('path');
var together = require('../together');

var PRIMITIVES = ['setImmediate', 'setTimeout', 'readFile'];
var DEPTH = 25;
var LOOP = 10000;
// The file read by the readFile primitive: small, so the read is one
// round trip through libuv's thread pool and not a bulk transfer.
var FILE_BYTES = 1024;

function stepValue(i) { return i % 7; }
function isAsyncStep(i, modulo) { return i % modulo === 0; }

// What a correct run of `loop` calls at this depth and modulo returns and does.
function expected(depth, loop, modulo) {
  var total = 0, asyncSteps = 0;
  for (var i = 0; i < loop; i++) {
    total += stepValue(i) + depth;
    if (isAsyncStep(i, modulo)) asyncSteps++;
  }
  return { total: total, asyncSteps: asyncSteps, syncSteps: loop - asyncSteps };
}

function isStackOverflow(err) {
  return err instanceof RangeError && /call stack|stack size|too much recursion/i.test(String(err.message)) ||
    /Maximum call stack size exceeded|too much recursion/i.test(String(err && err.message));
}

function describe(err) {
  if (err && err.stack) return String(err.stack).split('\n').slice(0, 3).join(' | ');
  return String(err);
}

// The primitive as a function of one callback; readFile checks what it read.
function primitive(name, file) {
  if (name === 'setImmediate') return function (fn) { setImmediate(fn); };
  if (name === 'setTimeout') return function (fn) { setTimeout(fn, 0); };
  return function (fn) {
    fs.readFile(file, function (err, buf) {
      if (err) return fn(err);
      if (buf.length !== FILE_BYTES) return fn(new Error('read ' + buf.length + ' bytes of ' + file + ', expected ' + FILE_BYTES));
      fn(null);
    });
  };
}

function World(depth, loop, modulo, wait) {
  var self = this;
  this.depth = depth;
  this.loop = loop;
  this.modulo = modulo;
  this.next = 0;
  this.asyncSteps = 0;
  this.syncSteps = 0;
  this.pending = false;
  this.problem = null;
  this.step = function (i, cb) {
    if (self.pending) self.fail('step ' + i + ' started while step ' + (self.next - 1) + ' was still waiting');
    else if (i !== self.next) self.fail('step ' + i + ' came when step ' + self.next + ' was due');
    self.next = i + 1;
    var v = stepValue(i);
    if (isAsyncStep(i, modulo)) {
      self.asyncSteps++;
      self.pending = true;
      wait(function (err) {
        self.pending = false;
        if (err) cb(err); else cb(null, v);
      });
    } else {
      self.syncSteps++;
      cb(null, v);
    }
  };
}
World.prototype.fail = function (message) { if (!this.problem) this.problem = message; };

// h: what child.js shares (scripts/harness/child.js scenarioHelpers).
function run(opts, h) {
  var modulo = +opts.n, mode = opts.mode;
  var depth = opts.depth === undefined ? DEPTH : +opts.depth;
  var loop = opts.loop === undefined ? LOOP : +opts.loop;
  if (!opts.variant) return h.badArgs('--variant FILE is required');
  if (PRIMITIVES.indexOf(mode) < 0) return h.badArgs('--mode must be ' + PRIMITIVES.join(', ') + ' for the streamline-modes scenario, got ' + mode);
  if (!(modulo >= 1 && modulo % 1 === 0)) return h.badArgs('--n (the modulo) must be a positive integer, got ' + opts.n);
  if (!(depth >= 0 && depth % 1 === 0)) return h.badArgs('--depth must be an integer >= 0, got ' + opts.depth);
  if (!(loop >= 1 && loop % 1 === 0)) return h.badArgs('--loop must be a positive integer, got ' + opts.loop);

  var file = null;
  if (mode === 'readFile') {
    file = path.join(os.tmpdir(), 'asyncbench-slmodes-' + process.pid + '.bin');
    var bytes;
    if (typeof Buffer.alloc === 'function') bytes = Buffer.alloc(FILE_BYTES, 42);
    else { bytes = new Buffer(FILE_BYTES); bytes.fill(42); } // Node < 4.5: fill() does not return the buffer everywhere
    fs.writeFileSync(file, bytes);
    process.on('exit', function () { try { fs.unlinkSync(file); } catch (e) { /* gone already */ } });
  }

  var loadStart = h.clock.now();
  var variant = require(path.resolve(opts.variant));
  var loadMs = h.clock.now() - loadStart;
  if (typeof variant.run !== 'function') return h.failed('crash', opts.variant + ' does not export run(world, done)');

  var want = expected(depth, loop, modulo);
  var world = null, escaped = false;

  // The program's own stack overflow, escaping to the event loop, is its
  // outcome: it replaces child.js's generic handler for this scenario.
  process.removeAllListeners('uncaughtException');
  process.on('uncaughtException', function (err) {
    escaped = true;
    if (isStackOverflow(err)) return h.failed('stack-overflow', overflowMessage(world, 'escaped to the event loop', err));
    h.failed('crash', 'uncaught exception after ' + world.next + ' of ' + loop + ' steps: ' + describe(err));
  });

  // One program is one unit of the driver: started once, timed to its done.
  together.measure(h, {
    loadMs: loadMs,
    start: variant.run,
    noun: 'program',
    units: function () {
      world = new World(depth, loop, modulo, primitive(mode, file));
      var total = null;
      return {
        units: [world],
        check: function (i, err, value) {
          if (err && isStackOverflow(err)) return { status: 'stack-overflow', message: overflowMessage(world, 'reached done', err) };
          total = value;
          if (world.problem) return world.problem;
          if (err) return 'done was called with an error after ' + world.next + ' of ' + loop + ' steps: ' + describe(err);
          if (world.next !== loop) return 'done was called after ' + world.next + ' of ' + loop + ' steps';
          if (value !== want.total) return 'the program returned ' + value + ', expected ' + want.total;
          if (world.asyncSteps !== want.asyncSteps) return world.asyncSteps + ' asynchronous steps, expected ' + want.asyncSteps + ' at modulo ' + modulo;
          return null;
        },
        timing: function () { return {}; },
        fields: function () {
          return { depth: depth, loop: loop, modulo: modulo, primitive: mode, steps: world.next, asyncSteps: world.asyncSteps,
            syncSteps: world.syncSteps, total: typeof total === 'number' ? total : null };
        }
      };
    },
    threw: function (err, decided) {
      if (decided) return null;
      if (isStackOverflow(err)) return { status: 'stack-overflow', message: overflowMessage(world, 'was thrown while starting', err) };
      return 'run threw while starting: ' + describe(err);
    },
    // A second call of done fails the cell at once; later ones add nothing.
    endedAgain: function (ends) { return ends === 2 ? 'done was called 2 times' : null; },
    neverEnded: function () {
      return escaped ? null : 'the event loop emptied after ' + world.next + ' of ' + loop + ' steps and done was never called';
    }
  });
}

function overflowMessage(world, how, err) {
  return 'the stack overflowed after ' + world.next + ' of ' + world.loop + ' steps (' + world.syncSteps +
    ' answered at once) and the RangeError ' + how + ': ' + String(err && err.message || err);
}

module.exports = { run: run, expected: expected, isAsyncStep: isAsyncStep, stepValue: stepValue, isStackOverflow: isStackOverflow,
  PRIMITIVES: PRIMITIVES, DEPTH: DEPTH, LOOP: LOOP };
