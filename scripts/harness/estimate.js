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

function wallTimes(cells, keyOf) {
  const byKey = new Map();
  for (const cell of cells) {
    const walls = (cell.samples || []).map((s) => s.wallMs).filter((w) => typeof w === 'number' && w > 0);
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
  const exact = wallTimes(cells, (c) => c.key);
  const loose = wallTimes(cells, looseKey);
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
