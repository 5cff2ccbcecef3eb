// when.js as in 2013 (when 2.2.1, installed as when-2): when.js unchanged.
module.exports = require('../lib/library-set')({ when: 'when-2' }, function () { return require('./when'); });
