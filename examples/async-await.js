// Native async functions (ES2017): the style most code uses today.
'use strict';
const { blobManager, db, files, Version, File, FileVersion, uuid, account, userAccount } =
  require('./lib/native-api');

async function upload(stream, idOrPath, tag) {
  const blob = blobManager.create(account);
  const tx = db.begin();
  try {
    const blobId = await blob.put(stream);
    let file = await files.byUuidOrPath(idOrPath).get();
    const version = {
      userAccountId: userAccount.id,
      blobId,
      creatorId: userAccount.id,
      previousId: file ? file.version : null
    };
    version.id = Version.createHash(version);
    await Version.insert(version).execWithin(tx);
    if (!file) {
      file = {
        id: uuid.v1(),
        userAccountId: userAccount.id,
        name: idOrPath.split('/').pop(),
        version: version.id
      };
      const q = await files.createQuery(idOrPath, file);
      await q.execWithin(tx);
    }
    await FileVersion.insert({ fileId: file.id, versionId: version.id }).execWithin(tx);
    await File.whereUpdate({ id: file.id }, { version: version.id }).execWithin(tx);
    await tx.commit();
  } catch (err) {
    tx.rollback();
    throw err;
  }
}

async function parallel(idOrPath, k) {
  const tx = db.begin();
  try {
    const inserts = [];
    for (let i = 0; i < k; i++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, versionId: i }).execWithin(tx));
    }
    await Promise.all(inserts);
    await tx.commit();
  } catch (err) {
    tx.rollback();
    throw err;
  }
}

// The suite calls every variant node-style.
exports.upload = (stream, idOrPath, tag, done) =>
  upload(stream, idOrPath, tag).then(() => done(null), done);
exports.parallel = (idOrPath, k, done) =>
  parallel(idOrPath, k).then(() => done(null), done);
