// `npm run bench -- --rederive FILE`: every figure a perf@1 file derives from
// its samples (each cell's summaries and intervals, `aboveFloor`) computed
// again by this harness, for a file written by a harness that derived them
// another way (issue 28: the floor's costs were briefly taken from warm
// figures, then retired; data/SCHEMA.md). The samples and runs are kept as
// they are; the file is rewritten whole (atomic-write), under its lock, and
// only when the result is valid. Runs nothing.
'use strict';
const fs = require('node:fs');
const datafile = require('./datafile');
const { lock } = require('./lock');
const { journalFile } = require('../lib/side-files');
const { writeJsonAtomic } = require('../lib/atomic-write');
const { deriveAboveFloor } = require('./above-floor');

class RederiveError extends Error {
  constructor(file, problem) {
    super(`${file}: ${problem}`);
    this.name = 'RederiveError';
    this.file = file;
  }
}

// → { cells } rederived; throws RederiveError naming what is wrong.
function rederiveFile(file, { generatedBy }) {
  if (fs.existsSync(journalFile(file))) {
    throw new RederiveError(file, `${journalFile(file)} holds repetitions not yet saved; fold them in first with the run's own command and --resume`);
  }
  const held = lock(file);
  try {
    let data;
    try {
      data = JSON.parse(fs.readFileSync(file, 'utf8'));
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
    writeJsonAtomic(file, data, 1);
    return { cells: data.cells.length };
  } finally {
    held.release();
  }
}

module.exports = { rederiveFile, RederiveError };
