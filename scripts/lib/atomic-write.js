// Writes generated files whole or not at all: the text goes to a temporary
// file next to the target (FILE.<pid>.tmp, named by side-files.js), every
// byte of it (full-write.js), is flushed to disk and its size checked, then
// renamed over the target. A reader or a kill at any moment sees the old
// file or the new one, never half of one; a full disk leaves the old file
// and throws a WriteError saying how much room is missing where. A target
// that is a symbolic link is written where it points (the link stays a
// link). A temporary file left by a killed writer is recognised by its name
// and pid and can be removed (removeStaleTemps).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { isAlive } = require('./process-alive');
const { tempFile, tempPattern, realFile } = require('./side-files');
const { writeAll, WriteError } = require('./full-write');
const { makeDir } = require('./writable-folder');

// Writes `text` as `file` in one rename. Throws a WriteError (the old file
// untouched, no temporary file left) if any step fails.
function writeFileAtomic(file, text) {
  replaceFile(realFile(file), text);
}

// writeFileAtomic for a path already resolved (side-files realFile): the
// run store resolves its data file once and saves it many times.
function replaceFile(target, text) {
  const buf = Buffer.from(text);
  const tmp = tempFile(target);
  try {
    makeDir(path.dirname(target));
    const fd = fs.openSync(tmp, 'w');
    try {
      writeAll(fd, buf);
      fs.fsyncSync(fd);
      const { size } = fs.fstatSync(fd);
      if (size !== buf.length) {
        throw Object.assign(new Error(`the temporary file holds ${size} of ${buf.length} bytes`), { code: 'ESHORT', written: size });
      }
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, target);
  } catch (err) {
    try { fs.unlinkSync(tmp); } catch (e) { /* never created, or already renamed */ }
    throw new WriteError(target, err, buf.length);
  }
  syncFolder(path.dirname(target));
}

// Makes the rename itself durable; a file system that cannot sync a folder
// loses nothing but that guarantee.
function syncFolder(dir) {
  let fd;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch (err) { /* not supported here */ } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function writeJsonAtomic(file, data, indent = 2) {
  writeFileAtomic(file, JSON.stringify(data, null, indent) + '\n');
}

// Removes the temporary files of `file` (side-files.js, tempPattern: a
// save's and a lock's) whose process has ended. Nothing else in the folder
// is touched. Returns the names removed.
function removeStaleTemps(file) {
  return removeStaleTempsAt(realFile(file));
}

// removeStaleTemps for a path already resolved (side-files realFile).
function removeStaleTempsAt(target) {
  const dir = path.dirname(target);
  const ours = tempPattern(target);
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch (err) {
    return [];
  }
  const removed = [];
  for (const name of names) {
    const m = ours.exec(name);
    if (!m || Number(m[1]) === process.pid || isAlive(Number(m[1]))) continue;
    try {
      fs.unlinkSync(path.join(dir, name));
      removed.push(name);
    } catch (err) { /* removed meanwhile */ }
  }
  return removed;
}

module.exports = { writeFileAtomic, writeJsonAtomic, replaceFile, removeStaleTemps, removeStaleTempsAt, WriteError };
