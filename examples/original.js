// Nested callbacks, the way most node code was written in 2013: each step
// continues inside the callback of the one before it.
var fakes = require('./lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

exports.upload = function upload(stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    function backoff(err) {
        tx.rollback();
        done(err);
    }
    blob.put(stream, function (err, blobId) {
        if (err) return backoff(err);
        files.byUuidOrPath(idOrPath).get(function (err, file) {
            if (err) return backoff(err);
            var previousId = file ? file.version : null;
            var version = {
                userAccountId: userAccount.id,
                blobId: blobId,
                creatorId: userAccount.id,
                previousId: previousId
            };
            version.id = Version.createHash(version);
            Version.insert(version).execWithin(tx, function (err) {
                if (err) return backoff(err);
                if (file) return afterFileExists(null, file.id);
                var parts = idOrPath.split('/');
                var fileId = uuid.v1();
                files.createQuery(idOrPath, {
                    id: fileId,
                    userAccountId: userAccount.id,
                    name: parts[parts.length - 1],
                    version: version.id
                }, function (err, q) {
                    if (err) return backoff(err);
                    q.execWithin(tx, function (err) {
                        afterFileExists(err, fileId);
                    });
                });
            });
            function afterFileExists(err, fileId) {
                if (err) return backoff(err);
                FileVersion.insert({ fileId: fileId, versionId: version.id })
                    .execWithin(tx, function (err) {
                        if (err) return backoff(err);
                        File.whereUpdate({ id: fileId }, { version: version.id })
                            .execWithin(tx, function (err) {
                                if (err) return backoff(err);
                                tx.commit(function (err) {
                                    if (err) return backoff(err);
                                    done(null);
                                });
                            });
                    });
            }
        });
    });
};

// k independent inserts at once; the first failure rolls back and reports,
// later completions are ignored.
exports.parallel = function parallel(idOrPath, k, done) {
    var tx = db.begin();
    var pending = k, failed = false;
    for (var i = 0; i < k; i++) {
        FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx, function (err) {
            if (failed) return;
            if (err) {
                failed = true;
                tx.rollback();
                return done(err);
            }
            if (--pending === 0) tx.commit(function (err) {
                if (err) tx.rollback();
                done(err || null);
            });
        });
    }
};
