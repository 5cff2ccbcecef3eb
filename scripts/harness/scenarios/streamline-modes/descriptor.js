// The "streamline-modes" scenario (companion post on streamline's three
// modes), as the harness sees it; the child's side is child.js. Same
// harness as every scenario (fresh processes, shuffled jobs, --resume,
// atomic merge); what differs:
//   mode     the asynchronous primitive: setImmediate | setTimeout | readFile
//   n        the modulo: every n-th step really waits, the others answer at once
//   depth, loop  25 nested calls per step, 10,000 steps per run (fixed)
//   variants examples/streamline-modes/manifest.json; data data/streamline-modes.json
// The default grid differs per primitive: a setTimeout step costs about 1 ms,
// so its small moduli (10,000 timers at modulo 1: 12 s a repetition) are left
// out unless --n asks for them.
'use strict';
const path = require('node:path');
const { exampleFile } = require('../../../lib/paths');
const { expected, PRIMITIVES, DEPTH, LOOP } = require('./child');

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

// Applies the scenario's own defaults to the parsed settings `s`
// (bench-args.js; s.modes is set); `raw` holds the options as given.
function settings(s, raw) {
  const grid = s.profile === 'quick' ? QUICK_GRID : GRID;
  // --n: every given modulo for every primitive; otherwise the grid.
  s.grid = raw['--n'] ? null : grid;
  if (!raw['--n']) s.ns = [...new Set(s.modes.flatMap((m) => grid[m]))].sort((a, b) => a - b);
  if (s.profile !== 'quick' && !raw['--reps']) s.reps = REPS;
  if (s.profile !== 'quick' && !raw['--max-reps']) s.maxReps = Math.max(s.reps, MAX_REPS);
  s.depth = DEPTH;
  s.loop = LOOP;
}

// One plan cell, or null when (mode, modulo) is not in the grid.
function cell({ key, runtime, mode, n, variant, skip, settings }) {
  if (settings.grid && !settings.grid[mode].includes(n)) return null;
  const want = expected(DEPTH, LOOP, n);
  return {
    key, runtime: runtime.id, scenario: SCENARIO, mode, variant: variant.id, n, t: 0,
    depth: DEPTH, loop: LOOP, modulo: n,
    // The steps that really wait, one after another; turns of the event
    // loop or reads, not timed waits of the fakes: the floor in ms is 0.
    criticalPath: want.asyncSteps, ioFloorMs: 0,
    file: exampleFile(variant.file),
    skip
  };
}

module.exports = {
  name: SCENARIO,
  help: [`${SCENARIO} alone: --mode setImmediate,setTimeout,readFile, --n the moduli,`,
    `examples/${SCENARIO}/manifest.json, --out data/${SCENARIO}.json`],
  modes: PRIMITIVES,
  data: { file: path.join('data', `${SCENARIO}.json`), schema: `asyncbench/${SCENARIO}@1` },
  manifest: path.join('examples', SCENARIO, 'manifest.json'),
  settings,
  cell,
  childArgs: (c) => ['--mode', c.mode, '--depth', String(c.depth), '--loop', String(c.loop)],
  dataFields: ['depth', 'loop', 'modulo'],
  GRID, QUICK_GRID, REPS, MAX_REPS
};
