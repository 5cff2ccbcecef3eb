// The fakes with when.js promises, built with when.promise, the resolver form
// when.js 3 recommends for adapting a node-style call.
'use strict';
var when = require('when');

module.exports = require('./facade')(function (start) {
  return when.promise(function (resolve, reject) {
    start(function (err, value) {
      if (err) reject(err);
      else resolve(value);
    });
  });
});
