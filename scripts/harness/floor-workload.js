// The empirical floor: the upload and parallel work of every variant (the
// same fake operations of examples/lib/fakes.js, in the same order, with the
// same rollback on failure) with no control-flow style at all. Each call owns
// one continuation function that the fakes call back, and a step counter says
// what comes next: no library, no closure per step, no error wrapping. What a
// variant takes beyond this workload's time is what its style costs; what
// this workload takes is the timer and fake-I/O machinery every style pays.
//
// Not a variant (not in examples/manifest.json): the harness runs it in every
// cell group as the pseudo-variant "floor" (plan.js) through child.js's
// --variant FILE. Written in ES5 + CommonJS because child.js loads it on
// every runtime of the matrix, Node 0.11 included.
'use strict';
var path = require('path');
// Reached by path, as child.js reaches it: the harness room imports no file
// outside scripts/ by a relative require (test/unit/scripts-layout.test.js).
var fakes = require(path.join(__dirname, '..', '..', 'examples', 'lib', 'fakes.js'));
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

// Steps of an upload; each names what the callback that arrives next finishes.
var PUT = 0, GET = 1, VERSION = 2, QUERY = 3, INSERT = 4, FILE_VERSION = 5, UPDATE = 6, COMMIT = 7;

exports.upload = function upload(stream, idOrPath, tag, done) {
  var blob = blobManager.create(account);
  var tx = db.begin();
  var step = PUT, blobId = null, file = null, version = null, fileId = null;
  function next(err, value) {
    if (err) {
      tx.rollback();
      return done(err);
    }
    switch (step) {
      case PUT:
        blobId = value;
        step = GET;
        return files.byUuidOrPath(idOrPath).get(next);
      case GET:
        file = value;
        version = {
          userAccountId: userAccount.id,
          blobId: blobId,
          creatorId: userAccount.id,
          previousId: file ? file.version : null
        };
        version.id = Version.createHash(version);
        step = VERSION;
        return Version.insert(version).execWithin(tx, next);
      case VERSION:
        if (file) {
          fileId = file.id;
          step = FILE_VERSION;
          return FileVersion.insert({ fileId: fileId, versionId: version.id }).execWithin(tx, next);
        }
        var parts = idOrPath.split('/');
        fileId = uuid.v1();
        step = QUERY;
        return files.createQuery(idOrPath, {
          id: fileId,
          userAccountId: userAccount.id,
          name: parts[parts.length - 1],
          version: version.id
        }, next);
      case QUERY:
        step = INSERT;
        return value.execWithin(tx, next);
      case INSERT:
        step = FILE_VERSION;
        return FileVersion.insert({ fileId: fileId, versionId: version.id }).execWithin(tx, next);
      case FILE_VERSION:
        step = UPDATE;
        return File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx, next);
      case UPDATE:
        step = COMMIT;
        return tx.commit(next);
      default:
        return done(null);
    }
  }
  blob.put(stream, next);
};

// k inserts at once, one callback shared by all of them; the first failure
// rolls back and reports, later completions are ignored.
exports.parallel = function parallel(idOrPath, k, done) {
  var tx = db.begin();
  var pending = k, failed = false;
  function inserted(err) {
    if (failed) return;
    if (err) {
      failed = true;
      tx.rollback();
      return done(err);
    }
    if (--pending === 0) tx.commit(committed);
  }
  function committed(err) {
    if (err) tx.rollback();
    done(err || null);
  }
  for (var i = 0; i < k; i++) FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx, inserted);
};
