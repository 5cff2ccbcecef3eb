// Q as in 2013 (Q 0.9.7, installed as q-0.9): q.js unchanged.
module.exports = require('../lib/library-set')({ q: 'q-0.9' }, function () { return require('./q'); });
