// Reads, validates, merges and atomically writes a performance data file
// (schema asyncbench/perf@1, see data/SCHEMA.md). Cells are merged by key, so
// a run never drops another runtime's or scenario's results, and every write
// goes to a temporary file that is renamed over the old one: a run killed at
// any moment leaves either the previous complete file or the new one.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Ajv = require('ajv');
const stats = require('./stats');

const SCHEMA_ID = 'asyncbench/perf@1';
const SCHEMA_FILE = path.join(__dirname, '..', '..', 'data', 'schema', 'perf.schema.json');
const FAILURES = ['timeout', 'crash', 'oom'];

class DataFileError extends Error {
  constructor(file, problem) {
    super(`${file}: ${problem}`);
    this.name = 'DataFileError';
    this.file = file;
  }
}

let validator = null;
function validate(data) {
  if (!validator) {
    const ajv = new Ajv({ allErrors: true });
    validator = ajv.compile(JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')));
  }
  if (validator(data)) return [];
  return validator.errors.slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message}`);
}

function empty(generatedBy) {
  return { schema: SCHEMA_ID, generatedBy, runs: {}, cells: [] };
}

// The existing file, or an empty one if there is none. A file that is not
// JSON or not valid perf@1 data throws: we refuse to overwrite measurements.
function load(file, generatedBy) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return empty(generatedBy);
    throw new DataFileError(file, `cannot read it (${err.code || err.message})`);
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new DataFileError(file, `is not valid JSON (${err.message}). Refusing to overwrite it: fix or move it, or pass --out ANOTHER.json.`);
  }
  const problems = validate(data);
  if (problems.length) {
    throw new DataFileError(file, `does not match ${SCHEMA_ID} (data/schema/perf.schema.json): ${problems.join('; ')}. ` +
      'Refusing to overwrite it: fix or move it, or pass --out ANOTHER.json.');
  }
  return data;
}

function writeAtomic(file, data) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, JSON.stringify(data, null, 1) + '\n');
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

// One writer per file: a lock file holding the writer's pid. A lock whose pid
// is gone (a killed run) is taken over, so --resume works after kill -9.
function lock(file) {
  const lockFile = `${file}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => { try { fs.unlinkSync(lockFile); } catch (err) { /* already gone */ } };
    } catch (err) {
      if (err.code !== 'EEXIST') throw new DataFileError(lockFile, `cannot create the lock file (${err.message})`);
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      if (pid && isAlive(pid)) {
        throw new DataFileError(file, `another benchmark run (pid ${pid}) is writing it. Wait for it, or use --out ANOTHER.json.`);
      }
      fs.unlinkSync(lockFile);
    }
  }
  throw new DataFileError(file, `could not take the lock ${lockFile}`);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

// The fields of a cell derived from its samples.
function summarizeCell(cell) {
  const ok = cell.samples.filter((s) => s.status === 'ok');
  const pick = (field) => ok.map((s) => s[field]).filter((v) => typeof v === 'number');
  cell.time = stats.summarize(pick('timeMs'));
  cell.memory = stats.summarize(pick('peakRssMb'));
  cell.heap = stats.summarize(pick('heapMb'));
  cell.latencyP50 = stats.summarize(pick('p50Ms'));
  cell.latencyP99 = stats.summarize(pick('p99Ms'));
  if (cell.scenario === 'errors') cell.failedCalls = stats.summarize(pick('failed'));
  cell.noisy = stats.isNoisy(cell.time);
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

// A new cell record from a plan cell (scripts/lib/plan.js).
function newCell(planCell, runId) {
  const cell = {
    key: planCell.key, runtime: planCell.runtime, scenario: planCell.scenario, mode: planCell.mode,
    variant: planCell.variant, n: planCell.n, t: planCell.t, ioFloorMs: planCell.ioFloorMs,
    criticalPath: planCell.criticalPath, status: planCell.skip ? 'skipped' : 'ok', run: runId, samples: []
  };
  if (planCell.k) cell.k = planCell.k;
  if (planCell.errorRate) cell.errorRate = planCell.errorRate;
  if (planCell.skip) cell.error = planCell.skip;
  return summarizeCell(cell);
}

class Store {
  constructor(file, data) {
    this.file = file;
    this.data = data;
    this.byKey = new Map(data.cells.map((c) => [c.key, c]));
  }

  get(key) { return this.byKey.get(key); }

  // Puts a fresh cell in place of any stored one with the same key (a rerun
  // without --resume measures the cell again).
  replace(planCell, runId) {
    const cell = newCell(planCell, runId);
    const old = this.byKey.get(cell.key);
    if (old) this.data.cells[this.data.cells.indexOf(old)] = cell;
    else this.data.cells.push(cell);
    this.byKey.set(cell.key, cell);
    return cell;
  }

  addSample(key, sample) {
    const cell = this.byKey.get(key);
    if (!cell) throw new Error(`Internal error: no cell ${key} to add a sample to`);
    cell.samples = cell.samples.filter((s) => s.rep !== sample.rep).concat(sample).sort((a, b) => a.rep - b.rep);
    cell.run = sample.run;
    summarizeCell(cell);
  }

  // Drops the environments of runs that no cell or sample comes from any
  // more (every cell they measured was measured again), so `runs` describes
  // exactly the data in the file. Called once a run is over, never midway:
  // the current run has no samples yet when it starts.
  pruneRuns() {
    const used = new Set();
    for (const cell of this.data.cells) {
      if (cell.run) used.add(cell.run);
      for (const s of cell.samples || []) if (s.run) used.add(s.run);
    }
    for (const id of Object.keys(this.data.runs)) if (!used.has(id)) delete this.data.runs[id];
  }

  save() {
    this.data.updated = new Date().toISOString();
    writeAtomic(this.file, this.data);
  }
}

module.exports = { load, validate, writeAtomic, lock, summarizeCell, newCell, Store, DataFileError, SCHEMA_ID, SCHEMA_FILE };
