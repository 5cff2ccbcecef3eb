// A plan's wall time judged from what the data file already holds: each job
// takes the median wall time of the samples of its own cell, else of the
// same scenario, mode, variant and n on any runtime. Jobs with neither keep
// the rough weight of progress.js. The rough figure alone said 1h37m for the
// nine-runtime matrix of 2026-11-23, which ran at about twice that: old
// runtimes start slower and run the era's libraries slower, which only past
// samples know.
'use strict';
const { weight } = require('./progress');
const { median } = require('../lib/stats');

const looseKey = (c) => `${c.scenario}|${c.mode}|${c.variant}|${c.n}`;

// A past sample's wall time as a job with `warm` settings (the plan cell's
// warmBatches) would take it: the warm batches it ran are taken out, and a
// job with warm batches adds warmBatches batches at the median time of the
// past ones (at the cold batch's time when it ran none: an overestimate, a
// warm batch being faster).
function wallAs(sample, warm) {
  const past = Array.isArray(sample.warmBatchesMs) && sample.warmBatchesMs.length ? sample.warmBatchesMs : null;
  const ran = past ? past.reduce((a, b) => a + b, 0) : 0;
  const each = past ? median(past) : sample.timeMs;
  const added = warm.warmBatches && typeof each === 'number' ? warm.warmBatches * each : 0;
  return sample.wallMs - ran + added;
}

function wallTimes(cells, keyOf, warm) {
  const byKey = new Map();
  for (const cell of cells) {
    const walls = (cell.samples || []).filter((s) => typeof s.wallMs === 'number' && s.wallMs > 0).map((s) => wallAs(s, warm));
    if (!walls.length) continue;
    const key = keyOf(cell);
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(...walls);
  }
  return new Map([...byKey].map(([k, walls]) => [k, median(walls)]));
}

// { ms, matched }: the estimate and how many jobs it found past samples for.
function pastEstimate(jobs, data) {
  const cells = (data && data.cells) || [];
  // One plan has one set of warm settings (bench-args); cells of scenarios
  // without warm batches have none.
  const withWarm = jobs.find((j) => j.cell.warmBatches);
  const warm = withWarm ? { warmBatches: withWarm.cell.warmBatches } : { warmBatches: 0 };
  const exact = wallTimes(cells, (c) => c.key, warm);
  const loose = wallTimes(cells, looseKey, warm);
  let ms = 0;
  let matched = 0;
  for (const job of jobs) {
    const past = exact.has(job.cell.key) ? exact.get(job.cell.key) : loose.get(looseKey(job.cell));
    if (past === undefined) {
      ms += weight(job);
    } else {
      ms += past;
      matched++;
    }
  }
  return { ms, matched };
}

module.exports = { pastEstimate };
