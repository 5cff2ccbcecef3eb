// One writer per data file: FILE.lock names the process writing FILE.
//
// Taking the lock is one atomic step: the lock's whole text is written to a
// temporary file, which is then hard-linked to FILE.lock; link fails if the
// name exists, so of any number of processes exactly one creates it, and
// nobody ever sees a half-written lock.
//
// A lock left by a run that can no longer be writing is stale: its process
// has ended, the pid now belongs to another program (cmdline or start time
// differ from those the lock recorded), the lock predates the last boot, or
// it holds no process record (no run writes such a lock: each is created
// whole, record included). Removing a stale lock is the dangerous
// part: two processes may judge the same lock stale, and the slower one must
// not delete the lock the faster one has just taken. So a stale lock is only
// removed under a second lock, FILE.lock.takeover (taken the same way), after
// checking that FILE.lock is still the very lock judged stale. Whoever holds
// the takeover lock is the only process that may remove a stale FILE.lock,
// and a live lock is never stale, so the check cannot go out of date.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const { isAlive, startTicks } = require('../lib/process-alive');
const { takeoverFile, tempFile, fileOfLock } = require('../lib/side-files');

const MAX_DEPTH = 3;        // a takeover lock whose holder died, taken over in turn, ...
const MAX_ATTEMPTS = 400;   // while another process is taking over: ~2 s of 5 ms waits
const WAIT_MS = 5;

class LockError extends Error {
  constructor(message, holder) {
    super(message);
    this.name = 'LockError';
    this.holder = holder || null;
  }
}

function readText(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    return null;
  }
}

function bootTimeMs() {
  const m = /^btime (\d+)$/m.exec(readText('/proc/stat') || '');
  return m ? Number(m[1]) * 1000 : null;
}

function cmdline(pid) {
  const text = readText(`/proc/${pid}/cmdline`);
  return text === null ? null : text.split('\0').filter(Boolean);
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

// What a lock holds: the pid on the first line (what a person reads), then
// how to recognise that very process (its start time and command line) and
// a token that makes this lock unlike any other.
function lockText(pid = process.pid) {
  const info = {
    pid,
    token: crypto.randomBytes(8).toString('hex'),
    host: os.hostname(),
    start: startTicks(pid),
    cmdline: cmdline(pid),
    since: new Date().toISOString()
  };
  return `${pid}\n${JSON.stringify(info)}\n`;
}

// The lock as found: { text, ino, mtimeMs, pid, info } or null if it is gone.
function inspect(lockFile) {
  let fd;
  try {
    fd = fs.openSync(lockFile, 'r');
  } catch (err) {
    if (err.code === 'ENOENT') return null;
    throw new LockError(`cannot read the lock ${lockFile} (${err.code || err.message})`);
  }
  try {
    const st = fs.fstatSync(fd);
    const buf = Buffer.alloc(Math.min(st.size, 64 * 1024));
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    const text = buf.toString('utf8', 0, n);
    const [first, second] = text.split('\n');
    let info = null;
    try {
      info = second ? JSON.parse(second) : null;
    } catch (err) { /* no record: judged by staleReason */ }
    return { text, ino: st.ino, mtimeMs: st.mtimeMs, pid: /^\d+$/.test(first.trim()) ? Number(first) : 0, info };
  } finally {
    fs.closeSync(fd);
  }
}

// Why the lock cannot belong to a running benchmark, or null if it may.
function staleReason(holder) {
  const { pid, info } = holder;
  if (!pid) return 'it names no process';
  if (!info) return 'it holds no process record (no benchmark run writes such a lock)';
  if (info.host && info.host !== os.hostname()) return null; // another machine's: we cannot tell
  if (!isAlive(pid)) return `its process (pid ${pid}) has ended`;
  const boot = bootTimeMs();
  if (boot !== null && holder.mtimeMs < boot) return 'it was taken before the machine last booted';
  const now = cmdline(pid);
  if (now === null) return null; // no /proc: a live pid is all we can check
  if (info.start && startTicks(pid) !== info.start) return `pid ${pid} is now another process`;
  if (info.cmdline && JSON.stringify(now) !== JSON.stringify(info.cmdline)) return `pid ${pid} now runs ${now.join(' ')}`;
  return null;
}

function sameLock(a, b) {
  return a && b && a.ino === b.ino && a.text === b.text;
}

// Creates lockFile holding `text`, atomically; false if it exists.
function tryCreate(lockFile, text) {
  const tmp = tempFile(lockFile);
  try {
    fs.writeFileSync(tmp, text);
  } catch (err) {
    throw new LockError(`cannot create the lock ${lockFile} (${err.code || err.message})`);
  }
  try {
    fs.linkSync(tmp, lockFile);
    return true;
  } catch (err) {
    if (err.code === 'EEXIST') return false;
    throw new LockError(`cannot create the lock ${lockFile} (${err.code || err.message})`);
  } finally {
    try { fs.unlinkSync(tmp); } catch (err) { /* already gone */ }
  }
}

function heldError(lockFile, holder, depth) {
  if (depth > 0) return new LockError(`${lockFile} is being taken over by pid ${holder.pid}`, holder);
  const file = fileOfLock(lockFile);
  const where = holder.info && holder.info.host && holder.info.host !== os.hostname() ? ` on ${holder.info.host}` : '';
  return new LockError(`${file}: another benchmark run (pid ${holder.pid}${where}) is writing it. Wait for it, or use --out ANOTHER.json.` +
    (where ? ` If that run is over, delete ${lockFile}.` : ''), holder);
}

// Removes `holder` (found stale at lockFile) if lockFile still is that lock.
// Throws a LockError with .busy when another process is doing the same.
function removeStale(lockFile, holder, depth) {
  if (depth >= MAX_DEPTH) {
    throw new LockError(`${lockFile} is stale (${staleReason(holder)}), but so are the takeover locks next to it; ` +
      `delete ${lockFile} and ${takeoverFile(lockFile)}* by hand if no benchmark is running.`);
  }
  let claim;
  try {
    claim = acquire(takeoverFile(lockFile), depth + 1);
  } catch (err) {
    if (err instanceof LockError && err.holder) err.busy = true;
    throw err;
  }
  try {
    if (sameLock(inspect(lockFile), holder)) fs.unlinkSync(lockFile);
  } finally {
    claim.release();
  }
}

function acquire(lockFile, depth) {
  const text = lockText();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (tryCreate(lockFile, text)) return handle(lockFile, text);
    const holder = inspect(lockFile);
    if (!holder) continue; // released meanwhile: try again
    if (!staleReason(holder)) throw heldError(lockFile, holder, depth);
    try {
      removeStale(lockFile, holder, depth);
    } catch (err) {
      if (!err.busy) throw err;
      sleep(WAIT_MS); // another process is removing it right now
    }
  }
  throw new LockError(`could not take the lock ${lockFile}: other processes kept taking it over. Try again.`);
}

function handle(lockFile, text) {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.removeListener('exit', release);
    const now = inspect(lockFile);
    if (now && now.text === text) {
      try { fs.unlinkSync(lockFile); } catch (err) { /* already gone */ }
    }
  };
  // Released however the process ends short of SIGKILL: an uncaught
  // exception or process.exit() skips the caller's finally blocks.
  process.on('exit', release);
  return {
    file: lockFile,
    release,
    // True while lockFile is still ours: checked before every save, so a
    // writer whose lock was lost (deleted by hand) stops instead of clobbering.
    holds: () => held && (inspect(lockFile) || {}).text === text
  };
}

// Takes `lockFile`, the lock of a data file as the run store names it
// (FILE.lock beside the file a link points to: a run by the link and a run
// by its target share one lock); returns { file, release(), holds() }.
// Throws a LockError naming the holder if a live benchmark has it.
function takeLock(lockFile) {
  const own = acquire(lockFile, 0);
  // A takeover lock left by a process killed in the middle of a takeover.
  const takeover = takeoverFile(lockFile);
  const leftover = inspect(takeover);
  if (leftover && staleReason(leftover)) {
    try { removeStale(takeover, leftover, 1); } catch (err) { /* tidy-up only */ }
  }
  return own;
}

module.exports = { takeLock, LockError, staleReason, inspect, lockText };
