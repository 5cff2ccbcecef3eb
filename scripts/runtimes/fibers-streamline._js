// Compiled with streamline 0.6.0 `_node --fibers -c` into each fibers tree
// (scripts/runtimes/fibers.js), then run by fibers-probe.js: two sequential
// waits and a failure caught by try/catch, in streamline's `_` style.
function wait(ms, cb) {
  setTimeout(function () { cb(null, ms); }, ms);
}

function fail(cb) {
  setTimeout(function () { cb(new Error('expected failure')); }, 1);
}

exports.run = function (_) {
  var total = wait(2, _) + wait(3, _);
  try {
    fail(_);
  } catch (e) {
    return total === 5 && e.message === 'expected failure' ? 'ok' : 'wrong: ' + total + ' ' + e.message;
  }
  return 'wrong: the failure was not thrown';
};
