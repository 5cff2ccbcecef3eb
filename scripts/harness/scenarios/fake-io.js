// The 2013 article's workload, shared by three scenarios (upload/,
// errors/, parallel/): n calls of a variant's upload (or parallel)
// function started together against the fakes of examples/lib/fakes.js,
// every fake I/O operation taking t ms. What they share: modes, options and
// their defaults, the I/O floor, the plan cell and the data file
// (data/perf.json, asyncbench/perf@1). The child's side is fake-io.child.js.
'use strict';
const path = require('node:path');
const warm = require('../../lib/measure/warm');
const { decimal, UsageError } = require('../../lib/args');
const { exampleFile } = require('../../lib/paths');
const { measureFloors } = require('./floor');

const MODES = ['cpu', 'io'];

// Per-operation failure rate when failures are injected. The fakes fail each
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

// Settings every run records (data/SCHEMA.md, harness), whatever it measures.
const DEFAULTS = Object.freeze({
  t: 1,          // ms per fake I/O operation in CPU-bound mode
  dt: 0.1,       // ms per call in I/O-bound mode: t = n × dt
  k: 25,         // concurrent inserts per call in the parallel scenario
  errorRate: errorRateFor(TARGET_FAILING_CALLS),
  // The warm figure (scripts/lib/measure/warm.js says why this rule): a
  // series of warmBatches batches after the cold one, classified whole; the
  // steady segment must cover at least the last warmMinSteady. warmBatches 0:
  // cold only, as before issue 28.
  warmBatches: warm.DEFAULTS.batches,
  warmMinSteady: warm.DEFAULTS.minSteady,
  // Only the CPU-bound mode by default: an I/O-bound batch is mostly timer
  // waits (its cold figure is already within a few percent), and every warm
  // batch would cost its whole I/O floor again: about 40x the job's time.
  warmModes: ['cpu']
});

const OPTIONS = Object.freeze([
  { name: 't', usage: '--t MS', help: [`fake I/O time in cpu mode (default ${DEFAULTS.t})`],
    apply(s, v) { s.t = decimal('--t', v); } },
  { name: 'dt', usage: '--dt MS', help: [`fake I/O time per call in io mode (default ${DEFAULTS.dt})`],
    apply(s, v) { s.dt = decimal('--dt', v); } },
  { name: 'k', usage: '--k K', help: [`concurrent inserts per call, parallel scenario (default ${DEFAULTS.k})`],
    apply(s, v) { s.k = decimal('--k', v, { integer: true, min: 1, max: 1e6 }); } },
  { name: 'error-rate', usage: '--error-rate R',
    help: ['failure probability per async operation, errors scenario', `(default ${DEFAULTS.errorRate}: ~10 % of calls fail)`],
    apply(s, v) { s.errorRate = decimal('--error-rate', v, { max: 0.999999 }); } },
  { name: 'warm-batches', usage: '--warm-batches B',
    help: [`warm batches after the cold one, classified whole; 0 for no warm figure (default ${DEFAULTS.warmBatches})`],
    apply(s, v) { s.warmBatches = decimal('--warm-batches', v, { integer: true, max: 10000 }); } },
  { name: 'warm-min-steady', usage: '--warm-min-steady M',
    help: [`the steady segment covers at least the last M warm batches (default ${DEFAULTS.warmMinSteady})`],
    apply(s, v) { s.warmMinSteady = decimal('--warm-min-steady', v, { integer: true, min: 1, max: 10000 }); } },
  // Options of the window rule before issue 41: refused with what replaces them.
  ...Object.keys(warm.RETIRED).map((name) => ({ name, retired: true, usage: `--${name}`, help: [`no longer an option: ${warm.RETIRED[name]}`],
    apply() { throw new UsageError(`--${name} is no longer an option: ${warm.RETIRED[name]}`); } })),
  { name: 'warm-modes', usage: '--warm-modes LIST',
    help: [`the modes that get warm batches, comma-separated, or none (default ${DEFAULTS.warmModes.join(',')})`],
    apply(s, v) {
      const list = v.split(',').map((m) => m.trim()).filter(Boolean);
      if (list.length === 1 && list[0] === 'none') { s.warmModes = []; return; }
      const bad = list.find((m) => !MODES.includes(m));
      if (!list.length || bad !== undefined) throw new UsageError(`--warm-modes takes ${MODES.join(', ')} or none, comma-separated; got "${v}"`);
      s.warmModes = list;
    } }
]);

// child.js arguments of the warm figure (warm.js); none when it is off.
function warmArgs(cell) {
  if (!cell.warmBatches) return [];
  return ['--warm-batches', String(cell.warmBatches), '--warm-min-steady', String(cell.warmMinSteady)];
}

function timePerOp(mode, n, settings) {
  if (mode === 'cpu') return settings.t;
  if (mode === 'io') return Math.round(n * settings.dt * 1e6) / 1e6;
  throw new Error(`Internal error: unknown mode "${mode}"`);
}

// The I/O floor of each kind of call (floor.js), measured once per k.
const floors = new Map();
function floorOf(call, k) {
  if (!floors.has(k)) floors.set(k, measureFloors({ k }));
  return floors.get(k)[call];
}

// A descriptor (scenarios/index.js) of this workload. call: the variant's
// function ('upload' or 'parallel'); place: its place in the default run;
// extra(settings): fields of the scenario's
// own on each cell, kept in the data file (dataFields) and passed to the child
// (childArgs); summary: cell field → sample field summarized (datafile.js).
function fakeIoScenario({ name, call, place, sweep = false, extra = () => ({}), dataFields = [], childArgs = () => [], summary = {} }) {
  return {
    name,
    modes: MODES,
    data: { file: path.join('data', 'perf.json'), schema: 'asyncbench/perf@1' },
    manifest: null,
    defaultRun: place,
    sweep,
    floor: true,
    options: OPTIONS,
    defaults: DEFAULTS,
    cell({ key, runtime, mode, n, variant, skip, settings }) {
      const t = timePerOp(mode, n, settings);
      const { criticalPath } = floorOf(call, settings.k);
      return Object.assign({
        key, runtime: runtime.id, scenario: name, mode, variant: variant.id, n, t,
        ioFloorMs: Math.round(criticalPath * t * 1e6) / 1e6, criticalPath,
        file: variant.path || exampleFile(variant.file),
        skip,
        // not data fields: the run's settings record them (harness)
        warmBatches: settings.warmModes.includes(mode) ? settings.warmBatches : 0, warmMinSteady: settings.warmMinSteady
      }, extra(settings));
    },
    childArgs: (cell) => warmArgs(cell).concat(childArgs(cell)),
    dataFields,
    summary
  };
}

module.exports = { scenario: fakeIoScenario };
