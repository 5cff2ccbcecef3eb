// Flattened callbacks: the pyramid of the original unrolled into named
// functions at one level, the advice of callbackhell.com. The per-call state
// the steps share lives in variables of the enclosing call.
var fakes = require('./lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

exports.upload = function upload(stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    var blobId, file, version, fileId;

    blob.put(stream, gotBlob);

    function backoff(err) {
        tx.rollback();
        done(err);
    }

    function gotBlob(err, id) {
        if (err) return backoff(err);
        blobId = id;
        files.byUuidOrPath(idOrPath).get(gotFile);
    }

    function gotFile(err, found) {
        if (err) return backoff(err);
        file = found;
        version = {
            userAccountId: userAccount.id,
            blobId: blobId,
            creatorId: userAccount.id,
            previousId: file ? file.version : null
        };
        version.id = Version.createHash(version);
        Version.insert(version).execWithin(tx, insertedVersion);
    }

    function insertedVersion(err) {
        if (err) return backoff(err);
        if (file) return linkVersion(file.id);
        fileId = uuid.v1();
        var parts = idOrPath.split('/');
        files.createQuery(idOrPath, {
            id: fileId,
            userAccountId: userAccount.id,
            name: parts[parts.length - 1],
            version: version.id
        }, gotFileQuery);
    }

    function gotFileQuery(err, q) {
        if (err) return backoff(err);
        q.execWithin(tx, insertedFile);
    }

    function insertedFile(err) {
        if (err) return backoff(err);
        linkVersion(fileId);
    }

    function linkVersion(id) {
        fileId = id;
        FileVersion.insert({ fileId: fileId, versionId: version.id })
            .execWithin(tx, linkedVersion);
    }

    function linkedVersion(err) {
        if (err) return backoff(err);
        File.whereUpdate({ id: fileId }, { version: version.id })
            .execWithin(tx, updatedFile);
    }

    function updatedFile(err) {
        if (err) return backoff(err);
        tx.commit(committed);
    }

    function committed(err) {
        if (err) return backoff(err);
        done(null);
    }
};

// k inserts at once, counted down by one shared callback; the first failure
// rolls back and reports, later completions are ignored.
exports.parallel = function parallel(idOrPath, k, done) {
    var tx = db.begin();
    var pending = k, failed = false;

    for (var i = 0; i < k; i++) {
        FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx, inserted);
    }

    function inserted(err) {
        if (failed) return;
        if (err) {
            failed = true;
            tx.rollback();
            return done(err);
        }
        if (--pending === 0) tx.commit(committed);
    }

    function committed(err) {
        if (err) tx.rollback();
        done(err || null);
    }
};
