// Flattened class with a context object: one Uploader, created once with the
// storage it works on, holds no per-call state. Each call gets a plain context
// object that every step method receives first; callbacks are the methods
// bound to the uploader and that context.
var fakes = require('./lib/fakes');

function Uploader(storage) {
    this.blobManager = storage.blobManager;
    this.db = storage.db;
    this.files = storage.files;
    this.Version = storage.Version;
    this.File = storage.File;
    this.FileVersion = storage.FileVersion;
    this.uuid = storage.uuid;
    this.account = storage.account;
    this.user = storage.userAccount;
}

Uploader.prototype.upload = function (stream, idOrPath, done) {
    var ctx = { idOrPath: idOrPath, done: done, tx: null, blobId: null, file: null, version: null, fileId: null };
    var blob = this.blobManager.create(this.account);
    ctx.tx = this.db.begin();
    blob.put(stream, this.gotBlob.bind(this, ctx));
};

Uploader.prototype.backoff = function (ctx, err) {
    ctx.tx.rollback();
    ctx.done(err);
};

Uploader.prototype.gotBlob = function (ctx, err, blobId) {
    if (err) return this.backoff(ctx, err);
    ctx.blobId = blobId;
    this.files.byUuidOrPath(ctx.idOrPath).get(this.gotFile.bind(this, ctx));
};

Uploader.prototype.gotFile = function (ctx, err, file) {
    if (err) return this.backoff(ctx, err);
    ctx.file = file;
    var version = ctx.version = {
        userAccountId: this.user.id,
        blobId: ctx.blobId,
        creatorId: this.user.id,
        previousId: file ? file.version : null
    };
    version.id = this.Version.createHash(version);
    this.Version.insert(version).execWithin(ctx.tx, this.insertedVersion.bind(this, ctx));
};

Uploader.prototype.insertedVersion = function (ctx, err) {
    if (err) return this.backoff(ctx, err);
    if (ctx.file) return this.linkVersion(ctx, ctx.file.id);
    ctx.fileId = this.uuid.v1();
    var parts = ctx.idOrPath.split('/');
    this.files.createQuery(ctx.idOrPath, {
        id: ctx.fileId,
        userAccountId: this.user.id,
        name: parts[parts.length - 1],
        version: ctx.version.id
    }, this.gotFileQuery.bind(this, ctx));
};

Uploader.prototype.gotFileQuery = function (ctx, err, q) {
    if (err) return this.backoff(ctx, err);
    q.execWithin(ctx.tx, this.insertedFile.bind(this, ctx));
};

Uploader.prototype.insertedFile = function (ctx, err) {
    if (err) return this.backoff(ctx, err);
    this.linkVersion(ctx, ctx.fileId);
};

Uploader.prototype.linkVersion = function (ctx, fileId) {
    ctx.fileId = fileId;
    this.FileVersion.insert({ fileId: fileId, versionId: ctx.version.id })
        .execWithin(ctx.tx, this.linkedVersion.bind(this, ctx));
};

Uploader.prototype.linkedVersion = function (ctx, err) {
    if (err) return this.backoff(ctx, err);
    this.File.whereUpdate({ id: ctx.fileId }, { version: ctx.version.id })
        .execWithin(ctx.tx, this.updatedFile.bind(this, ctx));
};

Uploader.prototype.updatedFile = function (ctx, err) {
    if (err) return this.backoff(ctx, err);
    ctx.tx.commit(this.committed.bind(this, ctx));
};

Uploader.prototype.committed = function (ctx, err) {
    if (err) return this.backoff(ctx, err);
    ctx.done(null);
};

// k inserts at once; the context counts them down and remembers a failure,
// so the first one ends the request and later completions are ignored.
Uploader.prototype.parallel = function (idOrPath, k, done) {
    var ctx = { done: done, tx: this.db.begin(), pending: k, failed: false };
    var inserted = this.inserted.bind(this, ctx);
    for (var i = 0; i < k; i++) {
        this.FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(ctx.tx, inserted);
    }
};

Uploader.prototype.inserted = function (ctx, err) {
    if (ctx.failed) return;
    if (err) {
        ctx.failed = true;
        return this.backoff(ctx, err);
    }
    if (--ctx.pending === 0) ctx.tx.commit(this.committed.bind(this, ctx));
};

var uploader = new Uploader(fakes);

exports.upload = function upload(stream, idOrPath, tag, done) {
    uploader.upload(stream, idOrPath, done);
};

exports.parallel = function parallel(idOrPath, k, done) {
    uploader.parallel(idOrPath, k, done);
};
