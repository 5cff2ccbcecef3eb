// Flattened into a class: one Upload object per call holds the state, and
// each step is a method on its prototype. The methods are shared by all
// calls; each callback is the method bound to this call's object.
var fakes = require('./lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

function Upload(stream, idOrPath, done) {
    this.stream = stream;
    this.idOrPath = idOrPath;
    this.done = done;
    this.tx = null;
    this.blobId = null;
    this.file = null;
    this.version = null;
    this.fileId = null;
}

Upload.prototype.start = function () {
    var blob = blobManager.create(account);
    this.tx = db.begin();
    blob.put(this.stream, this.gotBlob.bind(this));
};

Upload.prototype.backoff = function (err) {
    this.tx.rollback();
    this.done(err);
};

Upload.prototype.gotBlob = function (err, blobId) {
    if (err) return this.backoff(err);
    this.blobId = blobId;
    files.byUuidOrPath(this.idOrPath).get(this.gotFile.bind(this));
};

Upload.prototype.gotFile = function (err, file) {
    if (err) return this.backoff(err);
    this.file = file;
    var version = this.version = {
        userAccountId: userAccount.id,
        blobId: this.blobId,
        creatorId: userAccount.id,
        previousId: file ? file.version : null
    };
    version.id = Version.createHash(version);
    Version.insert(version).execWithin(this.tx, this.insertedVersion.bind(this));
};

Upload.prototype.insertedVersion = function (err) {
    if (err) return this.backoff(err);
    if (this.file) return this.linkVersion(this.file.id);
    this.fileId = uuid.v1();
    var parts = this.idOrPath.split('/');
    files.createQuery(this.idOrPath, {
        id: this.fileId,
        userAccountId: userAccount.id,
        name: parts[parts.length - 1],
        version: this.version.id
    }, this.gotFileQuery.bind(this));
};

Upload.prototype.gotFileQuery = function (err, q) {
    if (err) return this.backoff(err);
    q.execWithin(this.tx, this.insertedFile.bind(this));
};

Upload.prototype.insertedFile = function (err) {
    if (err) return this.backoff(err);
    this.linkVersion(this.fileId);
};

Upload.prototype.linkVersion = function (fileId) {
    this.fileId = fileId;
    FileVersion.insert({ fileId: fileId, versionId: this.version.id })
        .execWithin(this.tx, this.linkedVersion.bind(this));
};

Upload.prototype.linkedVersion = function (err) {
    if (err) return this.backoff(err);
    File.whereUpdate({ id: this.fileId }, { version: this.version.id })
        .execWithin(this.tx, this.updatedFile.bind(this));
};

Upload.prototype.updatedFile = function (err) {
    if (err) return this.backoff(err);
    this.tx.commit(this.committed.bind(this));
};

Upload.prototype.committed = function (err) {
    if (err) return this.backoff(err);
    this.done(null);
};

exports.upload = function upload(stream, idOrPath, tag, done) {
    new Upload(stream, idOrPath, done).start();
};

// The parallel request as a class of its own: k inserts share one bound
// callback that counts them down; the first failure ends the request.
function ParallelInsert(idOrPath, k, done) {
    this.idOrPath = idOrPath;
    this.pending = k;
    this.failed = false;
    this.done = done;
    this.tx = null;
}

ParallelInsert.prototype.start = function () {
    this.tx = db.begin();
    var inserted = this.inserted.bind(this);
    for (var i = 0, k = this.pending; i < k; i++) {
        FileVersion.insert({ fileId: this.idOrPath, versionId: i }).execWithin(this.tx, inserted);
    }
};

ParallelInsert.prototype.inserted = function (err) {
    if (this.failed) return;
    if (err) {
        this.failed = true;
        this.tx.rollback();
        return this.done(err);
    }
    if (--this.pending === 0) this.tx.commit(this.committed.bind(this));
};

ParallelInsert.prototype.committed = function (err) {
    if (err) this.tx.rollback();
    this.done(err || null);
};

exports.parallel = function parallel(idOrPath, k, done) {
    new ParallelInsert(idOrPath, k, done).start();
};
