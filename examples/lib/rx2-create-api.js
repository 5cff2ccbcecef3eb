// The fakes with every asynchronous operation returned as an observable of
// RxJS 2.1 (rx 2.1.21, installed as rx-2), the version of the 2013 article.
// It has no fromNodeCallback, so each method is adapted once, by hand, with
// Rx.Observable.create. In this version the subscribe function must return
// what disposes of the subscription: a function, here one with nothing to
// cancel, since a fake operation cannot be stopped once started.
'use strict';
var Rx = require('rx-2');
var fakes = require('./fakes');
var put = fakes.Blob.prototype.put, commit = fakes.Transaction.prototype.commit;
var execWithin = fakes.Query.prototype.execWithin, get = fakes.Lookup.prototype.get;
var createQuery = fakes.files.createQuery;

function nothingToCancel() {}

// The node-style callback that settles one observer.
function settle(observer) {
  return function (err, value) {
    if (err) return observer.onError(err);
    observer.onNext(value);
    observer.onCompleted();
  };
}

module.exports = fakes.adapt({
  put: function (stream) {
    var blob = this;
    return Rx.Observable.create(function (observer) {
      put.call(blob, stream, settle(observer));
      return nothingToCancel;
    });
  },
  commit: function () {
    var tx = this;
    return Rx.Observable.create(function (observer) {
      commit.call(tx, settle(observer));
      return nothingToCancel;
    });
  },
  execWithin: function (tx) {
    var query = this;
    return Rx.Observable.create(function (observer) {
      execWithin.call(query, tx, settle(observer));
      return nothingToCancel;
    });
  },
  get: function () {
    var lookup = this;
    return Rx.Observable.create(function (observer) {
      get.call(lookup, settle(observer));
      return nothingToCancel;
    });
  },
  createQuery: function (idOrPath, file) {
    var table = this;
    return Rx.Observable.create(function (observer) {
      createQuery.call(table, idOrPath, file, settle(observer));
      return nothingToCancel;
    });
  }
});
