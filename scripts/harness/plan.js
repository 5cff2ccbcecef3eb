// Declares what a benchmark run measures: the settings (defaults, --quick,
// --sweep), the cell key, and the job list — manifest × runtime × scenario ×
// mode × n × repetition, each cell as its scenario's descriptor makes it
// (scenarios/index.js) — shuffled with a seeded shuffle so machine drift
// (thermal, other load) is spread over every variant instead of favouring
// whoever runs first.
'use strict';
const path = require('node:path');
const { seededRandom } = require('../lib/stats');
const scenarios = require('./scenarios');
const { notInBrowser } = require('../lib/browser-variants');

const DEFAULT_RUN = scenarios.scenarios().filter((d) => d.defaultRun).map((d) => d.name);

// The empirical floor (floor-workload.js): the fake operations with no style
// around them. Not a manifest variant, but planned like one in every cell
// group (whatever --variants selects), so each group has the time that the
// timer and fake-I/O machinery alone takes under the same conditions.
const FLOOR = Object.freeze({
  id: 'floor', path: path.join(__dirname, 'floor-workload.js'),
  scenarios: Object.freeze(scenarios.scenarios().filter((d) => d.floor).map((d) => d.name)), requires: Object.freeze([])
});

const DEFAULTS = Object.freeze({
  scenarios: DEFAULT_RUN,
  modes: [...new Set(DEFAULT_RUN.flatMap((name) => scenarios.get(name).modes))],
  ns: [100, 500, 1000, 1500, 2000],
  reps: 5,
  // The scenarios' own settings (t, dt, k, errorRate: scenarios/fake-io.js),
  // recorded by every run whatever it measures.
  ...scenarios.defaults(),
  seed: 20130809, // the 2013 article's publication date
  timeoutMs: null, // null: derived per cell, see timeoutFor()
  // Noise (scripts/harness/adaptive.js, repetition.js): more repetitions
  // while a cell's 95 % interval of the median is wider than ±ciTarget %,
  // up to maxReps (25: the interval is then x(8)..x(18), which meets ±3 %
  // for a spread up to a CV of about 5 %; a noisier cell is reported as
  // missing the target instead of making a full run five times longer).
  // A repetition during which other processes and steal took more than
  // maxInterference % of the machine's CPU time is run again, up to
  // `retries` times (15 %: well above the counters' rounding, one 10 ms
  // tick is about 5 % of a 100 ms repetition on 2 cores, and well below one
  // busy process on the other core, 50 %).
  ciTarget: 3,
  // The warm figure's own target (issue 28: ±2 % on Node 24): warm batches
  // vary far less from process to process than cold ones, so a cell that
  // meets the cold target usually meets this one too; one that does not gets
  // more repetitions like a cold miss.
  warmCiTarget: 2,
  // Repetitions with warm batches at most, per cell; further ones are cold only.
  warmMaxReps: 24,
  maxReps: 25,
  maxInterference: 15,
  retries: 2,
  // Levers of issue 28, kept for rerunning its experiments (docs/lab-notes.md,
  // "Precision"): the default interleaves every job of the run in a seeded
  // shuffle, so drift during the run spreads over all cells instead of
  // biasing the ones measured last, and collects garbage before each timed
  // batch, so no batch pays for the collection of what loading left behind.
  order: 'shuffled', // or 'blocked': each cell's repetitions one after another
  gc: true
});

// A smoke run (CI, or a first look at a new runtime): every variant once in
// every scenario, under a minute (test/unit/bench-quick.test.js estimates it). One
// size and the CPU-bound mode only: the I/O-bound mode runs the same code with
// longer waits, and the second size and mode made the run four times as long
// (516 jobs, about 2 minutes by the estimate; issue 39).
// No adaptive repetitions and no retries: CI runners are busy, and the
// figures are not published. No warm batches either.
const QUICK = Object.freeze({ ns: [100], modes: ['cpu'], reps: 1, maxReps: 1, retries: 0, warmBatches: 0 });
// How cost grows with n (linear or worse): CPU-bound upload only by default.
// Its large cells take seconds each: at most 12 repetitions.
const SWEEP = Object.freeze({ ns: [1000, 2000, 5000, 10000, 20000, 50000], reps: 3, maxReps: 12, modes: ['cpu'],
  scenarios: scenarios.scenarios().filter((d) => d.sweep).map((d) => d.name) });

// A cell is everything but the repetition; its samples are the repetitions.
function cellKey({ runtime, scenario, mode, variant, n }) {
  return `${runtime}|${scenario}|${mode}|${variant}|${n}`;
}

// A generous limit that still catches a variant that never calls back:
// 30 s, plus ten times the I/O floor and 2 ms per call for every batch the
// child runs (the cold one, and the warm series of warm.js).
function timeoutFor(job, settings) {
  if (settings.timeoutMs) return settings.timeoutMs;
  const batches = 1 + (job.warmBatches || 0);
  return Math.round(30000 + batches * (10 * job.ioFloorMs + 2 * job.n));
}

// What a missing feature (scripts/runtimes/probe-script.js) means for a reader of the skip table.
const NEEDS = {
  'async-functions': 'needs async functions',
  generators: 'needs generators',
  promise: 'needs native promises',
  es2015: 'needs ES2015 syntax (let, arrow functions, classes, destructuring)',
  'util.promisify': 'needs util.promisify',
  fibers: 'fibers does not load here'
};

// Why a variant cannot run a scenario on a runtime, or null if it can.
// runtime.unavailable (profiles): library → why its set lacks it there;
// runtime.fibersUnavailable: the profile's reason fibers cannot load.
function skipReason(variant, scenario, runtime) {
  // A scenario may run another's variants (upload-paired runs upload's).
  const d = scenarios.find(scenario);
  const implemented = (d && d.variantsOf) || scenario;
  if (!variant.scenarios.includes(implemented)) return `${variant.id} does not implement the "${implemented}" scenario`;
  // A browser (the chromium profile) runs the worker bundles of the article's
  // runner: the scenarios its worker has, and the variants a browser can run.
  if (runtime.browser) {
    const { scenarios: has } = runtime.browser;
    if (!has.includes(scenario)) return `the browser's worker runs the ${has.join(', ')} scenario only (${runtime.id}, browser)`;
    const why = notInBrowser(variant);
    if (why) return `${why} (${runtime.id}, browser)`;
  }
  const own = runtime.variantsUnavailable && runtime.variantsUnavailable[variant.id];
  if (own) return `${own} (${runtime.id}, profiles.json)`;
  const missing = variant.requires.filter((f) => !runtime.features[f]);
  if (missing.length) {
    return missing.map((f) => {
      // The probe's own words where it has them ("fibers does not load on Node 16+: ...").
      if (runtime.featureReasons && runtime.featureReasons[f]) return runtime.featureReasons[f];
      if (f === 'fibers' && runtime.fibersUnavailable) return `${NEEDS.fibers}: ${runtime.fibersUnavailable}`;
      return NEEDS[f] || `needs ${f}`;
    }).join('; ') + ` (${runtime.id}, probed)`;
  }
  const libs = Object.keys(variant.libraries || {}).filter((l) => runtime.unavailable && runtime.unavailable[l]);
  if (libs.length) return libs.map((l) => `${l} does not load here: ${runtime.unavailable[l]}`).join('; ');
  return null;
}

function shuffle(items, seed) {
  const out = items.slice();
  const random = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// runtimes: [{ id, features, ... }] (probed); variants: manifest entries.
// Returns { cells: [...], jobs: [...] }: one cell per key (skipped ones carry
// the reason), one job per repetition still to run. The floor workload joins
// the variants in every group of a scenario that measures it.
function buildPlan({ runtimes, variants, settings }) {
  const clash = variants.find((v) => v.id === FLOOR.id);
  if (clash) throw new Error(`variant id "${FLOOR.id}" is reserved for the harness's floor workload; rename the manifest entry`);
  const cells = [];
  for (const runtime of runtimes) {
    // A lever's configuration (levers.js) plans its cells with its own
    // settings; every other runtime with the run's.
    const own = runtime.configuration ? Object.assign({}, settings, runtime.configuration.settings) : settings;
    for (const scenario of settings.scenarios) {
      const d = scenarios.get(scenario);
      const group = d.floor ? variants.concat(FLOOR) : variants;
      for (const mode of settings.modes) {
        for (const n of settings.ns) {
          const made = [];
          for (const variant of group) {
            const key = cellKey({ runtime: runtime.id, scenario, mode, variant: variant.id, n });
            const cell = d.cell({ key, runtime, mode, n, variant, skip: skipReason(variant, scenario, runtime), settings: own });
            // A full GC before each warm batch (the warm-gc lever): a child option, spawn-cell.js.
            if (cell && own.warmGc && cell.warmBatches) cell.warmGc = true;
            if (cell) made.push(cell);
          }
          // The floor only serves the styles beside it: a group where every
          // style is skipped (fibers on Node 16+) measures nothing.
          if (d.floor && made.every((c) => c.skip || c.variant === FLOOR.id)) {
            for (const c of made) if (c.variant === FLOOR.id) c.skip = 'no style in this group runs here; the floor is measured only beside one';
          }
          cells.push(...made);
        }
      }
    }
  }
  const jobs = [];
  for (const cell of cells) {
    if (cell.skip) continue;
    for (let rep = 1; rep <= (cell.reps || settings.reps); rep++) jobs.push({ cell, rep });
  }
  return { cells, jobs: settings.order === 'blocked' ? jobs : shuffle(jobs, settings.seed) };
}

module.exports = { DEFAULTS, QUICK, SWEEP, FLOOR, cellKey, timeoutFor, skipReason, shuffle, buildPlan };
