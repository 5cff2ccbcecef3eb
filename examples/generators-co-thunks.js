// Generators with co as it was in 2013 (co 3.1.0, installed as co-3): co
// wraps the generator in a function that takes a node-style callback last,
// runs it, and resumes it with each thunk's result or throws the thunk's error
// at the yield. The thunks come from thunkify (lib/thunkify-api.js). Unlike
// generators-co.js on co 4, no promise sits between co and the caller: co 3
// calls the callback itself when the generator returns or throws.
var co = require('co-3');
var api = require('./lib/thunkify-api');
var blobManager = api.blobManager, db = api.db, files = api.files;
var Version = api.Version, File = api.File, FileVersion = api.FileVersion;
var uuid = api.uuid, account = api.account, userAccount = api.userAccount;

exports.upload = co(function* (stream, idOrPath, tag) {
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

// co 3 runs the thunks of a yielded array at once and throws the first error;
// it ignores the results that arrive after that.
exports.parallel = co(function* (idOrPath, k) {
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
