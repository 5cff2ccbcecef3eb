// Writes generated files whole or not at all: the text goes to a temporary
// file next to the target (FILE.<pid>.tmp, named by side-files.js), is
// flushed to disk, then renamed over the target. A reader or a kill at any moment sees the old file or the
// new one, never half of one. A temporary file left by a killed writer is
// recognised by its name and pid and can be removed (removeStaleTemps).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { isAlive } = require('./process-alive');
const { tempFile, tempPattern } = require('./side-files');

function writeFileAtomic(file, text) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = tempFile(file);
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (err) {
    try { fs.unlinkSync(tmp); } catch (e) { /* never created, or already renamed */ }
    throw new Error(`cannot write ${file} (${err.code || err.message}); the previous version, if any, is unchanged`);
  }
}

function writeJsonAtomic(file, data, indent = 2) {
  writeFileAtomic(file, JSON.stringify(data, null, indent) + '\n');
}

// Removes the temporary files of `file` (side-files.js, tempPattern: a
// save's and a lock's) whose process has ended. Nothing else in the folder
// is touched. Returns the names removed.
function removeStaleTemps(file) {
  const dir = path.dirname(path.resolve(file));
  const ours = tempPattern(file);
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

module.exports = { writeFileAtomic, writeJsonAtomic, removeStaleTemps };
