// The process's CPU clock: user + system CPU time of the whole process (every
// thread, so V8's compiler and GC helper threads too) in ms, read by the
// batch code (fake-io-batch.js, scenarios/together.js) just before and just
// after a batch's timed span, as the wall clock is read inside it.
//
//   process.cpuUsage()   Node >= 6.1, Bun, Deno: µs resolution (getrusage)
//   /proc/self/stat      Node 0.11 to 6.0 on Linux: utime + stime in clock
//                        ticks; USER_HZ is 100 on every Linux build we run,
//                        so 10 ms steps: a batch shorter than that reads 0
//                        or 10 ms
//   neither              no CPU clock (null): the record has no CPU fields
// The browser's worker does not load this: a page has no process CPU clock.
//
// ES5 like scripts/harness/child.js: the runtime matrix runs it on Node 0.11.
'use strict';

var TICK_MS = 10; // 1000 ms / USER_HZ (100)

// utime and stime (fields 14 and 15, in clock ticks) of a /proc/<pid>/stat
// line → { utime, stime }, or null when the line is not one. The process
// name (field 2, in parentheses) may hold spaces and parentheses itself, so
// the fields are counted from the last ')'.
function parseProcStat(text) {
  var close = String(text).lastIndexOf(')');
  if (close < 0) return null;
  var fields = String(text).slice(close + 1).replace(/^\s+/, '').split(/\s+/);
  // fields[0] is field 3 (state), so field k is fields[k - 3].
  var utime = +fields[11], stime = +fields[12];
  if (!(fields.length >= 13 && utime >= 0 && stime >= 0 && utime % 1 === 0 && stime % 1 === 0)) return null;
  return { utime: utime, stime: stime };
}

// The CPU clock of `proc` (a process object), falling back to readStat() (the
// text of /proc/self/stat, or a throw) → { source, now() in ms } or null.
function cpuClock(proc, readStat) {
  if (proc && typeof proc.cpuUsage === 'function') {
    return { source: 'process.cpuUsage', now: function () { var u = proc.cpuUsage(); return (u.user + u.system) / 1000; } };
  }
  var ticks = function () {
    var t = parseProcStat(readStat());
    return t ? (t.utime + t.stime) * TICK_MS : null;
  };
  try {
    if (ticks() === null) return null;
  } catch (e) {
    return null; // no /proc (not Linux, or a sandbox without it)
  }
  return { source: 'proc-stat', now: ticks };
}

// This process's CPU clock, or null.
function detect() {
  return cpuClock(typeof process === 'object' ? process : null, function () {
    return require('fs').readFileSync('/proc/self/stat', 'utf8');
  });
}

module.exports = { detect: detect, cpuClock: cpuClock, parseProcStat: parseProcStat, TICK_MS: TICK_MS };
