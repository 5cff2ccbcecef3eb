// The fakes with Q promises: each asynchronous method adapted once, by hand,
// with a deferred settled by the node-style callback Q makes for it
// (deferred.makeNodeResolver()), as Q's documentation adapts callback APIs.
//
// Not Q.denodeify / Q.nfbind: the function they return calls the original
// without `this`, so they cannot adapt a method once for every object. Q's
// adapters for methods cannot either: Q.nbind binds the one object it is
// given when built, and Q.ninvoke / Q.npost take object and method name on
// every call.
'use strict';
var Q = require('q');
var fakes = require('./fakes');
var put = fakes.Blob.prototype.put, commit = fakes.Transaction.prototype.commit;
var execWithin = fakes.Query.prototype.execWithin, get = fakes.Lookup.prototype.get;
var createQuery = fakes.files.createQuery;

module.exports = fakes.adapt({
  put: function (stream) {
    var deferred = Q.defer();
    put.call(this, stream, deferred.makeNodeResolver());
    return deferred.promise;
  },
  commit: function () {
    var deferred = Q.defer();
    commit.call(this, deferred.makeNodeResolver());
    return deferred.promise;
  },
  execWithin: function (tx) {
    var deferred = Q.defer();
    execWithin.call(this, tx, deferred.makeNodeResolver());
    return deferred.promise;
  },
  get: function () {
    var deferred = Q.defer();
    get.call(this, deferred.makeNodeResolver());
    return deferred.promise;
  },
  createQuery: function (idOrPath, file) {
    var deferred = Q.defer();
    createQuery.call(this, idOrPath, file, deferred.makeNodeResolver());
    return deferred.promise;
  }
});
