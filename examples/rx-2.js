// Reactive, with RxJS 2.1 (rx 2.1.21, installed as rx-2), the version of the
// 2013 article, on operations adapted with Rx.Observable.create
// (lib/rx2-create-api.js). The pipeline of rx-classic-create.js in the names
// this version has: returnValue for just, doAction with an error handler for
// doOnError. Each flatMap step waits for the single value of the step before
// it, and its result selector carries forward what later steps need. A failure,
// or a throw inside a selector, skips the remaining steps; the error handler
// rolls back and lets the same error through to the subscriber.
'use strict';
var Rx = require('rx-2');
var api = require('./lib/rx2-create-api');
var blobManager = api.blobManager, db = api.db, files = api.files, Version = api.Version,
  File = api.File, FileVersion = api.FileVersion, uuid = api.uuid, account = api.account,
  userAccount = api.userAccount;

function newVersion(blobId, found) {
  var version = {
    userAccountId: userAccount.id,
    blobId: blobId,
    creatorId: userAccount.id,
    previousId: found ? found.version : null
  };
  version.id = Version.createHash(version);
  return version;
}

// The file row: the one found, or a new one inserted within the transaction.
function fileFor(tx, idOrPath, found, version) {
  if (found) return Rx.Observable.returnValue(found);
  var file = {
    id: uuid.v1(),
    userAccountId: userAccount.id,
    name: idOrPath.split('/').pop(),
    version: version.id
  };
  return files.createQuery(idOrPath, file)
    .flatMap(function (query) { return query.execWithin(tx); })
    .map(function () { return file; });
}

// defer: nothing starts, not even the transaction, until someone subscribes.
function upload(stream, idOrPath) {
  return Rx.Observable.defer(function () {
    var blob = blobManager.create(account);
    var tx = db.begin();
    return blob.put(stream)
      .flatMap(function () { return files.byUuidOrPath(idOrPath).get(); },
        function (blobId, found) { return { found: found, version: newVersion(blobId, found) }; })
      .flatMap(function (s) { return Version.insert(s.version).execWithin(tx); },
        function (s) { return s; })
      .flatMap(function (s) { return fileFor(tx, idOrPath, s.found, s.version); },
        function (s, file) { return { file: file, version: s.version }; })
      .flatMap(function (s) {
        return FileVersion.insert({ fileId: s.file.id, versionId: s.version.id }).execWithin(tx);
      }, function (s) { return s; })
      .flatMap(function (s) {
        return File.whereUpdate({ id: s.file.id }, { version: s.version.id }).execWithin(tx);
      })
      .flatMap(function () { return tx.commit(); })
      .doAction(function () {}, function () { tx.rollback(); });
  });
}

// forkJoin subscribes to every insert at once and waits for the last value of
// each; the first error disposes of the rest, whose results are then ignored.
function parallel(idOrPath, k) {
  return Rx.Observable.defer(function () {
    var tx = db.begin();
    var inserts = [];
    for (var i = 0; i < k; i++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx));
    }
    return Rx.Observable.forkJoin(inserts)
      .flatMap(function () { return tx.commit(); })
      .doAction(function () {}, function () { tx.rollback(); });
  });
}

function toCallback(observable, done) {
  observable.subscribe(function () {}, done, function () { done(null); });
}

exports.upload = function (stream, idOrPath, tag, done) {
  toCallback(upload(stream, idOrPath), done);
};
exports.parallel = function (idOrPath, k, done) {
  toCallback(parallel(idOrPath, k), done);
};
