// The "chains" scenario (companion post "Promises/A+ chains"), as the
// harness sees it: its settings, its cells, and where its variants and data
// live; the child's side is child.js. The harness is the same
// (bench.js: fresh processes, shuffled jobs, progress, --resume, atomic
// merge); only these differ from the upload scenarios:
//   modes   sync | mixed | async (which link steps are asynchronous), not cpu | io
//   n       parallel chains, each of LINKS links: 1, 10, 100 by default
//   t       0: the asynchronous step is one setImmediate turn, no timer delay
//   variants examples/chains/manifest.json; data data/chains.json (asyncbench/chains@1)
// --scenario chains runs alone: its cells go to a file of their own schema.
'use strict';
const path = require('node:path');
const { exampleFile } = require('../../../lib/paths');
const { expected, MODES } = require('./child');

const LINKS = 500;
// 1 is the 2013 post's case (one chain: the cost per link); 10 and 100 let
// chains interleave, so a library's queue holds many continuations at once
// and memory grows with the links in flight (50,000 at n = 100). Not 1000 by
// default: Q 0.9 then needs about 2 GB and 10-25 s per repetition on the
// 2-core machine (measured at n = 100: 230 MB, 2.4 s under load); --n 1000
// still runs it.
const NS = [1, 10, 100];
const QUICK_NS = [1, 10];
// Repetitions: 5 planned, adaptive ones up to 7 (not the upload default of
// 25). Cells of a few ms rarely reach a ±3 % interval, so nearly every cell
// would run to the cap: 7 keeps the default run of node-24, node-0.11 and bun
// (288 cells) under 8 minutes on the 2-core machine (the job costs below).
const REPS = 5;
const MAX_REPS = 7;
// What one job costs, for the estimate and the ETA (progress.js): measured
// 2026-11-23 over every variant and mode on node-24, node-0.11 and bun under
// load: about 76 ms at n = 1 (process start, loading), 120 ms at n = 10,
// 490 ms at n = 100 (Q at n = 100: 1-2.4 s).
const JOB_BASE_MS = 80;
const JOB_MS_PER_CHAIN = 4;

// Applies the scenario's own defaults to the parsed settings `s`
// (bench-args.js); `raw` holds the options as given.
function settings(s, raw) {
  if (!raw['--n']) s.ns = (s.profile === 'quick' ? QUICK_NS : NS).slice();
  if (s.profile === 'default' && !raw['--reps'] && !raw['--max-reps']) Object.assign(s, { reps: REPS, maxReps: MAX_REPS });
  s.links = LINKS;
}

// One plan cell (see plan.js buildPlan); `key` is plan.js's cellKey.
function cell({ key, runtime, mode, n, variant, skip }) {
  const asyncSteps = expected(mode, LINKS).asyncSteps;
  return {
    key, runtime: runtime.id, scenario: 'chains', mode, variant: variant.id, n, t: 0, links: LINKS,
    // Asynchronous steps one after another on each chain; each is a turn of
    // the event loop, not a timed wait, so the floor in ms is 0.
    criticalPath: asyncSteps, ioFloorMs: 0,
    estimateMs: JOB_BASE_MS + JOB_MS_PER_CHAIN * n,
    file: exampleFile(variant.file),
    skip
  };
}

module.exports = {
  name: 'chains',
  help: ['chains alone: 500-link chains, --mode sync,mixed,async, n 1,10,100,',
    'examples/chains/manifest.json, --out data/chains.json (data/SCHEMA.md), or'],
  modes: MODES,
  data: { file: path.join('data', 'chains.json'), schema: 'asyncbench/chains@1' },
  manifest: path.join('examples', 'chains', 'manifest.json'),
  settings,
  cell,
  childArgs: (c) => ['--mode', c.mode, '--links', String(c.links)],
  dataFields: ['links'],
  summary: { afterFirst: 'afterFirstMs' },
  LINKS, NS, QUICK_NS, REPS, MAX_REPS
};
