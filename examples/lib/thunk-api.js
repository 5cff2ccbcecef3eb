// The fakes with every asynchronous operation returned as a thunk: a function
// that takes only a node-style callback and starts the operation when called.
// That is exactly the `start` the facade hands over, so a thunk needs no
// wrapping at all; co (2-4) and gens run such thunks when they are yielded.
'use strict';
module.exports = require('./facade')(function thunk(start) {
  return start;
});
