// More repetitions for the cells whose median is not yet known to within
// ±ciTarget % (95 % interval, scripts/lib/stats.js medianPrecision).
// After the planned repetitions, bench.js asks for a further pass: every
// cell that misses the target gets a few more repetitions, and the jobs of
// all those cells are shuffled together again, so drift during the pass is
// spread over them as in the first one. Passes repeat until every cell meets
// the target or has maxReps samples. Everything is decided from the samples
// in the data file, so --resume continues where a stopped run left off: a
// cell with its planned repetitions but a wide interval gets more.
'use strict';
const { medianPrecision } = require('../lib/stats');
const { shuffle } = require('./plan');

// The smallest sample with a 95 % distribution-free interval of the median.
const MIN_FOR_INTERVAL = 6;

// How many samples the cell should have after the next pass. The
// half-width shrinks about as 1/√n, so n·(width/target)² estimates the need;
// one pass grows a cell by at most half (the estimate from a few samples is
// rough, and the interval's ranks move in steps), by at least one sample,
// and never past maxReps.
function nextReps(count, halfWidthPct, { ciTarget, maxReps }) {
  let want;
  if (halfWidthPct === null) want = Math.max(count + 1, MIN_FOR_INTERVAL);
  else want = Math.min(Math.ceil(count * (halfWidthPct / ciTarget) ** 2), Math.ceil(count * 1.5));
  return Math.min(maxReps, Math.max(count + 1, want));
}

// The precision of a stored cell under this run's target.
function precisionOf(stored, ciTarget) {
  const times = stored.samples.filter((s) => s.status === 'ok').map((s) => s.timeMs);
  return medianPrecision(times, ciTarget);
}

// planCells: plan.cells; get(key): the stored cell. Returns the shuffled
// jobs of pass `pass` (2, 3, ...): [{ cell, rep, pass }], empty when done.
function extraJobs(planCells, get, settings, pass) {
  const jobs = [];
  if (settings.maxReps <= settings.reps) return jobs;
  for (const cell of planCells) {
    if (cell.skip) continue;
    const stored = get(cell.key);
    // Unmeasured, still being replaced, or settled by a failure: not ours.
    if (!stored || stored.replacing || stored.status !== 'ok') continue;
    const count = stored.samples.length;
    if (count < settings.reps || count >= settings.maxReps) continue;
    const precision = precisionOf(stored, settings.ciTarget);
    if (precision.met) continue;
    const last = Math.max(...stored.samples.map((s) => s.rep));
    const more = nextReps(count, precision.halfWidthPct, settings) - count;
    for (let i = 1; i <= more; i++) jobs.push({ cell, rep: last + i, pass });
  }
  return shuffle(jobs, settings.seed + pass);
}

// { measured, met } over the planned cells that hold ok samples.
function precisionCounts(planCells, get, ciTarget) {
  let measured = 0, met = 0;
  for (const cell of planCells) {
    const stored = !cell.skip && get(cell.key);
    if (!stored || stored.replacing || stored.status !== 'ok' || !stored.samples.length) continue;
    measured++;
    if (precisionOf(stored, ciTarget).met) met++;
  }
  return { measured, met };
}

module.exports = { extraJobs, nextReps, precisionCounts, MIN_FOR_INTERVAL };
