// Where a data file lives and the names of the files kept beside it, in one
// place: the lock (FILE.lock, and FILE.lock.takeover while a stale lock is
// removed), the journal (FILE.journal) and the temporary file of a save or a
// lock (NAME.<pid>.tmp). The run store (harness/run-store.js) resolves a data
// file once and names its lock and journal here; harness/lock.js and
// atomic-write.js name the takeover lock and the temporary files here from
// those; and removeStaleTemps recognises exactly these.
//
// A data file given through a symbolic link is written where the link
// points: its side files must sit beside the real file, or two runs (one
// by the link, one by the target) would each take a lock of their own and
// write the same data at once; and a save renamed over the link would
// replace the link instead of updating its target.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const LOCK = '.lock';
const TAKEOVER = '.takeover';
const JOURNAL = '.journal';
const MAX_LINKS = 40; // as the kernel's ELOOP limit

const lockFile = (file) => file + LOCK;
const takeoverFile = (lock) => lock + TAKEOVER;
const journalFile = (file) => file + JOURNAL;
const tempFile = (file, pid = process.pid) => `${file}.${pid}.tmp`;

// The data file a lock file belongs to.
const fileOfLock = (lock) => lock.slice(0, -LOCK.length);

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Matches the base names of the temporary files a writer of `file` makes:
// FILE.<pid>.tmp (a save) and FILE.lock[.takeover...].<pid>.tmp (taking a
// lock); the pid is group 1.
function tempPattern(file) {
  return new RegExp(`^${escapeRegExp(path.basename(file))}(?:${escapeRegExp(LOCK)}(?:${escapeRegExp(TAKEOVER)})*)?\\.(\\d+)\\.tmp$`);
}

// The absolute path `file` stands for once every symbolic link is followed,
// the file's own (even a link to a file not yet written) and its folders'.
// A file that does not exist yet resolves to where it will be created.
function realFile(file) {
  let p = path.resolve(file);
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    let st;
    try {
      st = fs.lstatSync(p);
    } catch (err) {
      break; // not there yet: written where it is named
    }
    if (!st.isSymbolicLink()) break;
    p = path.resolve(path.dirname(p), fs.readlinkSync(p));
  }
  try {
    return path.join(fs.realpathSync(path.dirname(p)), path.basename(p));
  } catch (err) {
    return p; // its folder is created later (bench --out into a new folder)
  }
}

module.exports = { lockFile, takeoverFile, journalFile, tempFile, fileOfLock, tempPattern, realFile };
