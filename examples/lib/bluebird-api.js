// The fakes with Bluebird promises, made with Bluebird's own constructor.
//
// Not Promise.fromCallback or promisify: those reject with a plain Error
// wrapped in an OperationalError (the original becomes `.cause`), so every
// Bluebird variant would have to unwrap it to hand the caller the storage
// layer's own error, as the conformance tests (and every other variant) do.
'use strict';
var Promise = require('bluebird');

module.exports = require('./facade')(function (start) {
  return new Promise(function (resolve, reject) {
    start(function (err, value) {
      if (err) reject(err);
      else resolve(value);
    });
  });
});
