// StratifiedJS (2013): a superset of JavaScript whose runtime suspends code
// at `waitfor` until `resume` is called, so the steps read top to bottom and
// one try/catch sees every failure. The caller still gets a node-style
// callback, called once after the try.
var fakes = require('../lib/fakes');
var blobManager = fakes.blobManager, db = fakes.db, files = fakes.files;
var Version = fakes.Version, File = fakes.File, FileVersion = fakes.FileVersion;
var uuid = fakes.uuid, account = fakes.account, userAccount = fakes.userAccount;

exports.upload = function (stream, idOrPath, tag, done) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    var failure = null;
    try {
        waitfor (var err, blobId) { blob.put(stream, resume); }
        if (err) throw err;
        waitfor (var err, file) { files.byUuidOrPath(idOrPath).get(resume); }
        if (err) throw err;
        var version = {
            userAccountId: userAccount.id,
            blobId: blobId,
            creatorId: userAccount.id,
            previousId: file ? file.version : null
        };
        version.id = Version.createHash(version);
        waitfor (var err) { Version.insert(version).execWithin(tx, resume); }
        if (err) throw err;
        if (!file) {
            file = {
                id: uuid.v1(),
                userAccountId: userAccount.id,
                name: idOrPath.split('/').pop(),
                version: version.id
            };
            waitfor (var err, query) { files.createQuery(idOrPath, file, resume); }
            if (err) throw err;
            waitfor (var err) { query.execWithin(tx, resume); }
            if (err) throw err;
        }
        waitfor (var err) { FileVersion.insert({ fileId: file.id, versionId: version.id }).execWithin(tx, resume); }
        if (err) throw err;
        waitfor (var err) { File.whereUpdate({ id: file.id }, { version: version.id }).execWithin(tx, resume); }
        if (err) throw err;
        waitfor (var err) { tx.commit(resume); }
        if (err) throw err;
    } catch (e) {
        tx.rollback();
        failure = e;
    }
    done(failure);
};

// waitfor/and runs its branches as concurrent strata; nesting it once per
// insert starts all k at once. The first branch that throws aborts the
// others, whose callbacks then go nowhere.
exports.parallel = function (idOrPath, k, done) {
    var tx = db.begin();
    var failure = null;
    function insertFrom(i) {
        if (i >= k) return;
        waitfor {
            waitfor (var err) { FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx, resume); }
            if (err) throw err;
        } and {
            insertFrom(i + 1);
        }
    }
    try {
        insertFrom(0);
        waitfor (var err) { tx.commit(resume); }
        if (err) throw err;
    } catch (e) {
        tx.rollback();
        failure = e;
    }
    done(failure);
};
