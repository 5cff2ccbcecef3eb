// The fakes with every asynchronous operation returned as an RxJS 4
// observable, each method adapted once, by hand, with Rx.Observable.create,
// the form RxJS code used before fromNodeCallback existed (RxJS 2.1, the 2013
// article's version, lacked it). Each subscription runs the operation, which
// emits its result once and completes. lib/rx4-api.js uses fromNodeCallback.
'use strict';
var Rx = require('rx');
var fakes = require('./fakes');
var put = fakes.Blob.prototype.put, commit = fakes.Transaction.prototype.commit;
var execWithin = fakes.Query.prototype.execWithin, get = fakes.Lookup.prototype.get;
var createQuery = fakes.files.createQuery;

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
    });
  },
  commit: function () {
    var tx = this;
    return Rx.Observable.create(function (observer) {
      commit.call(tx, settle(observer));
    });
  },
  execWithin: function (tx) {
    var query = this;
    return Rx.Observable.create(function (observer) {
      execWithin.call(query, tx, settle(observer));
    });
  },
  get: function () {
    var lookup = this;
    return Rx.Observable.create(function (observer) {
      get.call(lookup, settle(observer));
    });
  },
  createQuery: function (idOrPath, file) {
    var table = this;
    return Rx.Observable.create(function (observer) {
      createQuery.call(table, idOrPath, file, settle(observer));
    });
  }
});
