// when.js 1.8.1 (installed as when-1), the version that resolved synchronously: when.js unchanged.
module.exports = require('../lib/library-set')({ when: 'when-1' }, function () { return require('./when'); });
