// streamline.js (2013): plain sequential code in which `_` stands for the
// callback. The compiler turns each `f(args, _)` into a real callback, so
// ordinary try/catch covers every asynchronous step, and a function that
// takes `_` is called from outside like any node-style function.
var fakes = require('../lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

exports.upload = function upload(stream, idOrPath, tag, _) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    try {
        var blobId = blob.put(stream, _);
        var file = files.byUuidOrPath(idOrPath).get(_);
        var version = {
            userAccountId: userAccount.id,
            blobId: blobId,
            creatorId: userAccount.id,
            previousId: file ? file.version : null
        };
        version.id = Version.createHash(version);
        Version.insert(version).execWithin(tx, _);
        if (!file) {
            file = {
                id: uuid.v1(),
                userAccountId: userAccount.id,
                name: idOrPath.split('/').pop(),
                version: version.id
            };
            files.createQuery(idOrPath, file, _).execWithin(tx, _);
        }
        FileVersion.insert({ fileId: file.id, versionId: version.id }).execWithin(tx, _);
        File.whereUpdate({ id: file.id }, { version: version.id }).execWithin(tx, _);
        tx.commit(_);
    } catch (err) {
        tx.rollback();
        throw err;
    }
};

// streamline's array functions take a degree of parallelism; -1 starts
// every insert at once. The first error thrown by one of them ends the wait
// and reaches the catch; later completions are not heard.
exports.parallel = function parallel(idOrPath, k, _) {
    var tx = db.begin();
    var versions = [];
    for (var i = 0; i < k; i++) versions.push(i);
    try {
        versions.forEach_(_, -1, function (_, versionId) {
            FileVersion.insert({ fileId: idOrPath, versionId: versionId }).execWithin(tx, _);
        });
        tx.commit(_);
    } catch (err) {
        tx.rollback();
        throw err;
    }
};
