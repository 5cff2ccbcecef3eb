// q.js, unchanged, on Q 0.9.7 (the release line of 2013-14) instead of Q 1.5.
var withLibraries = require('../lib/library-set');
module.exports = withLibraries({ q: 'q-0.9' }, function () { return require('./q'); });
