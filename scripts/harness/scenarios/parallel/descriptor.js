// The "parallel" scenario: n calls of the variant's parallel(id, k, done),
// each starting k inserts at once inside a transaction (--k, 25 by default).
// Its cells record k. The child's side: child.js.
'use strict';
module.exports = require('../fake-io').scenario({
  name: 'parallel',
  call: 'parallel',
  place: 3,
  extra: (settings) => ({ k: settings.k }),
  dataFields: ['k'],
  childArgs: (cell) => ['--k', String(cell.k)]
});
