// co over ES6 generators, written for a compiler (2013): node 0.10 had no
// generators and 0.11 only behind --harmony, so the generator code was run
// through Traceur or regenerator first. The source is plain co: it yields
// thunks from thunkify and co hands back each result, or throws the error at
// the yield.
var co = require('co');
var api = require('../lib/thunkify-api');
var blobManager = api.blobManager, db = api.db, files = api.files;
var Version = api.Version, File = api.File, FileVersion = api.FileVersion;
var uuid = api.uuid, account = api.account, userAccount = api.userAccount;

function* upload(stream, idOrPath, tag) {
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
}

// An array of thunks runs them all at once; co throws the first error and
// drops the rest.
function* parallel(idOrPath, k) {
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
}

var uploadP = co.wrap(upload), parallelP = co.wrap(parallel);

exports.upload = function (stream, idOrPath, tag, done) {
    uploadP(stream, idOrPath, tag).then(function () { done(null); }, done);
};
exports.parallel = function (idOrPath, k, done) {
    parallelP(idOrPath, k).then(function () { done(null); }, done);
};
