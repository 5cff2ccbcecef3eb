// The fakes with Bluebird promises, each asynchronous method adapted once, by
// hand, with Bluebird's own constructor.
//
// Bluebird's promisify (and fromCallback) would keep the error only when it
// is an instance of an Error subclass: a plain Error, like every error the
// storage layer passes here, reaches the promise wrapped in an
// OperationalError, with the original as its `cause`. The caller must get the
// storage layer's own error, so the Bluebird variants use the constructor and
// read like every other promise variant; promises-bluebird-promisify.js (with
// lib/bluebird-promisify-api.js) measures promisify and unwraps the error.
'use strict';
var Promise = require('bluebird');
var fakes = require('./fakes');
var put = fakes.Blob.prototype.put, commit = fakes.Transaction.prototype.commit;
var execWithin = fakes.Query.prototype.execWithin, get = fakes.Lookup.prototype.get;
var createQuery = fakes.files.createQuery;

module.exports = fakes.adapt({
  put: function (stream) {
    var blob = this;
    return new Promise(function (resolve, reject) {
      put.call(blob, stream, function (err, id) {
        if (err) reject(err);
        else resolve(id);
      });
    });
  },
  commit: function () {
    var tx = this;
    return new Promise(function (resolve, reject) {
      commit.call(tx, function (err) {
        if (err) reject(err);
        else resolve();
      });
    });
  },
  execWithin: function (tx) {
    var query = this;
    return new Promise(function (resolve, reject) {
      execWithin.call(query, tx, function (err) {
        if (err) reject(err);
        else resolve();
      });
    });
  },
  get: function () {
    var lookup = this;
    return new Promise(function (resolve, reject) {
      get.call(lookup, function (err, file) {
        if (err) reject(err);
        else resolve(file);
      });
    });
  },
  createQuery: function (idOrPath, file) {
    var table = this;
    return new Promise(function (resolve, reject) {
      createQuery.call(table, idOrPath, file, function (err, query) {
        if (err) reject(err);
        else resolve(query);
      });
    });
  }
});
