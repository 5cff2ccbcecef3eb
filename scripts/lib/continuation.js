'use strict';
// A run stopped by a signal or a kill stays stamped `finished: null`, and the
// site refuses to publish unfinished data. When a later run on the same file
// ends uninterrupted and planned every cell the stopped run had touched (its
// samples, the cells it measured or meant to measure again), the stopped
// run's work is complete: what it measured is kept or measured again, what
// it had not reached is measured. That later run marks it `continuedBy`,
// keeping `finished: null` as the honest record that it was stopped.
//
// Without this, `--resume` (the remedy the build prints) finished the work
// but left the stopped run unfinished whenever any of its samples were kept.

// The ids of the runs a cell holds something of: the run that measured it,
// the run replacing it, the runs of its samples (with repeats).
function runsOfCell(cell) {
  return [cell.run, cell.replacing, ...(cell.samples || []).map((s) => s.run)].filter(Boolean);
}

// Run id -> the cell keys that hold something of that run.
function keysByRun(cells) {
  const byRun = new Map();
  for (const cell of cells) {
    for (const run of runsOfCell(cell)) {
      if (!byRun.has(run)) byRun.set(run, new Set());
      byRun.get(run).add(cell.key);
    }
  }
  return byRun;
}

// Whether a stopped run's work was completed by a finished run in the file.
function isContinued(runs, run) {
  const by = run.continuedBy && runs[run.continuedBy];
  return Boolean(by && by.finished);
}

// Marks every stopped run whose touched cells `plannedKeys` all cover as
// continued by `runId`. Returns the ids marked.
function markContinued(data, runId, plannedKeys) {
  const byRun = keysByRun(data.cells);
  const marked = [];
  for (const [id, run] of Object.entries(data.runs)) {
    if (id === runId || run.finished || isContinued(data.runs, run)) continue;
    const touched = byRun.get(id) || new Set();
    if ([...touched].every((key) => plannedKeys.has(key))) {
      run.continuedBy = runId;
      marked.push(id);
    }
  }
  return marked;
}

module.exports = { markContinued, isContinued, runsOfCell };
