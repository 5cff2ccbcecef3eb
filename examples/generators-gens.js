// Generators with gens (2013): gens runs a generator that yields thunks and
// resumes it with each result. gens has no adapter of its own; its README
// makes each thunk with Function#bind, binding the object and the arguments
// of one node-style call, as here. gens never throws an error into the
// generator: a failed thunk ends the run and goes straight to the final
// callback, leaving the generator suspended. So the rollback cannot live in a
// try/catch inside the generator; it lives in the callback that receives the
// error. A throw in the generator's own code is not caught by gens at all.
var async = require('gens');
var parallel = require('gens/parallel');
var fakes = require('./lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

var uploadWithin = async(function* (tx, blob, stream, idOrPath) {
    var blobId = yield blob.put.bind(blob, stream);
    var lookup = files.byUuidOrPath(idOrPath);
    var file = yield lookup.get.bind(lookup);
    var version = {
        userAccountId: userAccount.id,
        blobId: blobId,
        creatorId: userAccount.id,
        previousId: file ? file.version : null
    };
    version.id = Version.createHash(version);
    var versionRow = Version.insert(version);
    yield versionRow.execWithin.bind(versionRow, tx);
    if (!file) {
        file = {
            id: uuid.v1(),
            userAccountId: userAccount.id,
            name: idOrPath.split('/').pop(),
            version: version.id
        };
        var query = yield files.createQuery.bind(files, idOrPath, file);
        yield query.execWithin.bind(query, tx);
    }
    var link = FileVersion.insert({ fileId: file.id, versionId: version.id });
    yield link.execWithin.bind(link, tx);
    var update = File.whereUpdate({ id: file.id }, { version: version.id });
    yield update.execWithin.bind(update, tx);
    yield tx.commit.bind(tx);
});

// gens/parallel runs the thunks at once and reports the first error only.
var insertAllWithin = async(function* (tx, idOrPath, k) {
    var inserts = [];
    for (var i = 0; i < k; i++) {
        var insert = FileVersion.insert({ fileId: idOrPath, versionId: i });
        inserts.push(insert.execWithin.bind(insert, tx));
    }
    yield parallel(inserts);
    yield tx.commit.bind(tx);
});

function rollingBackOnError(tx, done) {
    return function (err) {
        if (err) tx.rollback();
        done(err || null);
    };
}

exports.upload = function upload(stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    uploadWithin(tx, blob, stream, idOrPath, rollingBackOnError(tx, done));
};

exports.parallel = function (idOrPath, k, done) {
    var tx = db.begin();
    insertAllWithin(tx, idOrPath, k, rollingBackOnError(tx, done));
};
