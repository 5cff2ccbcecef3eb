// Fibers with fibrous (2013): the function runs inside a fiber, and
// `obj.sync.method(args)` calls a node-style method without its callback,
// suspending the fiber until the callback comes and returning its result or
// throwing its error. The code reads as synchronous code, try/catch included;
// fibrous() turns it back into a node-style function for the caller. Needs
// the native fibers module (Node 0.11 to 14).
var fibrous = require('fibrous');
var fakes = require('./lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

exports.upload = fibrous(function upload(stream, idOrPath, tag) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    try {
        var blobId = blob.sync.put(stream);
        var file = files.byUuidOrPath(idOrPath).sync.get();
        var version = {
            userAccountId: userAccount.id,
            blobId: blobId,
            creatorId: userAccount.id,
            previousId: file ? file.version : null
        };
        version.id = Version.createHash(version);
        Version.insert(version).sync.execWithin(tx);
        if (!file) {
            file = {
                id: uuid.v1(),
                userAccountId: userAccount.id,
                name: idOrPath.split('/').pop(),
                version: version.id
            };
            files.sync.createQuery(idOrPath, file).sync.execWithin(tx);
        }
        FileVersion.insert({ fileId: file.id, versionId: version.id }).sync.execWithin(tx);
        File.whereUpdate({ id: file.id }, { version: version.id }).sync.execWithin(tx);
        tx.sync.commit();
    } catch (err) {
        tx.rollback();
        throw err;
    }
});

// `.future` starts a call without waiting and returns a future; fibrous.wait
// suspends until every future has settled and throws the first error among
// them, so all k inserts run at once.
exports.parallel = fibrous(function parallel(idOrPath, k) {
    var tx = db.begin();
    try {
        var inserts = [];
        for (var i = 0; i < k; i++) {
            inserts.push(FileVersion.insert({ fileId: idOrPath, versionId: i }).future.execWithin(tx));
        }
        fibrous.wait(inserts);
        tx.sync.commit();
    } catch (err) {
        tx.rollback();
        throw err;
    }
});
