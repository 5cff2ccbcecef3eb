'use strict';
// Whether a process still exists, for the files a dead run leaves behind (a
// lock, a temporary file, a half-built cache folder). EPERM means it exists
// but belongs to someone else.
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

module.exports = { isAlive };
