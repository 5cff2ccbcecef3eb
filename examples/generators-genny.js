// Generators with genny (2013): genny.fn hands the generator a `resume`
// factory in place of the caller's callback. Each resume() is a node-style
// callback for one operation, and `yield` waits for it; an error passed to it
// is thrown at the yield, so one try/catch covers every step.
var genny = require('genny');
var fakes = require('./lib/fakes');
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
        yield FileVersion.insert({ fileId: file.id, versionId: version.id })
            .execWithin(tx, resume());
        yield File.whereUpdate({ id: file.id }, { version: version.id })
            .execWithin(tx, resume());
        yield tx.commit(resume());
    } catch (err) {
        tx.rollback();
        throw err;
    }
});

// genny's README runs things in parallel by creating several resume()
// callbacks and yielding once per callback. That form cannot stop at the
// first failure: once the generator has thrown, every later callback resumes
// the finished generator and genny calls back again. Yielding an array of
// thunks does stop: genny reports the first error once and ignores the rest.
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
