// Reads, validates and merges a performance data file (schema
// asyncbench/perf@1, see data/SCHEMA.md). Cells are merged by key, so a run
// never drops another runtime's or scenario's results; a cell being measured
// again keeps its old samples until the first new one is saved; and every
// write is validated first. Where the data go is the run store's business
// (run-store.js: the journal, the lock, the atomic save), so a run killed at
// any moment leaves a complete, valid file that still holds everything
// measured so far.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const stats = require('../lib/stats');
const { DEFAULTS, cellKey } = require('./plan');
const scenarios = require('./scenarios');
const { countClasses } = require('../lib/warm-classes');
const { deriveWarmCpu } = require('./warm-cpu');
const { derivePairedFields } = require('./paired-figures');
const { runsOfCell } = require('../lib/continuation');
const schemas = require('../lib/schemas');
const { ROOT } = require('../lib/paths');

const SCHEMA_ID = 'asyncbench/perf@1';
// The `generatedBy` of every data file the harness writes, the data tools'
// (split, rederive, merge) included: the runner that measured them.
const GENERATED_BY = 'scripts/bench.js';
// stack-overflow: a measured outcome of the streamline-modes scenario (its schema alone allows it).
const FAILURES = ['timeout', 'crash', 'oom', 'stack-overflow'];

class DataFileError extends Error {
  constructor(file, problem) {
    super(`${file}: ${problem}`);
    this.name = 'DataFileError';
    this.file = file;
  }
}

// The schema (key in lib/schemas.js) of benchmark data named `schemaId`;
// perf@1 for anything else, so foreign data fail perf@1's check.
function schemaKey(schemaId) {
  const key = schemaId && schemas.keyOfName(schemaId);
  return key && schemas.holdsRuns(key) ? key : schemas.keyOfName(SCHEMA_ID);
}

function problemsOf(check, value) {
  if (check(value)) return [];
  return check.errors.slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message}`);
}

// Checked against the schema the file names, if it is one we write.
function validate(data) {
  return problemsOf(schemas.validator(schemaKey(data && data.schema)), data);
}

// Problems of one sample record against #/definitions/sample.
function validateSample(sample, schemaId = SCHEMA_ID) {
  return problemsOf(schemas.sampleValidator(schemaKey(schemaId)), sample);
}

function empty(generatedBy, schemaId = SCHEMA_ID) {
  return { schema: schemaId, generatedBy, runs: {}, cells: [] };
}

// The existing file, or an empty one if there is none. A file that is not
// JSON or not valid perf@1 data throws: we refuse to overwrite measurements.
function load(file, generatedBy, schemaId = SCHEMA_ID) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return empty(generatedBy, schemaId);
    throw new DataFileError(file, `cannot read it (${err.code || err.message})`);
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new DataFileError(file, `is not valid JSON (${err.message}). Refusing to overwrite it: fix or move it, or pass --out ANOTHER.json.`);
  }
  const problems = data && data.schema !== schemaId ? [`it holds ${JSON.stringify(data.schema)} data, not ${schemaId}`] : validate(data);
  if (problems.length) {
    throw new DataFileError(file, `does not match ${schemaId} (${path.relative(ROOT, schemas.schemaFile(schemaKey(schemaId)))}): ${problems.join('; ')}. ` +
      'Refusing to overwrite it: fix or move it, or pass --out ANOTHER.json.');
  }
  return data;
}

// The fields of a cell derived from its samples. `ciTarget`: the ±% the
// run aims at for the median's 95 % interval (recorded in timeCi).
function summarizeCell(cell, { ciTarget = DEFAULTS.ciTarget, warmCiTarget = DEFAULTS.warmCiTarget } = {}) {
  for (const s of cell.samples) deriveWarmCpu(s);
  const ok = cell.samples.filter((s) => s.status === 'ok');
  // upload-paired: the pair figures from the sample's two raw series.
  for (const s of ok) derivePairedFields(s, cell.n);
  const pick = (field) => ok.map((s) => s[field]).filter((v) => typeof v === 'number');
  cell.time = stats.summarize(pick('timeMs'));
  cell.memory = stats.summarize(pick('peakRssMb'));
  cell.heap = stats.summarize(pick('heapMb'));
  cell.latencyP50 = stats.summarize(pick('p50Ms'));
  cell.latencyP99 = stats.summarize(pick('p99Ms'));
  // The scenario's own figures (its descriptor's summary); none for a
  // scenario this harness does not know.
  const own = scenarios.find(cell.scenario);
  for (const [field, sampleField] of Object.entries(own ? own.summary : {})) cell[field] = stats.summarize(pick(sampleField));
  for (const [field, { of, targetPct }] of Object.entries(own ? own.intervals : {})) {
    cell[field] = stats.summarize(pick(of));
    cell[`${field}Ci`] = stats.medianPrecision(pick(of), targetPct);
  }
  cell.noisy = stats.isNoisy(cell.time);
  cell.timeCi = stats.medianPrecision(pick('timeMs'), ciTarget);
  // The warm figure (warm.js), on cells whose samples have one: summarized
  // from the steady repetitions only; the unsteady ones are counted, and
  // every series' class, so a style that does not settle shows as such
  // instead of being averaged in.
  if (ok.some((s) => Array.isArray(s.warmBatchesMs))) {
    cell.warm = stats.summarize(pick('warmMs'));
    cell.warmCi = stats.medianPrecision(pick('warmMs'), warmCiTarget);
    cell.warmUnsteady = ok.filter((s) => s.warmSteady === false).length;
    if (ok.some((s) => s.warmClass)) cell.warmClasses = countClasses(ok);
    else delete cell.warmClasses;
  } else {
    delete cell.warm;
    delete cell.warmCi;
    delete cell.warmUnsteady;
    delete cell.warmClasses;
  }
  // CPU time beside wall time (issue 41), on cells whose samples have it.
  setOrDrop(cell, 'cpu', ok.some((s) => typeof s.cpuMs === 'number') ? stats.summarize(pick('cpuMs')) : null);
  setOrDrop(cell, 'warmCpu', ok.some((s) => Array.isArray(s.warmCpuBatchesMs)) ? stats.summarize(pick('warmCpuMs')) : null);
  cell.retried = cell.samples.reduce((n, s) => n + (s.retries ? s.retries.length : 0), 0);
  cell.interfered = cell.samples.filter((s) => s.interfered).length;
  if (cell.status === 'skipped') return cell;
  const failure = cell.samples.find((s) => FAILURES.includes(s.status));
  if (failure) {
    cell.status = failure.status;
    cell.error = failure.error;
  } else {
    cell.status = 'ok';
    delete cell.error;
  }
  return cell;
}

function setOrDrop(cell, field, value) {
  if (value) cell[field] = value;
  else delete cell[field];
}

// A new cell record from a plan cell (scripts/harness/plan.js).
function newCell(planCell, runId, options) {
  const cell = {
    key: planCell.key, runtime: planCell.runtime, scenario: planCell.scenario, mode: planCell.mode,
    variant: planCell.variant, n: planCell.n, t: planCell.t, ioFloorMs: planCell.ioFloorMs,
    criticalPath: planCell.criticalPath, status: planCell.skip ? 'skipped' : 'ok', run: runId, samples: []
  };
  for (const field of scenarios.get(planCell.scenario).dataFields) if (planCell[field] !== undefined) cell[field] = planCell[field];
  if (planCell.skip) cell.error = planCell.skip;
  return summarizeCell(cell, options);
}

// A sample the schema rejects (a child that reported nonsense) is kept as a
// failure with the reason, so the file stays valid and the cell is not ranked.
function checkedSample(sample, schemaId) {
  const problems = validateSample(sample, schemaId);
  if (!problems.length) return sample;
  const failed = { rep: sample.rep, run: sample.run, status: 'crash',
    error: `the child reported an invalid result (${problems.join('; ')})` };
  for (const field of ['wallMs', 'load1', 'steal', 'other']) if (typeof sample[field] === 'number' && sample[field] >= 0) failed[field] = sample[field];
  if (typeof sample.interferenceSource === 'string') failed.interferenceSource = sample.interferenceSource;
  return failed;
}

// What makes a journal entry (journal.js) unfit to replay, or null. The
// harness journals plan cells and samples as stored, so an entry whose cell
// would not make a valid cell of this file, or whose sample is not valid as
// it stands, was written by something else.
function journalEntryProblem({ cell, sample }, schemaId) {
  if (!scenarios.find(cell.scenario)) return `its cell names no scenario this harness knows (scenario: ${JSON.stringify(cell.scenario)})`;
  const schemaName = path.relative(ROOT, schemas.schemaFile(schemaKey(schemaId)));
  const asCell = newCell(cell, 'journal');
  const cellProblems = validate(Object.assign(empty('journal', schemaId), { cells: [asCell] }))
    .map((p) => p.replace(/^\/cells\/0( |\/)/, (m, next) => (next === ' ' ? '(cell) ' : '/')));
  if (cellProblems.length) return `its cell does not match ${schemaName}: ${cellProblems.join('; ')}`;
  if (cell.key !== cellKey(cell)) return `its cell's key ${JSON.stringify(cell.key)} does not match its fields (${cellKey(cell)})`;
  const sampleProblems = validateSample(sample, schemaId);
  if (sampleProblems.length) return `its sample does not match ${schemaName}: ${sampleProblems.join('; ')}`;
  return null;
}

// The cells of one data file in memory, written through `target`, the run
// store that owns the file (run-store.js: its journal and its saves; its
// guard() throws once this process may no longer write the file).
class Store {
  // ciTarget: see summarizeCell.
  constructor(target, data, { ciTarget = DEFAULTS.ciTarget, warmCiTarget = DEFAULTS.warmCiTarget } = {}) {
    this.target = target;
    this.summaryOptions = { ciTarget, warmCiTarget };
    this.data = data;
    this.byKey = new Map(data.cells.map((c) => [c.key, c]));
    // Repetitions a stopped run journaled but never saved (journal.js) are
    // folded in first, so nothing this store writes can drop them.
    const { entries, dropped } = target.readJournal((entry) => journalEntryProblem(entry, data.schema));
    for (const { cell, sample } of entries) this.addSample(cell, sample);
    this.recovered = { repetitions: entries.length, dropped };
  }

  get(key) { return this.byKey.get(key); }

  // The cell is to be measured again by run `runId`; its samples stay until
  // the first new one arrives (addSample), so a run stopped before that
  // loses nothing, and --resume knows the cell still needs measuring.
  markReplacing(key, runId) {
    this.byKey.get(key).replacing = runId;
  }

  // Puts a fresh cell in place of any stored one with the same key.
  replace(planCell, runId) {
    const cell = newCell(planCell, runId, this.summaryOptions);
    const old = this.byKey.get(cell.key);
    if (old) this.data.cells[this.data.cells.indexOf(old)] = cell;
    else this.data.cells.push(cell);
    this.byKey.set(cell.key, cell);
    return cell;
  }

  // Adds a repetition of plan cell `planCell`; the first one of a cell that is
  // new or marked for replacing starts the cell afresh. Returns the sample as
  // stored (a failure if the schema rejected it).
  addSample(planCell, sample) {
    const stored = checkedSample(sample, this.data.schema);
    let cell = this.byKey.get(planCell.key);
    if (!cell || cell.replacing) cell = this.replace(planCell, stored.run);
    cell.samples = cell.samples.filter((s) => s.rep !== stored.rep).concat(stored).sort((a, b) => a.rep - b.rep);
    cell.run = stored.run;
    summarizeCell(cell, this.summaryOptions);
    return stored;
  }

  // Adds a finished repetition and journals it: it is safe on disk at once,
  // and reaches the data file with the next save().
  record(planCell, sample) {
    this.target.guard();
    const stored = this.addSample(planCell, sample);
    this.target.appendJournal(planCell, stored);
    return stored;
  }

  // Drops the environments of runs that no cell or sample comes from any
  // more (every cell they measured was measured again), so `runs` describes
  // exactly the data in the file. Called once a run is over, never midway:
  // the current run has no samples yet when it starts.
  pruneRuns() {
    const used = new Set(this.data.cells.flatMap(runsOfCell));
    // A stopped run's record needs the run that completed it (continuation.js).
    for (const id of [...used]) {
      const run = this.data.runs[id];
      if (run && run.continuedBy) used.add(run.continuedBy);
    }
    for (const id of Object.keys(this.data.runs)) if (!used.has(id)) delete this.data.runs[id];
  }

  // Writes the file if it is valid; never writes one that load() would refuse.
  save() {
    this.target.guard();
    this.data.updated = new Date().toISOString();
    const problems = validate(this.data);
    if (problems.length) {
      throw new Error(`Internal error: refusing to write ${this.target.file}, the data do not match ${this.data.schema}: ${problems.join('; ')}. ` +
        'The file on disk is unchanged.');
    }
    // Every byte or nothing: on a full disk this throws a WriteError (lib/
    // full-write.js) with the old file in place, and the journal is kept.
    this.target.write(this.data);
    // Only now does the file hold every journaled repetition. A kill between
    // the rename and this leaves a journal whose repetitions the file already
    // has: replaying them again replaces each with itself.
    this.target.clearJournal();
  }
}

module.exports = { load, validate, validateSample, summarizeCell, newCell, Store, DataFileError, SCHEMA_ID, GENERATED_BY };
