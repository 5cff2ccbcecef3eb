// The child's side of the "errors" scenario (descriptor.js): the uploads of the
// upload scenario with failures injected at --error-rate per operation.
// The workload and its checks: ../fake-io.child.js. ES5 (Node 0.11).
'use strict';
module.exports = require('../fake-io.child').scenario({ call: 'upload', errors: true });
