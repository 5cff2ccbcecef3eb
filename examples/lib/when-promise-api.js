// The fakes with when.js promises, each asynchronous method adapted once, by
// hand, with when.promise, when.js 3's resolver-style constructor.
// lib/when-api.js lifts the same methods with when/node instead.
'use strict';
var when = require('when');
var fakes = require('./fakes');
var put = fakes.Blob.prototype.put, commit = fakes.Transaction.prototype.commit;
var execWithin = fakes.Query.prototype.execWithin, get = fakes.Lookup.prototype.get;
var createQuery = fakes.files.createQuery;

module.exports = fakes.adapt({
  put: function (stream) {
    var blob = this;
    return when.promise(function (resolve, reject) {
      put.call(blob, stream, function (err, id) {
        if (err) reject(err);
        else resolve(id);
      });
    });
  },
  commit: function () {
    var tx = this;
    return when.promise(function (resolve, reject) {
      commit.call(tx, function (err) {
        if (err) reject(err);
        else resolve();
      });
    });
  },
  execWithin: function (tx) {
    var query = this;
    return when.promise(function (resolve, reject) {
      execWithin.call(query, tx, function (err) {
        if (err) reject(err);
        else resolve();
      });
    });
  },
  get: function () {
    var lookup = this;
    return when.promise(function (resolve, reject) {
      get.call(lookup, function (err, file) {
        if (err) reject(err);
        else resolve(file);
      });
    });
  },
  createQuery: function (idOrPath, file) {
    var table = this;
    return when.promise(function (resolve, reject) {
      createQuery.call(table, idOrPath, file, function (err, query) {
        if (err) reject(err);
        else resolve(query);
      });
    });
  }
});
