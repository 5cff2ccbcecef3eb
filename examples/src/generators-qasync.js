// Q.async over ES6 generators, compiled to ES5 by Traceur as in 2013. The
// generator yields Q promises from lib/q-api.js; Q resumes it with each value
// or throws the rejection at the yield, and nodeify hands the caller a
// node-style callback.
var Q = require('q');
var api = require('../lib/q-api');
var blobManager = api.blobManager, db = api.db, files = api.files;
var Version = api.Version, File = api.File, FileVersion = api.FileVersion;
var uuid = api.uuid, account = api.account, userAccount = api.userAccount;

var upload = Q.async(function* (stream, idOrPath, tag) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    try {
        var blobId = yield blob.put(stream);
        var file = yield files.byUuidOrPath(idOrPath).get();
        var version = {
            userAccountId: userAccount.id,
            blobId: blobId,
            creatorId: userAccount.id,
            previousId: file ? file.version : null
        };
        version.id = Version.createHash(version);
        yield Version.insert(version).execWithin(tx);
        if (!file) {
            file = {
                id: uuid.v1(),
                userAccountId: userAccount.id,
                name: idOrPath.split('/').pop(),
                version: version.id
            };
            var query = yield files.createQuery(idOrPath, file);
            yield query.execWithin(tx);
        }
        yield FileVersion.insert({ fileId: file.id, versionId: version.id }).execWithin(tx);
        yield File.whereUpdate({ id: file.id }, { version: version.id }).execWithin(tx);
        yield tx.commit();
    } catch (err) {
        tx.rollback();
        throw err;
    }
});

// Q.all rejects with the first rejection; the later ones are ignored.
var parallel = Q.async(function* (idOrPath, k) {
    var tx = db.begin();
    try {
        var inserts = [];
        for (var i = 0; i < k; i++) {
            inserts.push(FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx));
        }
        yield Q.all(inserts);
        yield tx.commit();
    } catch (err) {
        tx.rollback();
        throw err;
    }
});

exports.upload = function (stream, idOrPath, tag, done) {
    upload(stream, idOrPath, tag).nodeify(done);
};
exports.parallel = function (idOrPath, k, done) {
    parallel(idOrPath, k).nodeify(done);
};
