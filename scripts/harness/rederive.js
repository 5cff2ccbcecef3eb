// `npm run data -- rederive FILE` (data-commands.js): every figure a perf@1
// file derives from its samples computed again by this harness, for a file
// written by a harness that derived them another way: each sample's warm
// figure and class from its stored warm series (issue 41: the changepoint
// classifier replaced the window rule; warm-classes.js), then each cell's
// summaries and intervals. The floor's `aboveFloor` costs, retired (issue 28)
// and no longer written (issue 41), are removed; a run's anchor verdict is
// recomputed from its two ends (issue 42). The measured times and the
// runs are kept as they are; the file is rewritten whole (atomic-write),
// under its lock, and only when the result is valid. Runs nothing.
'use strict';
const datafile = require('./datafile');
const { reclassify } = require('../lib/warm-classes');
const { settle } = require('./anchor-run');

class RederiveError extends Error {
  constructor(file, problem) {
    super(`${file}: ${problem}`);
    this.name = 'RederiveError';
    this.file = file;
  }
}

// The file of run store `store` rederived → { cells }; throws RederiveError
// naming what is wrong.
function rederiveFile(store, { generatedBy }) {
  const { file } = store;
  if (store.hasJournal()) {
    throw new RederiveError(file, `${store.journalFile} holds repetitions not yet saved; fold them in first with the run's own command and --resume`);
  }
  store.lock();
  try {
    let data;
    try {
      data = JSON.parse(store.text());
    } catch (err) {
      throw new RederiveError(file, err.code === 'ENOENT' ? 'does not exist' : `cannot be read as JSON (${err.code || err.message})`);
    }
    if (!data || !Array.isArray(data.cells) || typeof data.runs !== 'object') throw new RederiveError(file, 'is not a perf@1-shaped file (runs, cells)');
    // summarizeCell replaces every summary of a cell (and drops the warm ones
    // of a cell without warm figures); the targets each cell was measured
    // against stay its own.
    reclassify(data);
    // The anchor's verdict, from its two ends' samples (scripts/lib/anchor.js).
    for (const run of Object.values(data.runs)) if (run.anchor) settle(run.anchor);
    for (const cell of data.cells) {
      delete cell.aboveFloor;
      datafile.summarizeCell(cell, { ciTarget: cell.timeCi ? cell.timeCi.targetPct : undefined, warmCiTarget: cell.warmCi ? cell.warmCi.targetPct : undefined });
    }
    const problems = datafile.validate(data);
    if (problems.length) throw new RederiveError(file, `still does not match ${data.schema} once rederived: ${problems.join('; ')}`);
    if (generatedBy && !data.generatedBy) data.generatedBy = generatedBy;
    store.write(data);
    return { cells: data.cells.length };
  } finally {
    store.release();
  }
}

module.exports = { rederiveFile, RederiveError };
