// Generators with co (2013 style on co 4): the generator yields thunks, made by
// thunkify from the storage layer's methods (lib/thunkify-api.js), and co
// resumes it with each result, or throws the error at the yield. co.wrap turns
// the generator into a promise-returning function; the suite's entry point
// adapts that promise to a node-style callback.
var co = require('co');
var api = require('./lib/thunkify-api');
var blobManager = api.blobManager, db = api.db, files = api.files;
var Version = api.Version, File = api.File, FileVersion = api.FileVersion;
var uuid = api.uuid, account = api.account, userAccount = api.userAccount;

var upload = co.wrap(function* (stream, idOrPath, tag) {
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

// Yielding an array runs its thunks at once; co throws the first error and
// ignores the rest.
var parallel = co.wrap(function* (idOrPath, k) {
    var tx = db.begin();
    try {
        var inserts = [];
        for (var i = 0; i < k; i++) {
            inserts.push(FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx));
        }
        yield inserts;
        yield tx.commit();
    } catch (err) {
        tx.rollback();
        throw err;
    }
});

exports.upload = function (stream, idOrPath, tag, done) {
    upload(stream, idOrPath, tag).then(function () { done(null); }, done);
};
exports.parallel = function (idOrPath, k, done) {
    parallel(idOrPath, k).then(function () { done(null); }, done);
};
