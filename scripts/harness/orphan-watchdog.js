// Ends the child runners of a benchmark run that is gone. A child exits by
// itself when the pipe from the harness closes (child.js --parent-pipe), but
// only between turns of its event loop: a variant looping synchronously never
// gets there, and after a kill -9 of the harness it would run on at full CPU,
// reparented to PID 1, with nobody left to apply its job's timeout. So the
// harness starts this file once, as a small process of its own (on the node
// running the harness, not on the runtime measured: the child may be Node
// 0.11), tells it over a pipe the pid of each child as it starts and ends,
// and the moment that pipe closes (the harness has ended, however) it kills
// every child still listed and exits. While the harness lives it does
// nothing: the harness applies each job's timeout itself (spawn-cell.js).
//
// Protocol, one line each: "+PID TICKS" (a child started; TICKS its start
// time from /proc, or "-" where there is none) and "-PID" (it ended). A pid
// is killed only while it still has that start time, so a pid reused by
// another process after the child ended is never touched.
'use strict';
const { spawn } = require('node:child_process');
const { startTicks } = require('../lib/process-alive');

// --- the harness's side -----------------------------------------------------

let pipe = null; // the watchdog's stdin, once started; false if it could not start

function started() {
  if (pipe !== null) return pipe;
  const failed = (err) => {
    pipe = false;
    process.stderr.write(`bench: the watchdog process (${__filename}) did not start (${err.code || err.message}); ` +
      'a child that loops for ever would outlive a kill -9 of this run\n');
  };
  let proc;
  try {
    proc = spawn(process.execPath, [__filename], { stdio: ['pipe', 'ignore', 'ignore'] });
  } catch (err) {
    failed(err);
    return pipe;
  }
  proc.on('error', failed);
  if (!proc.stdin) return (pipe = false);
  proc.stdin.on('error', () => { /* the watchdog is gone: nothing to tell it */ });
  // It must never keep the harness alive, nor be waited for.
  proc.unref();
  proc.stdin.unref();
  pipe = proc.stdin;
  return pipe;
}

function tell(line) {
  const to = started();
  if (to && !to.destroyed) to.write(line + '\n');
}

// A child started: kill it if this process ends before unwatch(pid).
function watch(pid) {
  if (pid) tell(`+${pid} ${startTicks(pid) || '-'}`);
}

function unwatch(pid) {
  if (pid && pipe) tell(`-${pid}`);
}

// --- the watchdog process ---------------------------------------------------

function kill(pid, ticks) {
  if (ticks !== '-' && startTicks(pid) !== ticks) return; // ended already, the pid is not our child's any more
  try {
    process.kill(pid, 'SIGKILL');
  } catch (err) { /* ended meanwhile */ }
}

function runWatchdog() {
  const watched = new Map();
  // Ctrl-C, SIGTERM and a closed terminal reach the harness's whole process
  // group: this process must outlive the harness to do its one job, and
  // leaves when the harness's pipe closes.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
  let pending = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) {
      const m = /^([+-])(\d+)(?: (\d+|-))?$/.exec(line);
      if (m && m[1] === '+') watched.set(Number(m[2]), m[3] || '-');
      else if (m) watched.delete(Number(m[2]));
    }
  });
  let done = false;
  const harnessGone = () => {
    if (done) return;
    done = true;
    for (const [pid, ticks] of watched) kill(pid, ticks);
    process.exit(0);
  };
  process.stdin.on('end', harnessGone);
  process.stdin.on('close', harnessGone);
  process.stdin.on('error', harnessGone);
}

if (require.main === module) runWatchdog();

module.exports = { watch, unwatch };
