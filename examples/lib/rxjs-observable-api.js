// The fakes with every asynchronous operation returned as an RxJS 7
// observable, each method adapted once, by hand, with the Observable
// constructor. Each subscription runs the operation, which emits its result
// once and completes. lib/rxjs-api.js uses bindNodeCallback instead, which
// also keeps the outcome in an AsyncSubject for later subscribers.
'use strict';
var Observable = require('rxjs').Observable;
var fakes = require('./fakes');
var put = fakes.Blob.prototype.put, commit = fakes.Transaction.prototype.commit;
var execWithin = fakes.Query.prototype.execWithin, get = fakes.Lookup.prototype.get;
var createQuery = fakes.files.createQuery;

// The node-style callback that settles one subscriber.
function settle(subscriber) {
  return function (err, value) {
    if (err) return subscriber.error(err);
    subscriber.next(value);
    subscriber.complete();
  };
}

module.exports = fakes.adapt({
  put: function (stream) {
    var blob = this;
    return new Observable(function (subscriber) {
      put.call(blob, stream, settle(subscriber));
    });
  },
  commit: function () {
    var tx = this;
    return new Observable(function (subscriber) {
      commit.call(tx, settle(subscriber));
    });
  },
  execWithin: function (tx) {
    var query = this;
    return new Observable(function (subscriber) {
      execWithin.call(query, tx, settle(subscriber));
    });
  },
  get: function () {
    var lookup = this;
    return new Observable(function (subscriber) {
      get.call(lookup, settle(subscriber));
    });
  },
  createQuery: function (idOrPath, file) {
    var table = this;
    return new Observable(function (subscriber) {
      createQuery.call(table, idOrPath, file, settle(subscriber));
    });
  }
});
