// Promises everywhere (when.js): every value is a promise, and the plain code
// that would need the values (a field read, a hash, a branch) is written as
// small helpers lifted with when.lift, so they take promises and return one.
// The upload is then a graph of promises instead of a sequence of steps.
//
// A graph runs whatever is ready, so the steps that share no data would run
// at once. The reference upload runs them one at a time, so each I/O helper
// takes, as its last argument, the step it must follow: an edge that carries
// order, not data.
var when = require('when');
var keys = require('when/keys');
var api = require('./lib/when-api');
var blobManager = api.blobManager, db = api.db, files = api.files;
var Version = api.Version, File = api.File, FileVersion = api.FileVersion;
var uuid = api.uuid, account = api.account, userAccount = api.userAccount;

var lift = when.lift;

// Plain helpers, lifted.
var field = lift(function (object, name) {
    return object ? object[name] : null;
});
var withHash = lift(function (version) {
    version.id = Version.createHash(version);
    return version;
});
// Its first argument, once the steps passed after it are done.
var valueAfter = lift(function (value) {
    return value;
});

// The I/O steps, lifted.
var lookup = lift(function (idOrPath) {
    return files.byUuidOrPath(idOrPath).get();
});
var insertVersion = lift(function (version, tx) {
    return Version.insert(version).execWithin(tx);
});
var exec = lift(function (query, tx) {
    return query.execWithin(tx);
});
var linkVersion = lift(function (fileId, version, tx) {
    return FileVersion.insert({ fileId: fileId, versionId: version.id }).execWithin(tx);
});
var updateFile = lift(function (fileId, version, tx) {
    return File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx);
});
var commit = lift(function (tx) {
    return tx.commit();
});

// The one branch: a file that exists gives its id; otherwise a new file row
// is inserted, and the id is ready once that insert is.
var ensureFile = lift(function (file, version, idOrPath, tx) {
    if (file) return file.id;
    var parts = idOrPath.split('/');
    var fileId = uuid.v1();
    var inserted = exec(files.createQuery(idOrPath, {
        id: fileId,
        userAccountId: userAccount.id,
        name: parts[parts.length - 1],
        version: version.id
    }), tx);
    return valueAfter(fileId, inserted);
});

function rollbackAndRethrow(tx) {
    return function (err) {
        tx.rollback();
        throw err;
    };
}

exports.upload = function upload(stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();

    var blobId = blob.put(stream);
    var file = lookup(idOrPath, blobId);
    var version = withHash(keys.all({
        userAccountId: userAccount.id,
        blobId: blobId,
        creatorId: userAccount.id,
        previousId: field(file, 'version')
    }));
    var versionSaved = insertVersion(version, tx);
    var fileId = ensureFile(file, version, idOrPath, tx, versionSaved);
    var linked = linkVersion(fileId, version, tx);
    var updated = updateFile(fileId, version, tx, linked);
    var committed = commit(tx, updated);

    // Wait for every node, not just the last: a failure stops the nodes after
    // it, and waiting on all of them observes each rejection, so none is
    // reported as unhandled and the caller hears of the first one only.
    when.all([blobId, file, version, versionSaved, fileId, linked, updated, committed])
        .catch(rollbackAndRethrow(tx))
        .done(function () {
            done(null);
        }, done);
};

exports.parallel = function parallel(idOrPath, k, done) {
    var tx = db.begin();
    var inserts = [];
    for (var i = 0; i < k; i++) {
        inserts.push(FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx));
    }
    commit(tx, when.all(inserts))
        .catch(rollbackAndRethrow(tx))
        .done(function () {
            done(null);
        }, done);
};
