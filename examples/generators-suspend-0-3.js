// Generators with suspend as it was in 2013 (suspend 0.3.1, installed as
// suspend-0.3): suspend() hands the generator a `resume` callback as its last
// argument, after the caller's own. Passing `resume` to a node-style call and
// yielding waits for it; an error given to it is thrown at the yield. This
// suspend has no completion callback of its own and no fork/join, so the
// generator calls `done` itself and counts the parallel inserts by hand.
var suspend = require('suspend-0.3');
var fakes = require('./lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

exports.upload = suspend(function* upload(stream, idOrPath, tag, done, resume) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    try {
        var blobId = yield blob.put(stream, resume);
        var file = yield files.byUuidOrPath(idOrPath).get(resume);
        var version = {
            userAccountId: userAccount.id,
            blobId: blobId,
            creatorId: userAccount.id,
            previousId: file ? file.version : null
        };
        version.id = Version.createHash(version);
        yield Version.insert(version).execWithin(tx, resume);
        if (!file) {
            file = {
                id: uuid.v1(),
                userAccountId: userAccount.id,
                name: idOrPath.split('/').pop(),
                version: version.id
            };
            var query = yield files.createQuery(idOrPath, file, resume);
            yield query.execWithin(tx, resume);
        }
        yield FileVersion.insert({ fileId: file.id, versionId: version.id })
            .execWithin(tx, resume);
        yield File.whereUpdate({ id: file.id }, { version: version.id })
            .execWithin(tx, resume);
        yield tx.commit(resume);
    } catch (err) {
        tx.rollback();
        return done(err);
    }
    // Outside the try, so an exception thrown by the caller's callback is not
    // taken for a failed upload.
    done(null);
});

// Yielding nothing (null: Node 0.11 rejects a bare `yield;`) waits until
// resume is called by hand: here once, by the counter, when the last insert
// succeeds or the first one fails.
exports.parallel = suspend(function* parallel(idOrPath, k, done, resume) {
    var tx = db.begin();
    try {
        var left = k, failed = false;
        for (var i = 0; i < k; i++) {
            FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx, function (err) {
                if (failed) return;
                if (err) {
                    failed = true;
                    return resume(err);
                }
                if (--left === 0) resume(null);
            });
        }
        yield null;
        yield tx.commit(resume);
    } catch (err) {
        tx.rollback();
        return done(err);
    }
    done(null);
});
