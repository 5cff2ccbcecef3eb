// bluebird.js, unchanged, on Bluebird 0.9.11-1 (the line the 2014 post measured) instead of Bluebird 3.
var withLibraries = require('../lib/library-set');
module.exports = withLibraries({ bluebird: 'bluebird-0.9' }, function () { return require('./bluebird'); });
