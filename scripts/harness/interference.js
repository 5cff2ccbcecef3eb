// How much of the machine something other than the measured child took
// while a repetition ran. On a 2-core machine another busy process does not
// show in the child's own clock, it shows as CPU time the child did not get;
// the load average lags a minute behind and counts the child itself. So the
// harness reads the kernel's counters around each repetition:
//
//   steal = steal ticks / all ticks of all CPUs            (/proc/stat)
//   other = (busy ticks − CPU time of this harness and of the child) / all ticks
//
// busy is user + nice + system + irq + softirq. The child's CPU time is its
// resource usage as the kernel reports it once the child is reaped (cutime +
// cstime of this process in /proc/self/stat), the harness's own is utime +
// stime: what is left of busy is other processes. Both shares are of the
// machine's whole CPU time (all cores), 0..1, in clock ticks of 10 ms, so a
// short repetition's figure is coarse (one tick of 2 cores × 200 ms is 2.5 %).
//
// A runtime that is a browser (scripts/harness/browser/) is not reaped after
// each repetition: Chromium and its renderer, zygote and utility processes
// live for the whole run as descendants of this process. Their CPU time is the
// measured worker's, not another process's, so the ticks of every live
// descendant (its own and its reaped children's: a renderer that exits is
// reaped by the zygote, inside the tree) count as the harness's own too. A
// child runner of a Node cell has been reaped by the time of the reading and
// is in cutime already, so the descendants add nothing there.
//
// Where /proc is absent (macOS, Windows) both are null and `source` says so;
// such a repetition is never judged loaded.
//
// Test seam: ASYNCBENCH_FAKE_INTERFERENCE="0.6,0.6,0" makes the readings
// those `other` shares in order (the last one repeats) with steal 0, and
// labels every sample `injected`, so data made that way say so.
'use strict';
const fs = require('node:fs');

const PROC_STAT = '/proc/stat';
const PROC_SELF_STAT = '/proc/self/stat';
const FAKE_ENV = 'ASYNCBENCH_FAKE_INTERFERENCE';

function readText(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    return null;
  }
}

// The aggregate "cpu" line of /proc/stat → { total, busy, steal } in ticks.
function machineTicks(text) {
  const m = text && /^cpu\s+([\d\s]+)$/m.exec(text);
  if (!m) return null;
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = m[1].trim().split(/\s+/).map(Number);
  if ([user, nice, system, idle].some((v) => !Number.isFinite(v))) return null;
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, busy: user + nice + system + irq + softirq, steal };
}

// /proc/self/stat → this process's CPU ticks, its own and its reaped children's.
function ownTicks(text) {
  if (!text) return null;
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state (field 3 of proc(5)); utime is field 14.
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  if (![utime, stime, cutime, cstime].every(Number.isFinite)) return null;
  return utime + stime + cutime + cstime;
}

// The ticks of every live descendant of `pid`, from /proc/<pid>/stat; 0
// where /proc cannot be listed. A process that ends between the listing and
// the read is skipped: its ticks are in its parent's cutime by then.
function descendantTicks(pid = process.pid, proc = '/proc') {
  let names;
  try {
    names = fs.readdirSync(proc).filter((n) => /^\d+$/.test(n));
  } catch (err) {
    return 0;
  }
  const parentOf = new Map();
  const ticksOf = new Map();
  for (const name of names) {
    const text = readText(`${proc}/${name}/stat`);
    if (!text) continue;
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    parentOf.set(Number(name), Number(fields[1]));
    const t = ownTicks(text);
    if (t !== null) ticksOf.set(Number(name), t);
  }
  const inTree = (p) => {
    for (let q = parentOf.get(p), hops = 0; q !== undefined && hops < 64; q = parentOf.get(q), hops++) if (q === pid) return true;
    return false;
  };
  let sum = 0;
  for (const [p, t] of ticksOf) if (inTree(p)) sum += t;
  return sum;
}

function round4(x) {
  return Math.round(x * 1e4) / 1e4;
}

// Reads the real counters; `files` lets a test point at fixtures or at a
// path that does not exist (and then no descendants are read).
function procMeter({ stat = PROC_STAT, self = PROC_SELF_STAT, tree = self === PROC_SELF_STAT } = {}) {
  const snapshot = () => {
    const machine = machineTicks(readText(stat));
    const own = ownTicks(readText(self));
    return machine && own !== null ? { machine, own: own + (tree ? descendantTicks() : 0) } : null;
  };
  return {
    start: snapshot,
    stop(before) {
      const after = snapshot();
      if (!before || !after) return { steal: null, other: null, source: `none: ${stat} or ${self} unreadable` };
      const total = after.machine.total - before.machine.total;
      if (total <= 0) return { steal: 0, other: 0, source: 'proc-stat' };
      const busy = after.machine.busy - before.machine.busy;
      const own = after.own - before.own;
      return {
        steal: round4((after.machine.steal - before.machine.steal) / total),
        other: round4(Math.min(1, Math.max(0, busy - own) / total)),
        source: 'proc-stat'
      };
    }
  };
}

function fakeMeter(spec) {
  const values = String(spec).split(',').map((v) => Number(v.trim()));
  if (!values.length || values.some((v) => !Number.isFinite(v) || v < 0 || v > 1)) {
    throw new Error(`${FAKE_ENV}="${spec}": expected comma-separated shares between 0 and 1, e.g. "0.6,0"`);
  }
  let next = 0;
  return {
    start: () => null,
    stop() {
      const other = values[Math.min(next++, values.length - 1)];
      return { steal: 0, other, source: `injected (${FAKE_ENV})` };
    }
  };
}

// The meter bench.js uses: the injected one when the test seam is set.
function interferenceMeter(env = process.env) {
  return env[FAKE_ENV] ? fakeMeter(env[FAKE_ENV]) : procMeter();
}

// Why a reading counts as interference over `maxPct` % of the machine's CPU
// time (other + steal), or null. An unknown reading is never over.
function overLimit(reading, maxPct) {
  if (!reading || reading.other === null || reading.steal === null) return null;
  const share = reading.other + reading.steal;
  if (share * 100 <= maxPct) return null;
  const pct = (x) => `${Math.round(x * 1000) / 10} %`;
  return `other processes took ${pct(reading.other)} and steal ${pct(reading.steal)} of the CPU time (limit ${maxPct} %)`;
}

module.exports = { interferenceMeter, procMeter, fakeMeter, overLimit, machineTicks, ownTicks, descendantTicks, FAKE_ENV };
