// `npm run data -- split FILE` (data-commands.js): a perf@1 file holding
// several runtimes (data/perf.json before issue 28) as one file per runtime
// profile, perf-<profile>.json beside FILE, each what `npm run bench --
// --runtimes <profile> --out perf-<profile>.json` would hold: that profile's
// cells, the runs they come from, and in each run only that profile's
// runtime. The site reads one file per profile (site/lib/perf-files.js) and a
// CI job writes one, so no file has to be merged (data/SCHEMA.md, "One file
// per runtime profile"). Runs nothing; FILE is left as it is. A profile's
// file already there is never overwritten: it is refused, and the other
// profiles are written.
'use strict';
const path = require('node:path');
const datafile = require('./datafile');
const { openRunStore } = require('./run-store');
const { runsOfCell } = require('../lib/continuation');

class SplitError extends Error {
  constructor(message) {
    super(message);
    this.name = 'SplitError';
  }
}

// Runtime id -> profile, from what each run recorded of its runtimes (a
// binary given by --runtime PATH has no profile, so it goes in no file).
function profilesOfRuntimes(data) {
  const out = new Map();
  for (const run of Object.values(data.runs)) {
    for (const [id, rt] of Object.entries(run.runtimes || {})) if (rt.profile) out.set(id, rt.profile);
  }
  return out;
}

const only = (object, keep) => Object.fromEntries(Object.entries(object).filter(([k]) => keep(k)));

// The runs one profile's cells hold something of, and the runs that
// completed those (continuedBy), each holding only the profile's runtimes.
function runsFor(data, cells, ids) {
  const used = new Set(cells.flatMap(runsOfCell));
  for (const id of [...used]) {
    for (let run = data.runs[id]; run && run.continuedBy && !used.has(run.continuedBy); run = data.runs[run.continuedBy]) used.add(run.continuedBy);
  }
  const runs = {};
  for (const [id, run] of Object.entries(data.runs)) {
    if (!used.has(id)) continue;
    const copy = Object.assign({}, run, { runtimes: only(run.runtimes || {}, (rt) => ids.has(rt)) });
    // Profiles the run could not use are other files' business.
    delete copy.unavailable;
    runs[id] = copy;
  }
  return runs;
}

// A merged file's hosts and shards (data/SCHEMA.md, "Shards"), narrowed to
// the cells kept; absent when none is left.
function mergeRecords(data, cells, runs, out) {
  const hostIds = new Set(cells.map((c) => c.host).filter(Boolean));
  if (data.hosts && hostIds.size) out.hosts = only(data.hosts, (h) => hostIds.has(h));
  if (!data.shards) return;
  const shards = data.shards
    .map((s) => {
      const kept = s.runs.filter((r) => runs[r]);
      const mine = cells.filter((c) => kept.includes(c.run));
      return { file: s.file, runs: kept, cells: mine.length, hosts: [...new Set(mine.map((c) => c.host).filter(Boolean))].sort() };
    })
    .filter((s) => s.runs.length);
  if (shards.length) out.shards = shards;
}

// data -> { files: Map profile -> perf@1 data, unplaced: runtime ids whose
// cells no profile claims }.
function splitData(data, generatedBy) {
  const profileById = profilesOfRuntimes(data);
  const byProfile = new Map();
  const unplaced = new Set();
  for (const cell of data.cells) {
    const profile = profileById.get(cell.runtime);
    if (!profile) {
      unplaced.add(cell.runtime);
      continue;
    }
    if (!byProfile.has(profile)) byProfile.set(profile, []);
    byProfile.get(profile).push(cell);
  }
  const files = new Map();
  for (const [profile, cells] of byProfile) {
    const ids = new Set([...profileById].filter(([, p]) => p === profile).map(([id]) => id));
    const runs = runsFor(data, cells, ids);
    const out = { schema: data.schema, generatedBy, updated: new Date().toISOString(), runs, cells };
    mergeRecords(data, cells, runs, out);
    files.set(profile, out);
  }
  return { files, unplaced: [...unplaced].sort() };
}

const outFile = (file, profile) => path.join(path.dirname(file), `perf-${profile}.json`);

// Reads the file of run store `source` and writes perf-<profile>.json beside
// it (beside the path as given) for each profile it holds, except where such
// a file exists: that one is refused and the others are written. Returns
// { written: [{ profile, file, cells, runs }], refused: [file], unplaced:
// [runtime id] }. `as`: the command as the user gave it, for messages
// ("--split", "split").
function splitFile(source, { generatedBy, shown = (f) => f, as = '--split' }) {
  const file = source.given;
  if (!source.exists()) throw new SplitError(`${as} ${shown(file)}: no such file; name the perf@1 file that holds several runtimes (data/perf.json)`);
  if (source.hasJournal()) {
    throw new SplitError(`${shown(source.journalFile)} holds repetitions a stopped run never saved into ${shown(file)}; ` +
      `finish that run with npm run bench -- --resume --out ${shown(file)}, then split. Nothing was written.`);
  }
  // No run may write the file while it is read.
  source.lock();
  try {
    const data = source.read(null); // refuses a file that is not valid perf@1 data
    const { files, unplaced } = splitData(data, generatedBy);
    if (!files.size) throw new SplitError(`${shown(file)} holds no cells of a runtime profile (only ${unplaced.join(', ') || 'none'}); nothing to split.`);
    const written = [];
    const refused = [];
    for (const [profile, out] of files) {
      const target = openRunStore(outFile(file, profile));
      const problems = datafile.validate(out);
      if (problems.length) throw new Error(`Internal error: the ${profile} part of ${file} does not match ${datafile.SCHEMA_ID}: ${problems.join('; ')}`);
      // Its lock first, so no run starts writing it meanwhile.
      target.lock();
      try {
        if (target.exists()) refused.push(target.given);
        else {
          target.write(out);
          written.push({ profile, file: target.given, cells: out.cells.length, runs: Object.keys(out.runs).length });
        }
      } finally {
        target.release();
      }
    }
    return { written, refused, unplaced };
  } finally {
    source.release();
  }
}

module.exports = { splitFile, splitData, SplitError };
