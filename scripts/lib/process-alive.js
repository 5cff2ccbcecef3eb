'use strict';
// Whether a process still exists, for the files a dead run leaves behind (a
// lock, a temporary file, a half-built cache folder), and which process a pid
// names. EPERM means it exists but belongs to someone else.
const fs = require('node:fs');

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

// Start time of a process in clock ticks since boot (field 22 of
// /proc/PID/stat), or null (no such process, or no /proc). With the pid it
// tells that very process from a later one given the same pid.
function startTicks(pid) {
  let stat;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (err) {
    return null;
  }
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] || null;
}

module.exports = { isAlive, startTicks };
