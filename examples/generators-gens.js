// Generators with gens (2013): gens runs a generator that yields thunks and
// resumes it with each result. It never throws an error into the generator: a
// failed thunk ends the run and goes straight to the final callback, leaving
// the generator suspended. So the rollback cannot live in a try/catch inside
// the generator; it lives in the callback that receives the error. A throw in
// the generator's own code is not caught by gens at all.
var async = require('gens');
var parallel = require('gens/parallel');
var api = require('./lib/thunk-api');
var blobManager = api.blobManager, db = api.db, files = api.files;
var Version = api.Version, File = api.File, FileVersion = api.FileVersion;
var uuid = api.uuid, account = api.account, userAccount = api.userAccount;

var uploadWithin = async(function* (tx, blob, stream, idOrPath) {
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
});

// gens/parallel runs the thunks at once and reports the first error only.
var insertAllWithin = async(function* (tx, idOrPath, k) {
    var inserts = [];
    for (var i = 0; i < k; i++) {
        inserts.push(FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx));
    }
    yield parallel(inserts);
    yield tx.commit();
});

function rollingBackOnError(tx, done) {
    return function (err) {
        if (err) tx.rollback();
        done(err || null);
    };
}

exports.upload = function upload(stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    uploadWithin(tx, blob, stream, idOrPath, rollingBackOnError(tx, done));
};

exports.parallel = function (idOrPath, k, done) {
    var tx = db.begin();
    insertAllWithin(tx, idOrPath, k, rollingBackOnError(tx, done));
};
