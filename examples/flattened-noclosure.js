// Flattened without closures: every step is a top-level function, and all the
// state a step needs arrives as arguments, bound in front of the callback's
// (err, result) with Function#bind. No function is defined inside another.
var fakes = require('./lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

function upload(stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    blob.put(stream, gotBlob.bind(null, idOrPath, tx, done));
}

function backoff(tx, done, err) {
    tx.rollback();
    done(err);
}

function gotBlob(idOrPath, tx, done, err, blobId) {
    if (err) return backoff(tx, done, err);
    files.byUuidOrPath(idOrPath).get(gotFile.bind(null, idOrPath, tx, done, blobId));
}

function gotFile(idOrPath, tx, done, blobId, err, file) {
    if (err) return backoff(tx, done, err);
    var version = {
        userAccountId: userAccount.id,
        blobId: blobId,
        creatorId: userAccount.id,
        previousId: file ? file.version : null
    };
    version.id = Version.createHash(version);
    Version.insert(version).execWithin(tx, insertedVersion.bind(null, idOrPath, tx, done, file, version));
}

function insertedVersion(idOrPath, tx, done, file, version, err) {
    if (err) return backoff(tx, done, err);
    if (file) return linkVersion(tx, done, version, file.id);
    var fileId = uuid.v1();
    var parts = idOrPath.split('/');
    files.createQuery(idOrPath, {
        id: fileId,
        userAccountId: userAccount.id,
        name: parts[parts.length - 1],
        version: version.id
    }, gotFileQuery.bind(null, tx, done, version, fileId));
}

function gotFileQuery(tx, done, version, fileId, err, q) {
    if (err) return backoff(tx, done, err);
    q.execWithin(tx, insertedFile.bind(null, tx, done, version, fileId));
}

function insertedFile(tx, done, version, fileId, err) {
    if (err) return backoff(tx, done, err);
    linkVersion(tx, done, version, fileId);
}

function linkVersion(tx, done, version, fileId) {
    FileVersion.insert({ fileId: fileId, versionId: version.id })
        .execWithin(tx, linkedVersion.bind(null, tx, done, version, fileId));
}

function linkedVersion(tx, done, version, fileId, err) {
    if (err) return backoff(tx, done, err);
    File.whereUpdate({ id: fileId }, { version: version.id })
        .execWithin(tx, updatedFile.bind(null, tx, done));
}

function updatedFile(tx, done, err) {
    if (err) return backoff(tx, done, err);
    tx.commit(committed.bind(null, tx, done));
}

function committed(tx, done, err) {
    if (err) return backoff(tx, done, err);
    done(null);
}

// The parallel request keeps its counter in a small state object, since
// bound arguments cannot be updated; all k inserts share one bound callback.
function parallel(idOrPath, k, done) {
    var state = { tx: db.begin(), pending: k, failed: false, done: done };
    var callback = inserted.bind(null, state);
    for (var i = 0; i < k; i++) {
        FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(state.tx, callback);
    }
}

function inserted(state, err) {
    if (state.failed) return;
    if (err) {
        state.failed = true;
        return backoff(state.tx, state.done, err);
    }
    if (--state.pending === 0) state.tx.commit(parallelCommitted.bind(null, state));
}

function parallelCommitted(state, err) {
    if (err) return backoff(state.tx, state.done, err);
    state.done(null);
}

exports.upload = upload;
exports.parallel = parallel;
