// async/await over wrappers made by util.promisify, with util.callbackify for
// the node-style entry point: the pair Node itself offers for moving between
// callbacks and promises.
'use strict';
const { callbackify } = require('util');
const { blobManager, db, files, Version, File, FileVersion, uuid, account, userAccount } =
  require('./lib/promisify-api');

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
      const query = await files.createQuery(idOrPath, file);
      await query.execWithin(tx);
    }
    await FileVersion.insert({ fileId: file.id, versionId: version.id }).execWithin(tx);
    await File.whereUpdate({ id: file.id }, { version: version.id }).execWithin(tx);
    await tx.commit();
  } catch (err) {
    tx.rollback();
    throw err;
  }
}

// Promise.all rejects with the first rejection; the later ones are handled
// by it and ignored.
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

exports.upload = callbackify(upload);
exports.parallel = callbackify(parallel);
