// Prints OK when fibers, fibrous and streamline's fibers output all work under
// the runtime running this file:  <runtime> fibers-probe.js <fibers tree>
// Each does two sequential waits and catches one failure. ES5: it runs on
// Node 0.11 to 14.
'use strict';
var path = require('path');
var tree = path.resolve(process.argv[2] || '.');
var results = {};

function done(name, error) {
  results[name] = error ? String(error && error.message || error) : 'ok';
  if (Object.keys(results).length < 3) return;
  var bad = Object.keys(results).filter(function (k) { return results[k] !== 'ok'; });
  process.stdout.write(bad.length ? 'FAIL ' + JSON.stringify(results) + '\n' : 'OK\n');
  process.exitCode = bad.length ? 1 : 0;
}

function wait(ms, cb) {
  setTimeout(function () { cb(null, ms); }, ms);
}

function fail(cb) {
  setTimeout(function () { cb(new Error('expected failure')); }, 1);
}

// Raw fibers: the fiber yields until the callback resumes it.
var Fiber = require(path.join(tree, 'node_modules', 'fibers'));
function await1(fn) {
  var fiber = Fiber.current;
  fn(function (err, value) { fiber.run([err, value]); });
  var r = Fiber.yield();
  if (r[0]) throw r[0];
  return r[1];
}
Fiber(function () {
  try {
    var total = await1(function (cb) { wait(2, cb); }) + await1(function (cb) { wait(3, cb); });
    try {
      await1(fail);
      done('fibers', 'the failure was not thrown');
    } catch (e) {
      done('fibers', total === 5 && e.message === 'expected failure' ? null : 'wrong: ' + total);
    }
  } catch (e) {
    done('fibers', e);
  }
}).run();

// fibrous 0.4.0: fn.sync(...) inside a fibrous function.
var fibrous = require(path.join(tree, 'node_modules', 'fibrous'));
fibrous(function () {
  var total = wait.sync(2) + wait.sync(3);
  try {
    fail.sync();
  } catch (e) {
    return total === 5 && e.message === 'expected failure' ? 'ok' : 'wrong: ' + total;
  }
  return 'the failure was not thrown';
})(function (err, r) { done('fibrous', err || (r === 'ok' ? null : r)); });

// streamline 0.6.0 --fibers output of fibers-streamline._js.
try {
  require(path.join(tree, 'streamline-probe.js')).run(function (err, r) {
    done('streamline', err || (r === 'ok' ? null : r));
  });
} catch (e) {
  done('streamline', e);
}
