// Making the folder a command writes into, and saying so plainly when it
// cannot be written: Node's recursive mkdir reports ENOENT ("no such file or
// directory") when a missing folder cannot be made on a read-only file
// system (issue 38), which sends the reader looking for a typo in the path.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { mountOf } = require('./full-write');

// The folder itself, or its nearest ancestor that exists.
function nearestExisting(dir) {
  let d = path.resolve(dir);
  while (!fs.existsSync(d) && path.dirname(d) !== d) d = path.dirname(d);
  return d;
}

// fs.mkdirSync(dir, { recursive: true }), throwing the system's own error
// for the folder that cannot be made (EROFS, EACCES, ENOTDIR...).
function makeDir(dir) {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
    // Once more one level at a time: a plain mkdir says why it failed.
    const missing = [];
    for (let d = path.resolve(dir); !fs.existsSync(d) && path.dirname(d) !== d; d = path.dirname(d)) missing.unshift(d);
    for (const d of missing) {
      try {
        fs.mkdirSync(d);
      } catch (e) {
        if (e.code !== 'EEXIST') throw e;
      }
    }
  }
}

// A folder that a command must write into and cannot. `code` is the
// system's (EROFS for a read-only file system); the message says what was
// to go there, names the folder, says why not, and ends with `todo`, the
// way out.
class FolderError extends Error {
  constructor(dir, cause, { what, todo }) {
    const readOnly = cause.code === 'EROFS';
    let why = cause.message.split('\n')[0]; // a system error's starts with its code
    if (readOnly) {
      let mount = null;
      try {
        mount = mountOf(nearestExisting(dir));
      } catch (err) { /* the message can do without it */ }
      why = `it is on a read-only file system${mount ? ` (mounted at ${mount})` : ''}`;
    }
    super(`cannot write ${what} into ${dir}: ${why}. ${todo}`);
    this.name = 'FolderError';
    this.code = cause.code;
    this.dir = dir;
    this.cause = cause;
  }
}

// Makes `dir` and checks that it can be written to, before any work that
// would be lost; throws a FolderError if not. `what` and `todo` word it
// (see FolderError).
function writableFolder(dir, words) {
  try {
    makeDir(dir);
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (err) {
    if (!err.code) throw err;
    throw new FolderError(dir, err, words);
  }
}

module.exports = { makeDir, writableFolder, FolderError };
