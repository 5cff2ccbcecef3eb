// Declares what a benchmark run measures: the settings (defaults, --quick,
// --sweep), the time per fake I/O operation of each mode, the cell key, and
// the job list — manifest × runtime × scenario × mode × n × repetition —
// shuffled with a seeded shuffle so machine drift (thermal, other load) is
// spread over every variant instead of favouring whoever runs first.
'use strict';
const path = require('node:path');
const { EXAMPLES } = require('../lib/manifest');
const { seededRandom } = require('../lib/stats');
const { chainsCell } = require('./scenarios/chains-plan');
const { delegationCell } = require('./scenarios/delegation-plan');
const { streamlineModesCell } = require('./scenarios/streamline-modes-plan');

const MODES = ['cpu', 'io'];

// The empirical floor (floor-workload.js): the fake operations with no style
// around them. Not a manifest variant, but planned like one in every cell
// group (whatever --variants selects), so each group has the time that the
// timer and fake-I/O machinery alone takes under the same conditions.
const FLOOR = Object.freeze({
  id: 'floor', path: path.join(__dirname, 'floor-workload.js'),
  scenarios: Object.freeze(['upload', 'errors', 'parallel']), requires: Object.freeze([])
});

// Per-operation failure rate for the "errors" scenario. The fakes fail each
// asynchronous operation independently with this probability; an upload has
// 8 of them on the new-file path and 6 on the existing-file path (half the
// calls each), so the share of failing calls is
//   ½(1 − (1 − r)^8) + ½(1 − (1 − r)^6) = 10 %  for r ≈ 0.01495.
const TARGET_FAILING_CALLS = 0.1;
function errorRateFor(target, opsPerPath = [8, 6]) {
  let lo = 0, hi = 1;
  for (let i = 0; i < 60; i++) {
    const r = (lo + hi) / 2;
    const failing = opsPerPath.reduce((s, ops) => s + (1 - (1 - r) ** ops), 0) / opsPerPath.length;
    if (failing < target) lo = r; else hi = r;
  }
  return Math.round(lo * 1e6) / 1e6;
}

const DEFAULTS = Object.freeze({
  scenarios: ['upload', 'errors', 'parallel'],
  modes: MODES.slice(),
  ns: [100, 500, 1000, 1500, 2000],
  reps: 5,
  t: 1,          // ms per fake I/O operation in CPU-bound mode
  dt: 0.1,       // ms per call in I/O-bound mode: t = n × dt
  k: 25,         // concurrent inserts per call in the parallel scenario
  errorRate: errorRateFor(TARGET_FAILING_CALLS),
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
  maxReps: 25,
  maxInterference: 15,
  retries: 2
});

// CI: every scenario and mode once, at two sizes, in well under a minute.
// No adaptive repetitions and no retries: CI runners are busy, and the
// figures are not published.
const QUICK = Object.freeze({ ns: [100, 300], reps: 1, maxReps: 1, retries: 0 });
// How cost grows with n (linear or worse): CPU-bound upload only by default.
// Its large cells take seconds each: at most 12 repetitions.
const SWEEP = Object.freeze({ ns: [1000, 2000, 5000, 10000, 20000, 50000], reps: 3, maxReps: 12, modes: ['cpu'], scenarios: ['upload'] });

function timePerOp(mode, n, settings) {
  if (mode === 'cpu') return settings.t;
  if (mode === 'io') return Math.round(n * settings.dt * 1e6) / 1e6;
  throw new Error(`Internal error: unknown mode "${mode}"`);
}

// A cell is everything but the repetition; its samples are the repetitions.
function cellKey({ runtime, scenario, mode, variant, n }) {
  return `${runtime}|${scenario}|${mode}|${variant}|${n}`;
}

// A generous limit that still catches a variant that never calls back:
// 30 s, plus ten times the I/O floor, plus 2 ms per call.
function timeoutFor(job, settings) {
  if (settings.timeoutMs) return settings.timeoutMs;
  return Math.round(30000 + 10 * job.ioFloorMs + 2 * job.n);
}

// What a missing feature (child.js --probe) means for a reader of the skip table.
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
  if (!variant.scenarios.includes(scenario)) return `${variant.id} does not implement the "${scenario}" scenario`;
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

// runtimes: [{ id, features, ... }] (probed); variants: manifest entries;
// floors: { scenario: { criticalPath, sequentialOps } } from floor.js.
// Returns { cells: [...], jobs: [...] }: one cell per key (skipped ones carry
// the reason), one job per repetition still to run. The floor workload joins
// the variants in every group.
function buildPlan({ runtimes, variants, settings, floors }) {
  const clash = variants.find((v) => v.id === FLOOR.id);
  if (clash) throw new Error(`variant id "${FLOOR.id}" is reserved for the harness's floor workload; rename the manifest entry`);
  variants = variants.concat(FLOOR);
  const cells = [];
  for (const runtime of runtimes) {
    for (const scenario of settings.scenarios) {
      for (const mode of settings.modes) {
        for (const n of settings.ns) {
          const group = [];
          for (const variant of variants) {
            // The floor is the upload workload's: other workloads (chains) have none.
            if (variant === FLOOR && !FLOOR.scenarios.includes(scenario)) continue;
            if (scenario === 'chains') { // its own modes and cells: scenarios/chains-plan.js
              cells.push(chainsCell({ key: cellKey({ runtime: runtime.id, scenario, mode, variant: variant.id, n }), runtime, mode, n, variant, skip: skipReason(variant, scenario, runtime) }));
              continue;
            }
            if (scenario === 'delegation') { // scenarios/delegation-plan.js; null: not at this depth
              const cell = delegationCell({ key: cellKey({ runtime: runtime.id, scenario, mode, variant: variant.id, n }), runtime, mode, n, variant, skip: skipReason(variant, scenario, runtime), settings });
              if (cell) cells.push(cell);
              continue;
            }
            if (scenario === 'streamline-modes') { // primitive × modulo: scenarios/streamline-modes-plan.js
              const c = streamlineModesCell({ key: cellKey({ runtime: runtime.id, scenario, mode, variant: variant.id, n }), runtime, mode, n, variant, skip: skipReason(variant, scenario, runtime), settings });
              if (c) cells.push(c);
              continue;
            }
            const t = timePerOp(mode, n, settings);
            const cell = {
              key: cellKey({ runtime: runtime.id, scenario, mode, variant: variant.id, n }),
              runtime: runtime.id, scenario, mode, variant: variant.id, n, t,
              ioFloorMs: Math.round(floors[scenario].criticalPath * t * 1e6) / 1e6,
              criticalPath: floors[scenario].criticalPath,
              file: variant.path || path.join(EXAMPLES, variant.file),
              skip: skipReason(variant, scenario, runtime)
            };
            if (scenario === 'parallel') cell.k = settings.k;
            if (scenario === 'errors') cell.errorRate = settings.errorRate;
            group.push(cell);
          }
          // The floor only serves the styles beside it: a group where every
          // style is skipped (fibers on Node 16+) measures nothing.
          if (group.every((c) => c.skip || c.variant === FLOOR.id)) {
            for (const c of group) if (c.variant === FLOOR.id) c.skip = 'no style in this group runs here; the floor is measured only beside one';
          }
          cells.push(...group);
        }
      }
    }
  }
  const jobs = [];
  for (const cell of cells) {
    if (cell.skip) continue;
    for (let rep = 1; rep <= (cell.reps || settings.reps); rep++) jobs.push({ cell, rep });
  }
  return { cells, jobs: shuffle(jobs, settings.seed) };
}

module.exports = {
  DEFAULTS, QUICK, SWEEP, MODES, TARGET_FAILING_CALLS, FLOOR,
  errorRateFor, timePerOp, cellKey, timeoutFor, skipReason, shuffle, buildPlan
};
