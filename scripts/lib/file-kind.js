'use strict';
// What a path names when it is not a regular file, in words for a message.
const fs = require('node:fs');

// "a FIFO (named pipe)", "a directory", ... following links; null for a
// regular file, for nothing at all, and for a path that cannot be looked at
// (whoever reads it next says why).
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

module.exports = { notRegularFile };
