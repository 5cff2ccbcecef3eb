// A run's floor: the least wall time its jobs could have taken. Each job
// waits at least its cell's I/O floor (critical path × t: what the fake
// storage makes any style wait) and its runtime's start (startMs: the median
// time the runtime takes to start the child runner, report and exit, from
// the probe, spawn-cell.js). Every sample counts, and so does every attempt
// run again because the machine was loaded. Wall time over this floor is
// what the harness and the styles add; the matrix aims at 1.2× or less.
'use strict';

// { floorMs, jobs } for run `runId` of `data`, or null when a runtime of the
// run has no recorded start (runs from before startMs was probed).
function runFloor(data, runId) {
  const run = data.runs[runId];
  if (!run) return null;
  const runtimes = run.runtimes || {};
  let floorMs = 0;
  let jobs = 0;
  for (const cell of data.cells) {
    for (const sample of cell.samples || []) {
      if (sample.run !== runId) continue;
      const runtime = runtimes[cell.runtime];
      if (!runtime || typeof runtime.startMs !== 'number') return null;
      const attempts = 1 + (sample.retries ? sample.retries.length : 0);
      floorMs += attempts * ((cell.ioFloorMs || 0) + runtime.startMs);
      jobs += attempts;
    }
  }
  return { floorMs: Math.round(floorMs), jobs };
}

// The line a run prints at its end.
function floorLine(wallMs, floor) {
  // No ratio from a duration that cannot be one (bench.js times the run on
  // the monotonic clock; this guards any other caller).
  if (!floor || !floor.jobs || !(floor.floorMs > 0) || !(Number.isFinite(wallMs) && wallMs >= 0)) return null;
  const s = (ms) => `${Math.round(ms / 1000)} s`;
  return `wall time ${s(wallMs)} against a floor of ${s(floor.floorMs)} (${(wallMs / floor.floorMs).toFixed(2)}×): ` +
    `the I/O floors and runtime starts of ${floor.jobs} jobs`;
}

module.exports = { runFloor, floorLine };
