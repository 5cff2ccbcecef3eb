// The run store: the one owner of a data file on disk. It takes the path as
// given (`--out`, or the file a data tool works on), resolves it once
// through every symbolic link (lib/side-files.js realFile), and everything
// done to the file from then on goes through it: the check that it may be
// written, the lock (lock.js), the journal (journal.js), the removal of a
// killed run's temporary files and the atomic saves (lib/atomic-write.js).
// The names of the files kept beside it come from side-files.js, made here
// once each. The runner gets the file's cells from it (cells(), a
// datafile.Store that journals and saves through this store) and never sees
// the path.
//
// Why once: the lock, the journal, the temporary file and the rename must
// all work on the same file. Resolving the path again at each step (it was
// resolved at every save) leaves a window where a link changed under a run
// sends a save somewhere its lock does not cover.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { realFile, lockFile, journalFile } = require('../lib/side-files');
const { replaceFile, removeStaleTempsAt } = require('../lib/atomic-write');
const { writableFolder, FolderError } = require('../lib/writable-folder');
const { UsageError } = require('../lib/args');
const { takeLock } = require('./lock');
const journal = require('./journal');
const datafile = require('./datafile');

// "a FIFO (named pipe)", "a directory", ... following links; null for a
// regular file, for nothing at all, and for a path that cannot be looked at
// (the read says why).
function notRegularFile(file) {
  let st;
  try {
    st = fs.statSync(file);
  } catch (err) {
    return null;
  }
  if (st.isFile()) return null;
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'not a file';
}

class RunStore {
  // `given`: the path as the user named it (absolute), kept for messages.
  constructor(given) {
    this.given = given;
    this.file = realFile(given);
    this.lockFile = lockFile(this.file);
    this.journalFile = journalFile(this.file);
    this.held = null;
  }

  // What --out may name: a regular file, or nothing yet. The data file is
  // read, then replaced whole, so anything else is refused before the lock
  // is taken or a byte read: a FIFO would block that read for ever, lock
  // held and deaf to SIGINT and SIGTERM (issue 38). Throws a UsageError
  // naming the path as given (and where a link took it) and what it is.
  checkKind(option = '--out') {
    const kind = notRegularFile(this.file);
    if (!kind) return;
    const link = this.file === this.given ? '' : ` (a link to ${this.file})`;
    throw new UsageError(`${option} ${this.given}${link} is ${kind}, not a regular file: the data file is read and then replaced whole, ` +
      `so ${option} must name a data file or a path where none exists yet`);
  }

  // Makes the file's folder and checks that it can be written, before any
  // work that would be lost; throws a DataFileError saying why not.
  checkWritable() {
    try {
      writableFolder(path.dirname(this.file), { what: 'the data file', todo: 'Pass --out a path on a writable file system.' });
    } catch (err) {
      if (!(err instanceof FolderError)) throw err;
      throw new datafile.DataFileError(this.file, err.message);
    }
  }

  // The file's folder, made if missing (a data tool's output).
  makeFolder() {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
  }

  // Takes the file's lock: one writer per data file. Throws a LockError
  // naming the holder if a live benchmark has it.
  lock() {
    this.held = takeLock(this.lockFile);
    return this;
  }

  release() {
    if (this.held) this.held.release();
  }

  // Throws if this process took the lock and no longer holds it (removed by
  // hand, or taken over): checked before every write, so a writer whose lock
  // was lost stops instead of clobbering. A store that never took the lock
  // only reads.
  guard() {
    if (this.held && !this.held.holds()) {
      throw new datafile.DataFileError(this.file, `its lock ${this.lockFile} was removed or taken by another process; ` +
        'stopped without writing. Check that no other run writes this file, then continue with --resume.');
    }
  }

  // The temporary files a killed writer left beside the file; returns their names.
  removeStaleTemps() {
    return removeStaleTempsAt(this.file);
  }

  exists() {
    return fs.existsSync(this.file);
  }

  // The file's text as it is on disk; throws the system's error (ENOENT...).
  text() {
    return fs.readFileSync(this.file, 'utf8');
  }

  // The file's data, checked against `schemaId` (datafile.load: an empty file
  // of that schema when there is none yet).
  read(generatedBy, schemaId) {
    return datafile.load(this.file, generatedBy, schemaId);
  }

  // The file's cells, its journal folded in, to record into and save.
  cells({ generatedBy, schemaId, ciTarget, warmCiTarget } = {}) {
    return new datafile.Store(this, this.read(generatedBy, schemaId), { ciTarget, warmCiTarget });
  }

  // Replaces the file whole (every byte or nothing) with `data`.
  write(data) {
    replaceFile(this.file, JSON.stringify(data, null, 1) + '\n');
  }

  hasJournal() {
    return fs.existsSync(this.journalFile);
  }

  appendJournal(planCell, sample) {
    journal.append(this.journalFile, planCell, sample);
  }

  readJournal(problemOf) {
    return journal.read(this.journalFile, problemOf);
  }

  clearJournal() {
    journal.clear(this.journalFile);
  }
}

// The store of the data file `given` names (relative to the working folder).
function openRunStore(given) {
  return new RunStore(path.resolve(given));
}

// A file as the messages name it: relative to where the command runs.
const shown = (file) => path.relative(process.cwd(), file);

module.exports = { openRunStore, RunStore, shown };
