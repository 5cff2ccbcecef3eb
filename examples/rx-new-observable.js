// Reactive, with RxJS 7, on operations adapted with `new Observable`
// (lib/rxjs-observable-api.js) instead of bindNodeCallback: the same pipeline
// as rx.js, so the two differ only in the adapter. Every operation is an
// observable that emits its result once, and the upload is one pipeline of
// concatMap steps. A failure, or a throw inside an operator, skips the
// remaining steps and reaches catchError, which rolls back and passes the same
// error on.
'use strict';
const { defer, of, forkJoin, throwError, concatMap, map, catchError } = require('rxjs');
const { blobManager, db, files, Version, File, FileVersion, uuid, account, userAccount } =
  require('./lib/rxjs-observable-api');

function newVersion(blobId, found) {
  const version = {
    userAccountId: userAccount.id,
    blobId,
    creatorId: userAccount.id,
    previousId: found ? found.version : null
  };
  version.id = Version.createHash(version);
  return version;
}

// The file row: the one found, or a new one inserted within the transaction.
function fileFor(tx, idOrPath, found, version) {
  if (found) return of(found);
  const file = {
    id: uuid.v1(),
    userAccountId: userAccount.id,
    name: idOrPath.split('/').pop(),
    version: version.id
  };
  return files.createQuery(idOrPath, file).pipe(
    concatMap((query) => query.execWithin(tx)),
    map(() => file)
  );
}

function rollBackOnError(tx) {
  return catchError((err) => {
    tx.rollback();
    return throwError(() => err);
  });
}

// defer: nothing starts, not even the transaction, until someone subscribes.
function upload(stream, idOrPath) {
  return defer(() => {
    const blob = blobManager.create(account);
    const tx = db.begin();
    return blob.put(stream).pipe(
      concatMap((blobId) => files.byUuidOrPath(idOrPath).get().pipe(
        map((found) => ({ found, version: newVersion(blobId, found) }))
      )),
      concatMap(({ found, version }) => Version.insert(version).execWithin(tx).pipe(
        concatMap(() => fileFor(tx, idOrPath, found, version)),
        concatMap((file) => FileVersion.insert({ fileId: file.id, versionId: version.id }).execWithin(tx).pipe(
          concatMap(() => File.whereUpdate({ id: file.id }, { version: version.id }).execWithin(tx))
        ))
      )),
      concatMap(() => tx.commit()),
      rollBackOnError(tx)
    );
  });
}

// forkJoin subscribes to every insert at once and waits for all; the first
// error unsubscribes from the rest, whose results are then ignored.
function parallel(idOrPath, k) {
  return defer(() => {
    const tx = db.begin();
    const inserts = [];
    for (let i = 0; i < k; i++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx));
    }
    return forkJoin(inserts).pipe(
      concatMap(() => tx.commit()),
      rollBackOnError(tx)
    );
  });
}

function toCallback(observable, done) {
  observable.subscribe({ error: done, complete: () => done(null) });
}

exports.upload = (stream, idOrPath, tag, done) => toCallback(upload(stream, idOrPath), done);
exports.parallel = (idOrPath, k, done) => toCallback(parallel(idOrPath, k), done);
