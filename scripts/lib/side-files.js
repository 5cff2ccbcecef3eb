// The names of the files kept beside a data file, in one place: the lock
// (FILE.lock, and FILE.lock.takeover while a stale lock is removed), the
// journal (FILE.journal) and the temporary file of a save or a lock
// (NAME.<pid>.tmp). atomic-write.js, harness/lock.js and harness/journal.js
// build every such name here, and removeStaleTemps recognises exactly these.
'use strict';
const path = require('node:path');

const LOCK = '.lock';
const TAKEOVER = '.takeover';
const JOURNAL = '.journal';

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

module.exports = { lockFile, takeoverFile, journalFile, tempFile, fileOfLock, tempPattern };
