// caolan's async: the steps as an async.waterfall, each passing its results
// to the next; any error skips to the final callback, which rolls back.
var async = require('async');
var fakes = require('./lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

exports.upload = function upload(stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    var version;
    async.waterfall([
        function (next) {
            blob.put(stream, next);
        },
        function (blobId, next) {
            files.byUuidOrPath(idOrPath).get(function (err, file) {
                next(err, blobId, file);
            });
        },
        function (blobId, file, next) {
            version = {
                userAccountId: userAccount.id,
                blobId: blobId,
                creatorId: userAccount.id,
                previousId: file ? file.version : null
            };
            version.id = Version.createHash(version);
            Version.insert(version).execWithin(tx, function (err) {
                next(err, file);
            });
        },
        function (file, next) {
            if (file) return next(null, file.id);
            var parts = idOrPath.split('/');
            var fileId = uuid.v1();
            files.createQuery(idOrPath, {
                id: fileId,
                userAccountId: userAccount.id,
                name: parts[parts.length - 1],
                version: version.id
            }, function (err, q) {
                if (err) return next(err);
                q.execWithin(tx, function (err) {
                    next(err, fileId);
                });
            });
        },
        function (fileId, next) {
            FileVersion.insert({ fileId: fileId, versionId: version.id })
                .execWithin(tx, function (err) {
                    next(err, fileId);
                });
        },
        function (fileId, next) {
            File.whereUpdate({ id: fileId }, { version: version.id })
                .execWithin(tx, function (err) {
                    next(err);
                });
        },
        function (next) {
            tx.commit(next);
        }
    ], function (err) {
        if (err) tx.rollback();
        done(err || null);
    });
};

// async.parallel runs the k inserts at once and calls back on the first
// error, ignoring the rest; the commit follows only when all succeeded.
exports.parallel = function parallel(idOrPath, k, done) {
    var tx = db.begin();
    var inserts = [];
    for (var i = 0; i < k; i++) inserts.push(insertVersion(idOrPath, i, tx));
    async.parallel(inserts, function (err) {
        if (err) {
            tx.rollback();
            return done(err);
        }
        tx.commit(function (err) {
            if (err) tx.rollback();
            done(err || null);
        });
    });
};

function insertVersion(fileId, versionId, tx) {
    return function (callback) {
        FileVersion.insert({ fileId: fileId, versionId: versionId }).execWithin(tx, callback);
    };
}
