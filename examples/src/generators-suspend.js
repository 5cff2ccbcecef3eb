// suspend over ES6 generators, compiled to ES5 by Traceur as in 2013. In the
// source, suspend.resume() is the node-style callback of one operation, and
// suspend.callback() gives the generator a callback-last signature.
var suspend = require('suspend');
var resume = suspend.resume;
var fakes = require('../lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

exports.upload = suspend.callback(function* upload(stream, idOrPath, tag) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    try {
        var blobId = yield blob.put(stream, resume());
        var file = yield files.byUuidOrPath(idOrPath).get(resume());
        var version = {
            userAccountId: userAccount.id,
            blobId: blobId,
            creatorId: userAccount.id,
            previousId: file ? file.version : null
        };
        version.id = Version.createHash(version);
        yield Version.insert(version).execWithin(tx, resume());
        if (!file) {
            file = {
                id: uuid.v1(),
                userAccountId: userAccount.id,
                name: idOrPath.split('/').pop(),
                version: version.id
            };
            var query = yield files.createQuery(idOrPath, file, resume());
            yield query.execWithin(tx, resume());
        }
        yield FileVersion.insert({ fileId: file.id, versionId: version.id }).execWithin(tx, resume());
        yield File.whereUpdate({ id: file.id }, { version: version.id }).execWithin(tx, resume());
        yield tx.commit(resume());
    } catch (err) {
        tx.rollback();
        throw err;
    }
});

// fork() hands out one callback per insert without pausing; join() resumes
// when all have called back and throws the first error in fork order.
exports.parallel = suspend.callback(function* parallel(idOrPath, k) {
    var tx = db.begin();
    try {
        for (var i = 0; i < k; i++) {
            FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx, suspend.fork());
        }
        yield suspend.join();
        yield tx.commit(resume());
    } catch (err) {
        tx.rollback();
        throw err;
    }
});
