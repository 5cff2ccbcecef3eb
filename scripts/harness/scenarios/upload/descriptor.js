// The "upload" scenario, the 2013 article's: n concurrent uploads (a file
// read and a transaction of inserts and updates) against the fakes, every
// fake I/O operation taking t ms (cpu mode) or n × dt ms (io mode). The scale
// sweep (--sweep) measures it alone. Workload shared with errors and
// parallel: ../fake-io.js; the child's side: child.js.
'use strict';
module.exports = require('../fake-io').scenario({ name: 'upload', call: 'upload', place: 1, sweep: true });
