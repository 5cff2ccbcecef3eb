// The "chains" scenario of the child runner (companion post "Promises/A+
// chains"): n chains of L links each (L = 500 by default), started together,
// each link a continuation that waits for the value of one step before the
// next link runs. The companion driver (../together.js) starts the chains
// and child.js's frame times them, so the figures mean the same as in the
// upload scenarios.
//
// A variant exports chain(world, done): it builds one chain of world.links
// links; link i calls world.step(i, x, resolve) with the value x the previous
// link produced (world.initial for link 0), and passes the value step gives to
// resolve on to the next link; done(err, final) ends the chain. Modes say
// which steps are asynchronous (one setImmediate turn before resolve is called):
//   sync   no step; resolve is called before step returns
//   mixed  the odd links (i = 1, 3, 5, ...): L / 2 asynchronous steps per chain
//   async  every link: L asynchronous steps per chain
// step() also checks the chain: every link runs once, in order, with the value
// of the link before it. A chain that skips, repeats or reorders a link, ends
// early, ends with the wrong value, ends twice or never, fails the cell with a
// message saying which chain and which link.
//
// ES5 like child.js: the runtime matrix runs it on Node 0.11.
'use strict';
var together = require('../together');
var later = together.later;

var MODES = ['sync', 'mixed', 'async'];
var INITIAL = 7;
// Link i turns x into (x * 31 + i) mod 1000003: the final value depends on
// every link having run once, in order, on its predecessor's value.
var MODULUS = 1000003;

function linkValue(i, x) { return (x * 31 + i) % MODULUS; }

function isAsyncLink(mode, i) {
  return mode === 'async' || (mode === 'mixed' && i % 2 === 1);
}

// What a correct chain of `links` links ends with, and how many of its steps
// are asynchronous.
function expected(mode, links) {
  var x = INITIAL, asyncSteps = 0;
  for (var i = 0; i < links; i++) {
    x = linkValue(i, x);
    if (isAsyncLink(mode, i)) asyncSteps++;
  }
  return { value: x, asyncSteps: asyncSteps };
}

// One chain's world: the step function a variant calls, and its record.
// onFirst(): the first resolution of any chain in the run (the clock is read
// there). The state lives in plain fields so nothing is allocated per step
// besides the closure an asynchronous step needs.
function World(index, mode, links, onFirst) {
  var self = this;
  this.index = index;
  this.links = links;
  this.initial = INITIAL;
  this.mode = mode;
  this.next = 0;          // the link that should run next
  this.value = INITIAL;   // the value it should be given
  this.asyncSteps = 0;
  this.problem = null;    // the first thing this chain did wrong
  this.step = function (i, x, resolve) {
    if (i !== self.next) {
      self.fail(i === self.next - 1 ? 'link ' + i + ' ran twice'
        : i < self.next ? 'link ' + i + ' ran again, after link ' + (self.next - 1) : 'link ' + i + ' ran before link ' + self.next);
    } else if (x !== self.value) {
      self.fail('link ' + i + ' was given ' + x + ' instead of the value of link ' + (i - 1) + ' (' + self.value + ')');
    }
    var v = linkValue(i, x);
    self.next = i + 1;
    self.value = v;
    if (isAsyncLink(mode, i)) {
      self.asyncSteps++;
      later(function () { onFirst(); resolve(v); });
    } else {
      onFirst();
      resolve(v);
    }
  };
}
World.prototype.fail = function (message) {
  if (!this.problem) this.problem = 'chain ' + this.index + ': ' + message;
};

// What is wrong with a finished chain, or null.
function check(world, err, final, want) {
  if (world.problem) return world.problem;
  var where = 'chain ' + world.index + ': ';
  if (err) return together.failure(where + 'ended with an error: ', err);
  if (world.next !== world.links) return where + 'only ' + world.next + ' of ' + world.links + ' links had run when it ended';
  if (final !== want.value) return where + 'ended with ' + final + ', expected ' + want.value;
  if (world.asyncSteps !== want.asyncSteps) {
    return where + world.asyncSteps + ' asynchronous steps, expected ' + want.asyncSteps + ' in ' + world.mode + ' mode';
  }
  return null;
}

// h: what child.js shares (scripts/harness/child.js scenarioHelpers).
function run(opts, h) {
  var n = +opts.n, links = opts.links === undefined ? 500 : +opts.links, mode = opts.mode;
  if (!opts.variant) return h.badArgs('--variant FILE is required');
  if (MODES.indexOf(mode) < 0) return h.badArgs('--mode must be sync, mixed or async for the chains scenario, got ' + mode);
  if (!(n >= 1 && n % 1 === 0)) return h.badArgs('--n must be a positive integer, got ' + opts.n);
  if (!(links >= 1 && links % 1 === 0)) return h.badArgs('--links must be a positive integer, got ' + opts.links);

  var path = require('path');
  var loadStart = h.clock.now();
  var variant = require(path.resolve(opts.variant));
  var loadMs = h.clock.now() - loadStart;
  if (typeof variant.chain !== 'function') return h.failed('crash', opts.variant + ' does not export chain(world, done)');

  var want = expected(mode, links);
  // Timed by the driver: n chains started in one synchronous loop, to the last end.
  together.measure(h, {
    loadMs: loadMs,
    start: variant.chain,
    noun: 'chain',
    units: function () {
      var worlds = new Array(n), first = 0;
      var onFirst = function () { if (first === 0) first = h.clock.now(); };
      for (var i = 0; i < n; i++) worlds[i] = new World(i, mode, links, onFirst);
      return {
        units: worlds,
        check: function (c, err, final) { return check(worlds[c], err, final, want); },
        timing: function (start, stop) {
          return { firstMs: h.round3(first ? first - start : stop - start), afterFirstMs: h.round3(first ? stop - first : 0) };
        },
        fields: function () {
          return { links: links, linksRun: together.sum(worlds, 'next'), asyncSteps: together.sum(worlds, 'asyncSteps'),
            asyncPrimitive: together.LATER_NAME };
        }
      };
    }
  });
}

module.exports = { run: run, expected: expected, linkValue: linkValue, isAsyncLink: isAsyncLink, isStackOverflow: together.isStackOverflow, MODES: MODES, INITIAL: INITIAL };
