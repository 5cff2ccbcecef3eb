// Callbacks with an error catcher: the nesting of the original, but every
// callback is wrapped by lib/catcher.js, which sends errors and throws to one
// handler, so no step repeats `if (err) return backoff(err)`.
var fakes = require('./lib/fakes');
var catcher = require('./lib/catcher');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

exports.upload = function upload(stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    var ok = catcher(function backoff(err) {
        tx.rollback();
        done(err);
    });
    blob.put(stream, ok(function (blobId) {
        files.byUuidOrPath(idOrPath).get(ok(function (file) {
            var version = {
                userAccountId: userAccount.id,
                blobId: blobId,
                creatorId: userAccount.id,
                previousId: file ? file.version : null
            };
            version.id = Version.createHash(version);
            Version.insert(version).execWithin(tx, ok(function () {
                if (file) return afterFileExists(file.id);
                var parts = idOrPath.split('/');
                var fileId = uuid.v1();
                files.createQuery(idOrPath, {
                    id: fileId,
                    userAccountId: userAccount.id,
                    name: parts[parts.length - 1],
                    version: version.id
                }, ok(function (q) {
                    q.execWithin(tx, ok(function () {
                        afterFileExists(fileId);
                    }));
                }));
            }));
            function afterFileExists(fileId) {
                FileVersion.insert({ fileId: fileId, versionId: version.id })
                    .execWithin(tx, ok(function () {
                        File.whereUpdate({ id: fileId }, { version: version.id })
                            .execWithin(tx, ok(function () {
                                tx.commit(ok.last(done));
                            }));
                    }));
            }
        }));
    }));
};

// The catcher also makes the parallel counter short: a failed insert reaches
// the handler once and silences the rest.
exports.parallel = function parallel(idOrPath, k, done) {
    var tx = db.begin();
    var ok = catcher(function backoff(err) {
        tx.rollback();
        done(err);
    });
    var pending = k;
    var inserted = ok(function () {
        if (--pending === 0) tx.commit(ok.last(done));
    });
    for (var i = 0; i < k; i++) {
        FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx, inserted);
    }
};
