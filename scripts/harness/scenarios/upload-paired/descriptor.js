// The "upload-paired" scenario (issue 41, item 2): the upload batch of each
// style and of nested callbacks (the manifest's BASELINE), measured
// alternately in one process, each in a vm context of its own; the cost per
// call over callbacks and the ratio come from the pairs of each process
// (scripts/harness/paired-figures.js), cell summaries pairedCost and
// pairedRatio with their distribution-free 95 % intervals (datafile.js). The
// child's side is child.js. The callbacks paired with themselves stay in:
// their cost should be about 0, a check of the method.
//
// Runtimes: Node 20 and later only. The child's vm loader
// (scripts/harness/scenarios/vm-modules.js) needs module.createRequire and Node's
// vm contexts as the supported Node lines have them; Bun's and Deno's vm
// modules are other implementations, whose isolation of realms nobody here
// has checked, and old Node lines would need the loader rewritten. Every
// other profile's cells are skipped with that reason, as are the variants the
// loader cannot load: those that need fibers (a native addon) and those that
// pick their library's version with examples/lib/library-set.js (it renames
// requests in Node's own loader, which the vm loader does not go through).
//
// Cells go to the runtime's perf file beside its upload cells (perf@1), so
// the results page can put the paired figure next to the unpaired one of the
// same runtime. Not in the default run: `--scenario upload-paired`.
'use strict';
const path = require('node:path');
const { decimal } = require('../../../lib/args');
const { loadManifest, BASELINE } = require('../../../lib/manifest');
const { exampleFile } = require('../../../lib/paths');
const fakeIo = require('../fake-io');

const NAME = 'upload-paired';
const MIN_NODE = 20;
// Warm rounds after the cold batches: one batch of each side per round.
// steady-state.js needs at least its minSteady (16) rounds in the steady
// segments of both; 48 leave room for a warm-up of 32.
const DEFAULT_ROUNDS = 48;

const base = fakeIo.scenario({ name: NAME, call: 'upload', place: false });

let baselineFile = null;
function defaultBaseline() {
  if (!baselineFile) {
    const entry = loadManifest().variants.find((v) => v.id === BASELINE);
    baselineFile = exampleFile(entry.file);
  }
  return baselineFile;
}

function majorOf(version) {
  return parseInt(String(version).replace(/^v/, ''), 10);
}

// Why this scenario does not run `variant` on `runtime`, or null.
function pairedSkip(runtime, variant) {
  if (runtime.name !== 'node' || !(majorOf(runtime.version) >= MIN_NODE)) {
    return `${NAME} runs on Node ${MIN_NODE} and later only (its vm loader, scripts/harness/scenarios/vm-modules.js); ` +
      `${runtime.id} is ${runtime.name} ${runtime.version}`;
  }
  if ((variant.requires || []).includes('fibers')) return `${NAME}: ${variant.id} needs fibers, a native addon, which a vm context cannot load`;
  if ((variant.wrappers || []).includes('lib/library-set.js')) {
    return `${NAME}: ${variant.id} picks its library version with examples/lib/library-set.js, whose renaming of requests ` +
      'the vm loader does not go through';
  }
  return null;
}

const OPTIONS = [
  { name: 'paired-rounds', usage: '--paired-rounds R',
    help: [`warm rounds (one batch of the style, one of callbacks) of ${NAME} (default ${DEFAULT_ROUNDS})`],
    apply(s, v) { s.pairedRounds = decimal('--paired-rounds', v, { integer: true, max: 10000 }); } },
  { name: 'paired-baseline', usage: '--paired-baseline FILE',
    help: [`the variant each style is paired with in ${NAME} (default: the manifest's ${BASELINE})`],
    apply(s, v) { s.pairedBaseline = path.resolve(v); } }
];

// CPU-bound only unless --mode says otherwise: an I/O-bound batch is mostly
// timer waits, and each round pays its I/O floor twice (fake-io.js warmModes).
function settings(s, raw) {
  if (!raw['--mode']) s.modes = ['cpu'];
}

function cell(args) {
  const { runtime, variant, settings } = args;
  const made = base.cell(args);
  const rounds = settings.pairedRounds;
  return Object.assign(made, {
    skip: made.skip || pairedSkip(runtime, variant),
    // Not data fields: the run's settings record them.
    warmBatches: 0,
    pairedRounds: rounds,
    baseline: settings.pairedBaseline || defaultBaseline(),
    // Two cold batches and two per round, each about a cold batch's work
    // (progress.js weight, whose figures these are).
    estimateMs: 150 + 2 * (1 + rounds) * (made.ioFloorMs + made.n * 0.05)
  });
}

module.exports = Object.assign({}, base, {
  help: [`${NAME}: each style and nested callbacks alternately in one process, each in a vm`,
    `context of its own; ${DEFAULT_ROUNDS} warm rounds (--paired-rounds); Node ${MIN_NODE}+ only; the cells go`,
    'beside upload\'s in the runtime\'s perf file'],
  variantsOf: 'upload',
  floor: false,
  options: base.options.concat(OPTIONS),
  defaults: Object.assign({}, base.defaults, { pairedRounds: DEFAULT_ROUNDS, pairedBaseline: null }),
  settings,
  cell,
  childArgs: (c) => ['--rounds', String(c.pairedRounds), '--baseline', c.baseline],
  summary: {},
  // The cost's target is the issue's ±15 % (its ±1 µs floor is the page's to judge); the ratio's the warm figure's ±5 %.
  intervals: { pairedCost: { of: 'pairedCostUs', targetPct: 15 }, pairedRatio: { of: 'pairedRatio', targetPct: 5 } },
  MIN_NODE, DEFAULT_ROUNDS, pairedSkip
});
