// The fakes with native Promise, built with the constructor: what hand-written
// wrappers looked like before util.promisify.
'use strict';
module.exports = require('./facade')(function (start) {
  return new Promise(function (resolve, reject) {
    start(function (err, value) {
      if (err) reject(err);
      else resolve(value);
    });
  });
});
