// Writes every byte or says why not. fs.writeSync may write fewer bytes than
// asked without an error: on a nearly full disk Linux writes what fits and
// returns the count; only the next call fails (ENOSPC). A writer that calls
// it once and ignores the count leaves a cut file behind and reports success
// (issue 25: a data file cut at 1.3 MB, its journal deleted, exit 0).
//
// A failed write is a WriteError: its `code` is the system's (ENOSPC,
// EDQUOT, EIO, ...) or ESHORT (fewer bytes written than asked, and no error
// to say why); it names the file, the bytes the write needed and the space
// left on the file system holding it, so the message can say what to free
// where. Callers branch on the class and the code, never on the text.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

// Codes that mean "no room": freeing space and running again is the fix.
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT', 'ESHORT']);

const bytes = (n) => `${n.toLocaleString('en-US')} bytes`;

// Writes all of `buf` to `fd` at its current position. Throws the system's
// error, or an ESHORT error when a write makes no progress; either carries
// `written`, the bytes that did reach the file.
function writeAll(fd, buf) {
  let written = 0;
  while (written < buf.length) {
    let n;
    try {
      n = fs.writeSync(fd, buf, written, buf.length - written);
    } catch (err) {
      err.written = written;
      throw err;
    }
    if (!(n > 0)) {
      const err = new Error(`write made no progress after ${written} of ${buf.length} bytes`);
      err.code = 'ESHORT';
      err.written = written;
      throw err;
    }
    written += n;
  }
}

// The mount point holding `dir`: the topmost folder above it on the same device.
function mountOf(dir) {
  let d = fs.realpathSync(dir);
  const dev = fs.statSync(d).dev;
  for (;;) {
    const up = path.dirname(d);
    if (up === d || fs.statSync(up).dev !== dev) return d;
    d = up;
  }
}

// { mount, free, blockSize } of the file system that holds (or will hold)
// `file`, or null where the system cannot say.
function spaceFor(file) {
  let dir = path.dirname(path.resolve(file));
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  try {
    const st = fs.statfsSync(dir);
    return { mount: mountOf(dir), free: st.bavail * st.bsize, blockSize: st.bsize };
  } catch (err) {
    return null;
  }
}

class WriteError extends Error {
  // file: what was being written; cause: the error of the failed step;
  // size: the bytes the write needed on disk. Measures the free space now,
  // so throw it after removing any partial output.
  constructor(file, cause, size) {
    const code = cause.code || 'EIO';
    const space = spaceFor(file);
    const need = space ? Math.ceil(size / space.blockSize) * space.blockSize : size;
    super('');
    this.name = 'WriteError';
    this.code = code;
    this.file = file;
    this.cause = cause;
    this.size = size;
    this.written = typeof cause.written === 'number' ? cause.written : null;
    this.mount = space ? space.mount : null;
    this.free = space ? space.free : null;
    // How much more room the write needs: 0 when the disk has room now
    // (something freed it since, or the limit is not bytes: inodes, quota).
    this.shortfall = space ? Math.max(0, need - space.free) : null;
    this.noSpace = NO_SPACE.has(code);
    this.message = this.line('the file on disk is unchanged', 'run the command again');
  }

  // The one line to print: what failed, where, what is kept, what to do.
  line(kept, rerun) {
    const where = this.mount ? ` on ${this.mount}` : '';
    if (this.code === 'EROFS') {
      return `${this.file}: not written, its file system${this.mount ? ` (mounted at ${this.mount})` : ''} is read-only (EROFS); ${kept}. ` +
        `Remount it read-write or choose a path on a writable file system, then ${rerun}.`;
    }
    if (!this.noSpace) {
      // Node's system errors start with their code; others get it in front.
      const why = this.cause.code ? this.cause.message.split('\n')[0] : `${this.code}: ${this.cause.message.split('\n')[0]}`;
      return `${this.file}: not written (${why}); ${kept}. ` +
        `Fix the cause, then ${rerun}.`;
    }
    const got = this.written !== null ? `after ${this.written.toLocaleString('en-US')} of ${bytes(this.size)}` : `writing ${bytes(this.size)}`;
    const free = this.free !== null ? `; ${bytes(this.free)} free${where}` : '';
    const todo = this.shortfall ? `Free at least ${bytes(this.shortfall)}${where}, then ${rerun}.`
      : `Make room${where} (the file needs ${bytes(this.size)}), then ${rerun}.`;
    return `${this.file}: not written, the disk is full (${this.code} ${got}${free}); ${kept}. ${todo}`;
  }
}

module.exports = { writeAll, spaceFor, mountOf, WriteError };
