// What --out may name: a regular file, or nothing yet. The data file is read,
// then replaced whole, so anything else is refused before the lock is taken
// or a byte read: a FIFO would block that read for ever, lock held and deaf
// to SIGINT and SIGTERM (issue 38).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { UsageError } = require('../lib/args');

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

// Throws a UsageError naming --out as given (and where a link took it) and
// what it is, unless `real` (side-files realFile of `given`) may be written.
function checkOut(given, real) {
  const kind = notRegularFile(real);
  if (!kind) return;
  const link = real === path.resolve(given) ? '' : ` (a link to ${real})`;
  throw new UsageError(`--out ${given}${link} is ${kind}, not a regular file: the data file is read and then replaced whole, ` +
    'so --out must name a data file or a path where none exists yet');
}

module.exports = { checkOut };
