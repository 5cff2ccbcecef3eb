// The fakes with Bluebird promises: Promise.fromCallback hands `start` a
// node-style callback and settles the promise from it (and turns a synchronous
// throw of `start` into a rejection).
//
// Note for variants: like promisify, fromCallback rejects with a plain Error
// wrapped in a Promise.OperationalError (the original is its `.cause`), so
// code that must hand the caller the storage layer's own error unwraps it.
'use strict';
var Promise = require('bluebird');

module.exports = require('./facade')(function (start) {
  return Promise.fromCallback(start);
});
