// The child's side of the "upload" scenario (descriptor.js): n concurrent calls
// of the variant's upload(stream, idOrPath, tag, done), no failure injected.
// The workload and its checks: ../fake-io.child.js. ES5 (Node 0.11).
'use strict';
module.exports = require('../fake-io.child').scenario({ call: 'upload', errors: false });
