// Promises with when.js as it was in 2013 (when 2.2.1, installed as when-2):
// the chain of promises-when.js over methods lifted with when/node/function
// (lib/when2-api.js), in the names that version has. Its promises have no
// catch or done: otherwise rolls back, and nodefn.bindCallback hands the
// outcome to the node-style caller.
var when = require('when-2');
var nodefn = require('when-2/node/function');
var api = require('./lib/when2-api');
var blobManager = api.blobManager, db = api.db, files = api.files;
var Version = api.Version, File = api.File, FileVersion = api.FileVersion;
var uuid = api.uuid, account = api.account, userAccount = api.userAccount;

exports.upload = function upload(stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    var blobId, file, version;
    var result = blob.put(stream).then(function (id) {
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
            return fileId;
        });
    }).then(function (fileId) {
        return FileVersion.insert({ fileId: fileId, versionId: version.id })
            .execWithin(tx).then(function () {
                return File.whereUpdate({ id: fileId }, { version: version.id })
                    .execWithin(tx);
            });
    }).then(function () {
        return tx.commit();
    }).otherwise(function (err) {
        tx.rollback();
        throw err;
    });
    nodefn.bindCallback(result, done);
};

// when.all waits for the k inserts and rejects with the first failure.
exports.parallel = function parallel(idOrPath, k, done) {
    var tx = db.begin();
    var inserts = [];
    for (var i = 0; i < k; i++) {
        inserts.push(FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx));
    }
    var result = when.all(inserts).then(function () {
        return tx.commit();
    }).otherwise(function (err) {
        tx.rollback();
        throw err;
    });
    nodefn.bindCallback(result, done);
};
