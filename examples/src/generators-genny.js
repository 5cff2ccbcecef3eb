// genny over ES6 generators, compiled to ES5 by Traceur as in 2013. The
// source is ordinary genny: genny.fn passes the generator a `resume` factory
// where the caller's callback was, each resume() is the callback of one
// operation, and an error given to it is thrown at the yield.
var genny = require('genny');
var fakes = require('../lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

exports.upload = genny.fn(function* upload(stream, idOrPath, tag, resume) {
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

// Several resume() callbacks would call back into a generator that has
// already thrown; an array of bound thunks lets genny stop at the first error.
exports.parallel = genny.fn(function* parallel(idOrPath, k, resume) {
    var tx = db.begin();
    try {
        var inserts = [];
        for (var i = 0; i < k; i++) {
            var insert = FileVersion.insert({ fileId: idOrPath, versionId: i });
            inserts.push(insert.execWithin.bind(insert, tx));
        }
        yield inserts;
        yield tx.commit(resume());
    } catch (err) {
        tx.rollback();
        throw err;
    }
});
