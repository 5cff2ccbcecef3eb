// The "errors" scenario: the uploads of the upload scenario with every asynchronous
// fake operation failing with probability --error-rate (about 10 % of calls
// fail), so the error path is timed too. Its cells record the rate, and their
// summary the failed calls. The child's side: child.js.
'use strict';
module.exports = require('../fake-io').scenario({
  name: 'errors',
  call: 'upload',
  place: 2,
  extra: (settings) => ({ errorRate: settings.errorRate }),
  dataFields: ['errorRate'],
  childArgs: (cell) => ['--error-rate', String(cell.errorRate)],
  summary: { failedCalls: 'failed' }
});
