// The parent's side of the "delegation" scenario (the child's side is
// delegation.js here), built like chains-plan.js:
//   modes    flat | d1 | d2 | d5: levels of delegation below the coroutine
//   n        coroutines in parallel: 1, 100, 10000 by default
//   t        0: each read is one setImmediate turn, no timer delay
//   reps     5 at n 1 and 100, 3 at n 10000 (the largest cells take the most
//            time; the data file's cells carry the count they hold), no
//            adaptive repetitions unless --max-reps asks for them, so one
//            runtime stays within about six minutes
//   variants examples/delegation/manifest.json; data data/delegation.json
// --scenario delegation runs alone: its cells go to a file of their own schema.
'use strict';
const path = require('node:path');
const { UsageError } = require('../../lib/args');
const { EXAMPLES } = require('../../lib/manifest');
const { STEPS, DEPTHS, MODES } = require('./delegation');

// 1 is the setting readers of the 2014 post objected to (one coroutine in
// flight measures the runner, not the load); 10,000 is the concurrency of
// its corrected runs; 100 lies between.
const NS = [1, 100, 10000];
const QUICK_NS = [1, 100];
const REPS = 5;
const LARGE_N = 10000;
const LARGE_REPS = 3;
const SCHEMA_ID = 'asyncbench/delegation@1';
const MANIFEST = path.join('examples', 'delegation', 'manifest.json');
const OUT = path.join('data', 'delegation.json');

// Applies --scenario delegation to the parsed settings `s` (bench-args.js).
// Returns { out, manifest, dataSchema }.
function delegationSettings(s, raw, list) {
  const others = s.scenarios.filter((x) => x !== 'delegation');
  if (others.length) {
    throw new UsageError(`--scenario: delegation writes its own data file (${OUT}); run it on its own, not with ${others.join(', ')}`);
  }
  if (s.profile === 'sweep') throw new UsageError('--sweep is the upload scale sweep; with --scenario delegation give --n instead');
  s.modes = raw['--mode'] ? list('--mode', raw['--mode'], MODES) : MODES.slice();
  if (!raw['--n']) s.ns = (s.profile === 'quick' ? QUICK_NS : NS).slice();
  if (s.profile !== 'quick' && !raw['--reps']) s.reps = REPS;
  if (!raw['--max-reps']) s.maxReps = s.reps;
  // Stated in the data file (harness.largeReps): the cells at n >= LARGE_N
  // run fewer repetitions unless --reps names a count for all.
  s.largeReps = s.profile === 'quick' || raw['--reps'] ? null : LARGE_REPS;
  s.stepsPerCoroutine = STEPS;
  return { out: OUT, manifest: MANIFEST, dataSchema: SCHEMA_ID };
}

// One plan cell, or null where the variant does not run at this depth (a
// plain async function has no delegation: manifest "depths").
function delegationCell({ key, runtime, mode, n, variant, skip, settings }) {
  if (variant.depths && !variant.depths.includes(mode)) return null;
  const cell = {
    key, runtime: runtime.id, scenario: 'delegation', mode, variant: variant.id, n, t: 0,
    depth: DEPTHS[mode],
    // Reads one after another in each coroutine; each is a turn of the event
    // loop, not a timed wait, so the floor in ms is 0.
    criticalPath: STEPS, ioFloorMs: 0,
    file: path.join(EXAMPLES, variant.file),
    skip
  };
  if (n >= LARGE_N && settings && settings.largeReps && settings.largeReps < settings.reps) cell.reps = settings.largeReps;
  return cell;
}

module.exports = { delegationSettings, delegationCell, MODES, NS, QUICK_NS, REPS, LARGE_N, LARGE_REPS, SCHEMA_ID, MANIFEST, OUT };
