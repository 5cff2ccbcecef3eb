// The fakes with every asynchronous operation returned as an RxJS 4
// observable, each method adapted once with Rx.Observable.fromNodeCallback.
// The adapted function calls the operation at once and keeps the outcome in
// an AsyncSubject (a hot observable): it emits the result once, then
// completes, to every subscriber.
//
// rx 4.1's fromNodeCallback keeps the `this` of its first call for every
// later call (it stores it in the closure), so it cannot adapt a prototype
// method for every object. So each operation is adapted as a function that
// takes the object first, and the method passes itself.
// lib/rx4-create-api.js adapts with Rx.Observable.create instead.
'use strict';
var Rx = require('rx');
var fakes = require('./fakes');
var put = fakes.Blob.prototype.put, commit = fakes.Transaction.prototype.commit;
var execWithin = fakes.Query.prototype.execWithin, get = fakes.Lookup.prototype.get;
var createQuery = fakes.files.createQuery;

var fromNodeCallback = Rx.Observable.fromNodeCallback;
var putOf = fromNodeCallback(function (blob, stream, callback) { put.call(blob, stream, callback); });
var commitOf = fromNodeCallback(function (tx, callback) { commit.call(tx, callback); });
var execWithinOf = fromNodeCallback(function (query, tx, callback) { execWithin.call(query, tx, callback); });
var getOf = fromNodeCallback(function (lookup, callback) { get.call(lookup, callback); });
var createQueryOf = fromNodeCallback(function (table, idOrPath, file, callback) {
  createQuery.call(table, idOrPath, file, callback);
});

module.exports = fakes.adapt({
  put: function (stream) { return putOf(this, stream); },
  commit: function () { return commitOf(this); },
  execWithin: function (tx) { return execWithinOf(this, tx); },
  get: function () { return getOf(this); },
  createQuery: function (idOrPath, file) { return createQueryOf(this, idOrPath, file); }
});
