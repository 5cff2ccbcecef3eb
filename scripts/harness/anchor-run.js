// Measures the anchor (scripts/lib/anchor.js) at one end of a run: the
// anchor cells on the node-24 profile, each process a fresh child like any
// repetition, the two styles alternating so a change of speed during the
// anchor touches both alike. runner.js calls it before the first job and
// after the last, and records both ends in the run's `anchor` field.
'use strict';
const path = require('node:path');
const scenarios = require('./scenarios');
const { cellKey, timeoutFor } = require('./plan');
const { runCell } = require('./spawn-cell');
const { measureRepetition } = require('./repetition');
const { ANCHOR, runVerdict } = require('../lib/anchor');
const { loadManifest } = require('../lib/manifest');
const { ROOT } = require('../lib/paths');

// Processes per style and end: ANCHOR.procs, or fewer where
// ASYNCBENCH_ANCHOR_PROCS says so (the harness's own tests, which check the
// plumbing, not the host). The run records the number it used.
const PROCS_ENV = 'ASYNCBENCH_ANCHOR_PROCS';
function anchorProcs(env = process.env) {
  if (env[PROCS_ENV] === undefined) return ANCHOR.procs;
  const n = Number(env[PROCS_ENV]);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`${PROCS_ENV}="${env[PROCS_ENV]}": give a whole number of processes from 1 to 1000, or leave it unset for ${ANCHOR.procs}`);
  return n;
}

// The fields of a sample an anchor keeps: what its figures and the site's
// check read, and what says whether the process was disturbed.
const KEPT = ['variant', 'rep', 'status', 'timeMs', 'warmMs', 'warmClass', 'cpuMs', 'warmCpuMs', 'interfered', 'error'];

// runtime: the node-24 profile's record. The anchor's cells always come
// from the main manifest with the scenario's default settings (warm series,
// steady length, fake I/O time), whatever the run itself measures, or two
// runs' anchors would not measure the same thing.
function anchorCells(runtime, manifestFile = path.join(ROOT, 'examples', 'manifest.json')) {
  const d = scenarios.get(ANCHOR.scenario);
  const variants = loadManifest(manifestFile).variants;
  const settings = scenarios.defaults();
  return ANCHOR.variants.map((id) => {
    const variant = variants.find((v) => v.id === id);
    if (!variant) throw new Error(`anchor: variant "${id}" is not in ${path.relative(ROOT, manifestFile)}; the anchor needs it (scripts/lib/anchor.js)`);
    const key = cellKey({ runtime: runtime.id, scenario: ANCHOR.scenario, mode: ANCHOR.mode, variant: id, n: ANCHOR.n });
    return d.cell({ key, runtime, mode: ANCHOR.mode, n: ANCHOR.n, variant, skip: null, settings });
  });
}

// → { at, samples } for one end; stops early (returning what it has) once
// stopped() is true. settings: the run's (seed, gc, interference limit and
// retries: how a process is run, not what it measures). spawn: runCell's
// signature, replaceable for tests.
async function measureAnchor(runtime, cells, { settings, meter, stopped = () => false, note = () => {}, spawn = runCell }) {
  const at = new Date().toISOString();
  const samples = [];
  const procs = anchorProcs();
  for (let rep = 1; rep <= procs && !stopped(); rep++) {
    for (const cell of cells) {
      if (stopped()) break;
      const how = { timeoutMs: timeoutFor(cell, {}), seed: settings.seed, gc: settings.gc };
      const sample = await measureRepetition(() => spawn(runtime, cell, rep, how), {
        meter, maxInterferencePct: settings.maxInterference, retries: settings.retries, stopped
      });
      if (stopped()) break;
      sample.variant = cell.variant;
      samples.push(Object.fromEntries(KEPT.filter((k) => sample[k] !== undefined).map((k) => [k, sample[k]])));
    }
  }
  note(`anchor (${runtime.id}): ${samples.length} processes`);
  return { at, samples };
}

// The run's anchor record before its first end is measured.
function anchorRecord(runtime) {
  return {
    runtime: runtime.id, scenario: ANCHOR.scenario, mode: ANCHOR.mode, n: ANCHOR.n,
    variants: [...ANCHOR.variants], procs: anchorProcs(), start: null, end: null, verdict: null, apart: [], unchecked: []
  };
}

// Sets verdict and apart from the two ends (scripts/lib/anchor.js).
function settle(record) {
  const { verdict, apart, unchecked } = runVerdict({ anchor: record });
  record.verdict = verdict;
  record.apart = apart;
  record.unchecked = unchecked;
  return record;
}

module.exports = { anchorCells, measureAnchor, anchorRecord, settle, anchorProcs, KEPT };
