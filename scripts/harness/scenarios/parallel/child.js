// The child's side of the "parallel" scenario (descriptor.js): n concurrent
// calls of the variant's parallel(idOrPath, k, done), no failure injected.
// The workload and its checks: ../fake-io.child.js. ES5 (Node 0.11).
'use strict';
module.exports = require('../fake-io.child').scenario({ call: 'parallel', errors: false });
