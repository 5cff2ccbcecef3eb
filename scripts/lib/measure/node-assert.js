// Node's `assert`, as much of it as the variants' libraries call in a
// browser: thunkify checks its argument with assert(value, message) when a
// function is adapted, once, at load, never in a timed batch. Browsers have no
// assert module, so worker-bundle.js (scripts/lib/) gives the worker this one.
'use strict';

function assert(value, message) {
  if (!value) {
    var err = new Error(message || 'assertion failed');
    err.name = 'AssertionError';
    throw err;
  }
}
assert.ok = assert;

module.exports = assert;
