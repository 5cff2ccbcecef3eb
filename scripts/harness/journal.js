// The run's journal, FILE.journal beside the data file (named by the run
// store, harness/run-store.js, which hands its path to every function here):
// one JSON line per finished repetition, appended as it finishes. Rewriting
// the whole data file after every repetition cost more than the repetitions
// themselves once the file held a few runtimes (~0.14 s per save at 12 MB,
// growing with the file), so a run saves the file every --save-every seconds
// and appends to the journal in between: a run killed at any moment has each
// finished repetition either in the file or in the journal, and the next run
// on that file folds the journal in before it plans anything (replay below).
//
// A line is appended whole or not at all as far as this process can tell: a
// write that fails (a full disk) is cut back to the journal's size before it,
// so the lines already there stay whole and the next append can follow them.
// A kill can still leave the last line cut short, which is the only damage a
// stop can do. That line is dropped (its repetition simply runs again). A
// broken line with complete lines after it is not a stop's doing, nor is a
// whole line with fields the harness never writes (a cell or sample that
// does not fit the data file, read's problemOf): the journal is refused,
// untouched, naming the line.
'use strict';
const fs = require('node:fs');
const scenarios = require('./scenarios');
const { writeAll, WriteError } = require('../lib/full-write');

// The plan-cell fields datafile.newCell reads, so a replayed sample can
// start its cell afresh exactly as the run that measured it would have: the
// ones every cell has, and the scenario's own (its descriptor's dataFields),
// so a field a scenario adds is journaled without a list here to update.
const COMMON_FIELDS = ['key', 'runtime', 'scenario', 'mode', 'variant', 'n', 't', 'ioFloorMs', 'criticalPath'];

function cellFields(planCell) {
  const own = scenarios.find(planCell.scenario);
  const out = {};
  for (const f of COMMON_FIELDS.concat(own ? own.dataFields : [])) if (planCell[f] !== undefined) out[f] = planCell[f];
  return out;
}

class JournalError extends Error {
  constructor(file, problem) {
    super(`${file}: ${problem}`);
    this.name = 'JournalError';
    this.file = file;
  }
}

// Appends one finished repetition of `planCell` to journal `file`. Throws a
// WriteError when the line cannot be written; the journal then holds what it
// held before.
function append(file, planCell, sample) {
  const buf = Buffer.from(JSON.stringify({ cell: cellFields(planCell), sample }) + '\n');
  let fd;
  let before = null;
  try {
    fd = fs.openSync(file, 'a');
    before = fs.fstatSync(fd).size;
    writeAll(fd, buf);
  } catch (err) {
    if (before !== null) {
      try { fs.ftruncateSync(fd, before); } catch (e) { /* the next read drops a cut last line */ }
    }
    throw new WriteError(file, err, buf.length);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function validEntry(entry) {
  return entry && typeof entry === 'object' && entry.cell && typeof entry.cell.key === 'string' &&
    entry.sample && typeof entry.sample === 'object' && Number.isInteger(entry.sample.rep);
}

// The journal's entries, oldest first: { entries, dropped } where `dropped`
// says whether a last line cut short by a kill was left out. No journal: none.
// problemOf(entry): what makes a whole entry unfit to replay (fields the
// harness never writes), or null; such a line is refused like a broken one.
function read(file, problemOf = () => null) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return { entries: [], dropped: false };
    throw new JournalError(file, `cannot read it (${err.code || err.message})`);
  }
  const lines = text.split('\n');
  const complete = text.endsWith('\n');
  if (complete) lines.pop();
  const entries = [];
  let dropped = false;
  lines.forEach((line, i) => {
    const last = i === lines.length - 1;
    if (last && line === '') return; // an empty journal
    let entry = null;
    try {
      entry = JSON.parse(line);
    } catch (err) { /* judged below */ }
    const refused = (what, why) => new JournalError(file, `line ${i + 1} is not a journal entry${what} ` +
      `(${line.slice(0, 60)}${line.length > 60 ? '…' : ''}). ${why}, so this file was changed by something else. ` +
      'Nothing was written; move the journal aside to run without its repetitions, or restore it.');
    if (validEntry(entry)) {
      const problem = problemOf(entry);
      if (problem) throw refused(`: ${problem}`, 'The harness never writes such a line');
      entries.push(entry);
      return;
    }
    if (last && !complete) {
      dropped = true;
      return;
    }
    throw refused('', 'Only a stop can cut the last line short');
  });
  return { entries, dropped };
}

// Removes journal `file` once the data file holds everything in it.
function clear(file) {
  try {
    fs.unlinkSync(file);
  } catch (err) {
    if (err.code !== 'ENOENT') throw new JournalError(file, `cannot remove it (${err.code || err.message})`);
  }
}

module.exports = { append, read, clear, cellFields, JournalError };
