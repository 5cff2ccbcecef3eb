// `npm run data -- merge SHARD... [--out FILE]` (data-commands.js): one data
// file from shards measured apart (one CI job per runtime, or several
// machines). Cells are merged by key. Shards must agree on the schema and on
// every harness setting, or their figures would not describe the same
// benchmark; a cell present in two shards is refused rather than mixed,
// because its samples would then come from two machines (data/SCHEMA.md,
// "Shards"). Each run keeps its own host record; each cell is stamped with the
// id of the host that measured it, so the site can tell figures from different
// machines apart.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const datafile = require('./datafile');
const { hostRecord: hostOf, hostId } = require('../lib/host-identity');

class MergeError extends Error {
  constructor(message) {
    super(message);
    this.name = 'MergeError';
  }
}


// `as`: the command as the user gave it, for messages ("--merge", "merge").
function readShard(file, as) {
  if (!fs.existsSync(file)) throw new MergeError(`${as} ${file}: no such file; pass the shard files written by --out`);
  const data = datafile.load(file, null); // refuses a file that is not valid perf data
  if (data.schema !== datafile.SCHEMA_ID) {
    throw new MergeError(`${file}: schema "${data.schema}" differs from ${datafile.SCHEMA_ID}; regenerate the shard with this version`);
  }
  return { file, name: path.basename(file), data };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// Every run of every shard must have the reference run's harness settings.
function checkSettings(shards) {
  let ref = null;
  for (const shard of shards) {
    for (const [runId, run] of Object.entries(shard.data.runs)) {
      if (!ref) {
        ref = { shard, runId, harness: run.harness };
        continue;
      }
      const keys = [...new Set(Object.keys(ref.harness).concat(Object.keys(run.harness)))].sort();
      const key = keys.find((k) => !same(ref.harness[k], run.harness[k]));
      if (key !== undefined) {
        throw new MergeError(`${shard.file}: harness setting "${key}" is ${JSON.stringify(run.harness[key])} (run ${runId}) ` +
          `but ${JSON.stringify(ref.harness[key])} in ${ref.shard.file} (run ${ref.runId}); shards must be run with the same ` +
          'options apart from --runtimes. Nothing was written.');
      }
    }
  }
}

function mergeData(shards, generatedBy) {
  checkSettings(shards);
  const out = { schema: datafile.SCHEMA_ID, generatedBy, runs: {}, cells: [], hosts: {}, shards: [] };
  const owner = new Map(); // cell key → shard file
  for (const shard of shards) {
    const { data } = shard;
    for (const [runId, run] of Object.entries(data.runs)) {
      if (out.runs[runId] && !same(out.runs[runId], run)) {
        throw new MergeError(`${shard.file}: run ${runId} differs from the run of the same id in an earlier shard; ` +
          'was one shard edited? Nothing was written.');
      }
      out.runs[runId] = run;
    }
    const hostIds = new Set();
    for (const cell of data.cells) {
      if (cell.replacing) {
        throw new MergeError(`${shard.file}: cell ${cell.key} is still to be measured again by an interrupted run; ` +
          `finish that run with --resume --out ${shard.name}, then merge. Nothing was written.`);
      }
      if (owner.has(cell.key)) {
        throw new MergeError(`${shard.file}: cell ${cell.key} is also in ${owner.get(cell.key)}; shards must not overlap ` +
          '(run each runtime in one shard only). Nothing was written.');
      }
      owner.set(cell.key, shard.file);
      const run = data.runs[cell.run];
      const merged = Object.assign({}, cell);
      if (run) {
        merged.host = hostId(run.host);
        out.hosts[merged.host] = hostOf(run.host);
        hostIds.add(merged.host);
      }
      out.cells.push(merged);
    }
    out.shards.push({ file: shard.name, runs: Object.keys(data.runs).sort(), cells: data.cells.length, hosts: [...hostIds].sort() });
  }
  out.cells.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  out.updated = new Date().toISOString();
  return out;
}

// Reads every shard, merges, validates, and writes the file of run store
// `out` atomically under its lock (replacing any file there: list it as a
// shard to keep what it holds). `as`: see readShard.
function mergeShards(files, out, { generatedBy, as = '--merge' }) {
  const seen = new Set();
  for (const f of files) {
    if (seen.has(f)) throw new MergeError(`${as}: ${f} is given twice`);
    seen.add(f);
  }
  const shards = files.map((f) => readShard(f, as));
  const data = mergeData(shards, generatedBy);
  const problems = datafile.validate(data);
  if (problems.length) throw new Error(`Internal error: the merged data do not match ${datafile.SCHEMA_ID}: ${problems.join('; ')}`);
  out.makeFolder();
  out.lock();
  try {
    out.write(data);
  } finally {
    out.release();
  }
  return { cells: data.cells.length, hosts: Object.keys(data.hosts).length };
}

module.exports = { mergeShards, mergeData, hostId, MergeError };
