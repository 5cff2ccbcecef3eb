// Promises with Bluebird: every I/O call returns a Bluebird promise, made by
// Bluebird's constructor (lib/bluebird-api.js), the steps are a chain of
// .then() calls, .catch() rolls back, and .nodeify() hands the outcome to
// the node-style caller (Bluebird 3 calls it asCallback and keeps the old
// name, so this file runs unchanged on Bluebird 0.9 too: promises-bluebird-0-9).
var Promise = require('bluebird');
var api = require('./lib/bluebird-api');
var blobManager = api.blobManager, db = api.db, files = api.files;
var Version = api.Version, File = api.File, FileVersion = api.FileVersion;
var uuid = api.uuid, account = api.account, userAccount = api.userAccount;

exports.upload = function upload(stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    var blobId, file, version;
    blob.put(stream).then(function (id) {
        blobId = id;
        return files.byUuidOrPath(idOrPath).get();
    }).then(function (found) {
        file = found;
        version = {
            userAccountId: userAccount.id,
            blobId: blobId,
            creatorId: userAccount.id,
            previousId: file ? file.version : null
        };
        version.id = Version.createHash(version);
        return Version.insert(version).execWithin(tx);
    }).then(function () {
        if (file) return file.id;
        var parts = idOrPath.split('/');
        var fileId = uuid.v1();
        return files.createQuery(idOrPath, {
            id: fileId,
            userAccountId: userAccount.id,
            name: parts[parts.length - 1],
            version: version.id
        }).then(function (q) {
            return q.execWithin(tx);
        }).then(function () {
            return fileId; // not .return(fileId): Bluebird 0.9 lacks it
        });
    }).then(function (fileId) {
        return FileVersion.insert({ fileId: fileId, versionId: version.id })
            .execWithin(tx).then(function () {
                return File.whereUpdate({ id: fileId }, { version: version.id })
                    .execWithin(tx);
            });
    }).then(function () {
        return tx.commit();
    }).catch(function (err) {
        tx.rollback();
        throw err;
    }).nodeify(done);
};

// Promise.all waits for the k inserts and rejects with the first failure.
exports.parallel = function parallel(idOrPath, k, done) {
    var tx = db.begin();
    var inserts = [];
    for (var i = 0; i < k; i++) {
        inserts.push(FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx));
    }
    Promise.all(inserts).then(function () {
        return tx.commit();
    }).catch(function (err) {
        tx.rollback();
        throw err;
    }).nodeify(done);
};
