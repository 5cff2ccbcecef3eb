// More repetitions for the cells whose median is not yet known to within
// ±ciTarget % (95 % interval, scripts/lib/stats.js medianPrecision), or
// whose warm figure's median is not yet within ±warmCiTarget %.
// After the planned repetitions, bench.js asks for a further pass: every
// cell that misses the target gets a few more repetitions, and the jobs of
// all those cells are shuffled together again, so drift during the pass is
// spread over them as in the first one. Passes repeat until every cell meets
// the target or has maxReps samples. Everything is decided from the samples
// in the data file, so --resume continues where a stopped run left off: a
// cell with its planned repetitions but a wide interval gets more.
'use strict';
const { medianPrecision, samplesFor } = require('../lib/stats');
const { shuffle } = require('./plan');

// The smallest sample with a 95 % distribution-free interval of the median.
const MIN_FOR_INTERVAL = 6;

// How many samples the cell should have after the next pass: stats.js
// samplesFor projects the need from the spread so far; one pass grows a cell
// by at most half (the estimate from a few samples is rough, and the
// interval's ranks move in steps), by at least one sample,
// and never past maxReps. `misses`: [{ halfWidthPct, targetPct }] of the
// figures (cold, warm) still wider than their target; the widest need wins.
function nextReps(count, misses, { maxReps }) {
  let want = count + 1;
  for (const { halfWidthPct, targetPct } of misses) {
    want = Math.max(want, halfWidthPct === null ? Math.max(count + 1, MIN_FOR_INTERVAL)
      : Math.min(samplesFor(count, halfWidthPct, targetPct), Math.ceil(count * 1.5)));
  }
  return Math.min(maxReps, want);
}

// The precision of a stored cell under this run's targets: the cold time's
// (ciTarget) and, on a cell whose samples have warm batches, the warm
// figure's (warmCiTarget) over its steady repetitions. A style whose batches
// mostly never settle (fewer steady repetitions than unsteady ones) is
// reported unsteady (warm.js) rather than chased with repetitions that
// cannot give it a warm figure. { met, misses, cold, warm (null without
// warm batches), warmMiss }.
function precisionOf(stored, { ciTarget, warmCiTarget, warmMaxReps = Infinity }) {
  const ok = stored.samples.filter((s) => s.status === 'ok');
  const cold = medianPrecision(ok.map((s) => s.timeMs), ciTarget);
  const withWarm = ok.filter((s) => Array.isArray(s.warmBatchesMs)).length;
  const steady = ok.map((s) => s.warmMs).filter((v) => typeof v === 'number');
  const warm = withWarm > 0 ? medianPrecision(steady, warmCiTarget) : null;
  // Past warmMaxReps warm repetitions the warm figure is reported as it is:
  // a warm repetition costs 20–50 batches, and a style whose warm medians
  // still scatter that much from process to process will not be pinned down
  // by a few more.
  const warmMiss = warm !== null && !warm.met && withWarm < warmMaxReps && steady.length * 2 >= withWarm;
  const misses = [cold, warmMiss && warm].filter((f) => f && !f.met);
  return { met: misses.length === 0, misses, cold, warm, warmMiss };
}

// planCells: plan.cells; get(key): the stored cell. Returns the shuffled
// jobs of pass `pass` (2, 3, ...): [{ cell, rep, pass, coldOnly }], empty
// when done. coldOnly: the cell's warm figure is settled (or it has none), so
// the repetition runs its cold batch alone. The cold figure is the first
// batch of the process either way, so it is the same measurement; a warm
// repetition costs 10–20 batches more, and the cold figure is the one that
// needs many repetitions (issue 28).
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
    const precision = precisionOf(stored, settings);
    if (precision.met) continue;
    const last = Math.max(...stored.samples.map((s) => s.rep));
    const more = nextReps(count, precision.misses, settings) - count;
    for (let i = 1; i <= more; i++) jobs.push({ cell, rep: last + i, pass, coldOnly: !precision.warmMiss });
  }
  return settings.order === 'blocked' ? jobs : shuffle(jobs, settings.seed + pass);
}

// Over the planned cells that hold ok samples: { measured, met } of the cold
// target, { warm, warmMet } of the warm one among the cells with warm figures.
function precisionCounts(planCells, get, targets) {
  let measured = 0, met = 0, warm = 0, warmMet = 0;
  for (const cell of planCells) {
    const stored = !cell.skip && get(cell.key);
    if (!stored || stored.replacing || stored.status !== 'ok' || !stored.samples.length) continue;
    measured++;
    const precision = precisionOf(stored, targets);
    if (precision.cold.met) met++;
    if (precision.warm) {
      warm++;
      if (precision.warm.met) warmMet++;
    }
  }
  return { measured, met, warm, warmMet };
}

module.exports = { extraJobs, nextReps, precisionCounts, MIN_FOR_INTERVAL };
