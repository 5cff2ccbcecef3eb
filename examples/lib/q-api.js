// The fakes with Q promises: a deferred per call, settled by the node-style
// resolver Q makes for it, as Q's own documentation adapts callback APIs.
'use strict';
var Q = require('q');

module.exports = require('./facade')(function (start) {
  var deferred = Q.defer();
  start(deferred.makeNodeResolver());
  return deferred.promise;
});
