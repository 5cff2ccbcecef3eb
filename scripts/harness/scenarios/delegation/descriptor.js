// The "delegation" scenario (companion post "generator delegation and
// coroutine runners"), as the harness sees it; the child's side is
// child.js. Built like the chains scenario:
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
const { exampleFile } = require('../../../lib/paths');
const { STEPS, DEPTHS, MODES } = require('./child');

// 1 is the setting readers of the 2014 post objected to (one coroutine in
// flight measures the runner, not the load); 10,000 is the concurrency of
// its corrected runs; 100 lies between.
const NS = [1, 100, 10000];
const QUICK_NS = [1, 100];
const REPS = 5;
const LARGE_N = 10000;
const LARGE_REPS = 3;

// Applies the scenario's own defaults to the parsed settings `s` (bench-args.js).
function settings(s, raw) {
  if (!raw['--n']) s.ns = (s.profile === 'quick' ? QUICK_NS : NS).slice();
  if (s.profile !== 'quick' && !raw['--reps']) s.reps = REPS;
  if (!raw['--max-reps']) s.maxReps = s.reps;
  // Stated in the data file (harness.largeReps): the cells at n >= LARGE_N
  // run fewer repetitions unless --reps names a count for all.
  s.largeReps = s.profile === 'quick' || raw['--reps'] ? null : LARGE_REPS;
  s.stepsPerCoroutine = STEPS;
}

// One plan cell, or null where the variant does not run at this depth (a
// plain async function has no delegation: manifest "depths").
function cell({ key, runtime, mode, n, variant, skip, settings }) {
  if (variant.depths && !variant.depths.includes(mode)) return null;
  const planned = {
    key, runtime: runtime.id, scenario: 'delegation', mode, variant: variant.id, n, t: 0,
    depth: DEPTHS[mode],
    // Reads one after another in each coroutine; each is a turn of the event
    // loop, not a timed wait, so the floor in ms is 0.
    criticalPath: STEPS, ioFloorMs: 0,
    file: exampleFile(variant.file),
    skip
  };
  if (n >= LARGE_N && settings && settings.largeReps && settings.largeReps < settings.reps) planned.reps = settings.largeReps;
  return planned;
}

module.exports = {
  name: 'delegation',
  help: ['delegation alone: coroutines of 12 reads, --mode flat,d1,d2,d5 (levels of',
    'delegation), n 1,100,10000, 5 reps (3 at n 10000), no adaptive reps,',
    'examples/delegation/manifest.json, --out data/delegation.json'],
  modes: MODES,
  data: { file: path.join('data', 'delegation.json'), schema: 'asyncbench/delegation@1' },
  manifest: path.join('examples', 'delegation', 'manifest.json'),
  settings,
  cell,
  childArgs: (c) => ['--mode', c.mode],
  dataFields: ['depth'],
  summary: { throughput: 'opsPerSec' },
  NS, QUICK_NS, REPS, LARGE_N, LARGE_REPS
};
