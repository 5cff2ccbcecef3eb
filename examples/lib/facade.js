// Builds the storage objects of fakes.js with every asynchronous operation
// returned as a promise, thunk or observable instead of taking a callback.
//
// `represent(start)` gets `start(callback)`, which performs one fake operation,
// and returns that library's representation of it. Each library family passes
// its own idiomatic constructor (lib/*-api.js), so no generic promisify sits in
// the measured path, and this layer is not counted as the variant's code.
'use strict';
var fakes = require('./fakes');

function wrapQuery(represent, query) {
  return {
    execWithin: function (tx) {
      return represent(function (cb) { query.execWithin(tx.raw, cb); });
    }
  };
}

function wrapTx(represent, raw) {
  return {
    raw: raw,
    commit: function () {
      return represent(function (cb) { raw.commit(cb); });
    },
    rollback: function () { raw.rollback(); }
  };
}

module.exports = function facade(represent) {
  return {
    account: fakes.account,
    userAccount: fakes.userAccount,
    uuid: fakes.uuid,
    blobManager: {
      create: function (acct) {
        var blob = fakes.blobManager.create(acct);
        return {
          put: function (stream) {
            return represent(function (cb) { blob.put(stream, cb); });
          }
        };
      }
    },
    db: {
      begin: function () { return wrapTx(represent, fakes.db.begin()); }
    },
    files: {
      byUuidOrPath: function (idOrPath) {
        var lookup = fakes.files.byUuidOrPath(idOrPath);
        return {
          get: function () {
            return represent(function (cb) { lookup.get(cb); });
          }
        };
      },
      createQuery: function (idOrPath, file) {
        return represent(function (cb) {
          fakes.files.createQuery(idOrPath, file, function (err, q) {
            cb(err, q && wrapQuery(represent, q));
          });
        });
      }
    },
    Version: {
      createHash: fakes.Version.createHash,
      insert: function (v) { return wrapQuery(represent, fakes.Version.insert(v)); }
    },
    FileVersion: {
      insert: function (row) { return wrapQuery(represent, fakes.FileVersion.insert(row)); }
    },
    File: {
      whereUpdate: function (where, values) {
        return wrapQuery(represent, fakes.File.whereUpdate(where, values));
      }
    }
  };
};
