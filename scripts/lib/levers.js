// The levers of issue 41 (item 4), each measured against the default in ONE
// run: both configurations interleaved in the run's seeded shuffle, the same
// styles, the same number of processes, written to data/perf-lever-<name>.json.
// Why one run: absolute times from different days do not compare on this
// machine (callbacks' warm batch at 27 ms one day, 14 ms another), so a lever
// set against another run's default measures the day as much as the lever.
//
// A configuration is a runtime profile + flags + harness options. Inside one
// data file configurations are told apart the way runtimes already are, by
// the cell's runtime id: the default keeps the profile's id
// (node-24@24.21.0), the lever's adds its V8 flags and its harness options
// (runtime-id.js: "node-24@24.21.0 --no-concurrent-osr", "node-24@24.21.0
// +warm-gc"), and the run's runtimes[id].configuration records the lever's
// name, flags and settings, so the site reads which cell is which.
'use strict';
const { runtimeId, parseRuntimeId } = require('./runtime-id');

const PROFILE = 'node-24';
// The default run's styles: callbacks, async/await, co, Bluebird.
const STYLES = ['original', 'async-await', 'generators-co', 'promises-bluebird'];
const PROCESSES = 16; // per configuration and style
const SETTINGS = Object.freeze({ scenarios: ['upload'], modes: ['cpu'], ns: [1000] });

// name → what the lever changes. flags: V8 flags added to the profile's;
// settings: harness settings (plan.js DEFAULTS' names) for this
// configuration's cells only, given as a function of the run's settings;
// options: how those settings show in the runtime id. scenario: a lever that
// is a scenario of its own (the paired design, scripts/harness/scenarios/).
const LEVERS = Object.freeze({
  'warm-gc': {
    label: 'A full GC before each warm batch (--warm-gc)',
    flags: [],
    settings: () => ({ warmGc: true }),
  },
  'long-warmup': {
    label: 'A longer warm series (twice --warm-batches)',
    flags: [],
    settings: (s) => ({ warmBatches: 2 * s.warmBatches }),
  },
  'main-thread-compile': {
    label: 'V8 compiling on the main thread',
    flags: ['--no-concurrent-recompilation', '--no-concurrent-sparkplug', '--no-concurrent-osr'],
    settings: () => ({}),
  },
  paired: {
    label: 'The paired design (style and callbacks alternating in one process)',
    scenario: 'upload-paired',
  },
});

const names = () => Object.keys(LEVERS);

function lever(name) {
  const l = LEVERS[name];
  if (!l) {
    const err = new Error(`no lever "${name}"; the levers are ${names().join(', ')} (scripts/lib/levers.js)`);
    err.code = 'ERR_UNKNOWN_LEVER';
    throw err;
  }
  return l;
}

// The harness options of a configuration as they show in its runtime id:
// +warm-gc, +warm-batches=32.
function optionTokens(settings) {
  const kebab = (k) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return Object.entries(settings)
    .map(([k, v]) => (v === true ? `+${kebab(k)}` : `+${kebab(k)}=${v}`));
}

// The default runtime record (a resolved profile) → the run's two
// configurations: the default itself, and the lever's, which differs by its
// id, its flags, and the settings its cells are planned with.
function configurations(name, base, runSettings) {
  const l = lever(name);
  if (l.scenario) throw Object.assign(new Error(`the ${name} lever is a scenario of its own (${l.scenario}), not a configuration`), { code: 'ERR_LEVER_SCENARIO' });
  const settings = l.settings(runSettings);
  const { profile, version, flags } = parseRuntimeId(base.id);
  const id = runtimeId({ profile, name: base.name, version, flags: flags.concat(l.flags, optionTokens(settings)) });
  const def = Object.assign({}, base, { configuration: { name: 'default', flags: [], settings: {} } });
  const own = Object.assign({}, base, {
    id,
    flags: (base.flags || []).concat(l.flags),
    configuration: { name, flags: l.flags.slice(), settings },
  });
  return [def, own];
}

// The run's settings for a lever: its styles, profile and cell, a fixed
// number of processes per configuration (no adaptive repetitions, which
// would give the two configurations different counts).
function runSettings(name) {
  const l = lever(name);
  return Object.assign({}, SETTINGS, l.scenario ? { scenarios: [l.scenario] } : {}, {
    reps: PROCESSES, maxReps: PROCESSES, order: 'shuffled',
    variants: `^(${STYLES.join('|')})$`,
  });
}

// The dry run's account of a lever plan: per configuration its processes
// per style, and how the first jobs alternate between configurations.
function planLines(jobs) {
  const byRuntime = new Map();
  for (const { cell } of jobs) {
    const per = byRuntime.get(cell.runtime) || new Map();
    per.set(cell.variant, (per.get(cell.variant) || 0) + 1);
    byRuntime.set(cell.runtime, per);
  }
  const lines = [...byRuntime].map(([id, per]) => {
    const counts = [...per.values()];
    return `configuration ${id}: ${[...per.keys()].join(', ')}; ${Math.min(...counts)}–${Math.max(...counts)} processes per style`;
  });
  const order = jobs.slice(0, 12).map(({ cell }) => [...byRuntime.keys()].indexOf(cell.runtime) + 1);
  lines.push(`order: one seeded shuffle over both configurations; the first jobs' configurations: ${order.join(' ')}`);
  return lines;
}

const outFile = (name) => `data/perf-lever-${name}.json`;

module.exports = { LEVERS, PROFILE, STYLES, PROCESSES, names, lever, configurations, runSettings, planLines, outFile, optionTokens };
