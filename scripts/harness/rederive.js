// `npm run data -- rederive FILE` (data-commands.js): every figure a perf@1
// file derives from its samples (each cell's summaries and intervals,
// `aboveFloor`) computed again by this harness, for a file written by a
// harness that derived them another way (issue 28: the floor's costs were
// briefly taken from warm figures, then retired; data/SCHEMA.md). The samples
// and runs are kept as they are; the file is rewritten whole (atomic-write),
// under its lock, and only when the result is valid. Runs nothing.
'use strict';
const datafile = require('./datafile');
const { deriveAboveFloor } = require('./above-floor');

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
    // of a cell without warm figures), deriveAboveFloor every aboveFloor; the
    // targets each cell was measured against stay its own.
    for (const cell of data.cells) {
      datafile.summarizeCell(cell, { ciTarget: cell.timeCi ? cell.timeCi.targetPct : undefined, warmCiTarget: cell.warmCi ? cell.warmCi.targetPct : undefined });
    }
    deriveAboveFloor(data.cells);
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
