// The parent's side of the "streamline-modes" scenario (the child's side is
// streamline-modes.js here). Same harness as every scenario (fresh processes,
// shuffled jobs, --resume, atomic merge); what differs:
//   mode     the asynchronous primitive: setImmediate | setTimeout | readFile
//   n        the modulo: every n-th step really waits, the others answer at once
//   depth, loop  25 nested calls per step, 10,000 steps per run (fixed)
//   variants examples/streamline-modes/manifest.json; data data/streamline-modes.json
// The default grid differs per primitive: a setTimeout step costs about 1 ms,
// so its small moduli (10,000 timers at modulo 1: 12 s a repetition) are left
// out unless --n asks for them.
'use strict';
const path = require('node:path');
const { UsageError } = require('../../lib/args');
const { EXAMPLES } = require('../../lib/manifest');
const { expected, PRIMITIVES, DEPTH, LOOP } = require('./streamline-modes');

const SCENARIO = 'streamline-modes';
// 200 beside 100 on setImmediate: hand-written callbacks at depth 25 run out
// of Node's default stack after about 150 immediate answers in a row
// (measured on Node 14 and 24), so the limit falls between those two.
const GRID = {
  setImmediate: [1, 2, 10, 100, 200, 1000, 5000],
  setTimeout: [10, 100, 1000, 5000],
  readFile: [1, 10, 100, 1000, 5000]
};
const QUICK_GRID = { setImmediate: [1, 1000], setTimeout: [1000], readFile: [100] };
// Repetitions: three, and adaptive ones up to five, so the default grid on
// node-24 and node-14 together stays under eight minutes on 2 cores.
const REPS = 3;
const MAX_REPS = 5;
const SCHEMA_ID = 'asyncbench/streamline-modes@1';
const MANIFEST = path.join('examples', 'streamline-modes', 'manifest.json');
const OUT = path.join('data', 'streamline-modes.json');

// Applies --scenario streamline-modes to the parsed settings `s`
// (bench-args.js); `raw` holds the options as given, `list` parses a list.
function streamlineModesSettings(s, raw, list) {
  const others = s.scenarios.filter((x) => x !== SCENARIO);
  if (others.length) throw new UsageError(`--scenario: ${SCENARIO} writes its own data file (${OUT}); run it on its own, not with ${others.join(', ')}`);
  if (s.profile === 'sweep') throw new UsageError(`--sweep is the upload scale sweep; with --scenario ${SCENARIO} give --n (the moduli) instead`);
  s.modes = raw['--mode'] ? list('--mode', raw['--mode'], PRIMITIVES) : PRIMITIVES.slice();
  const grid = s.profile === 'quick' ? QUICK_GRID : GRID;
  // --n: every given modulo for every primitive; otherwise the grid.
  s.grid = raw['--n'] ? null : grid;
  if (!raw['--n']) s.ns = [...new Set(s.modes.flatMap((m) => grid[m]))].sort((a, b) => a - b);
  if (s.profile !== 'quick' && !raw['--reps']) s.reps = REPS;
  if (s.profile !== 'quick' && !raw['--max-reps']) s.maxReps = Math.max(s.reps, MAX_REPS);
  s.depth = DEPTH;
  s.loop = LOOP;
  return { out: OUT, manifest: MANIFEST, dataSchema: SCHEMA_ID };
}

// One plan cell, or null when (mode, modulo) is not in the grid.
function streamlineModesCell({ key, runtime, mode, n, variant, skip, settings }) {
  if (settings.grid && !settings.grid[mode].includes(n)) return null;
  const want = expected(DEPTH, LOOP, n);
  return {
    key, runtime: runtime.id, scenario: SCENARIO, mode, variant: variant.id, n, t: 0,
    depth: DEPTH, loop: LOOP, modulo: n,
    // The steps that really wait, one after another; turns of the event
    // loop or reads, not timed waits of the fakes: the floor in ms is 0.
    criticalPath: want.asyncSteps, ioFloorMs: 0,
    file: path.join(EXAMPLES, variant.file),
    skip
  };
}

module.exports = { streamlineModesSettings, streamlineModesCell, SCENARIO, GRID, QUICK_GRID, REPS, MAX_REPS, SCHEMA_ID, MANIFEST, OUT };
