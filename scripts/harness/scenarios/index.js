// The scenarios the benchmark knows, in the order --help lists them and a
// default run measures them. A scenario is two files in this folder:
//   NAME.js        its descriptor (below), read by bench-args, plan,
//                  spawn-cell and datafile through this registry
//   NAME.child.js  its part of the child runner (ES5: it runs on Node 0.11),
//                  which child.js loads by name (locate.js)
// plus its variants' manifest, its data file's JSON Schema (data/schema/),
// its site model and its post. ASYNCBENCH_SCENARIO_DIRS adds the scenarios
// of other folders (tests run a fixture scenario that way).
//
// A descriptor:
//   name         the --scenario name, also the cells' `scenario`
//   help         lines for --help (scenarios outside the default run)
//   modes        the --mode values it knows
//   data         { file, schema[, schemaFile] }: default --out (relative to
//                the repository), the data's "schema", and its JSON Schema
//                when that is not in data/schema/
//   manifest     default --manifest (relative), or null for examples/manifest.json
//   defaultRun   measured by a plain `npm run bench`
//   sweep        measured by --sweep
//   floor        the floor workload (floor-workload.js) is measured beside it
//   options      [{ name, usage, help, apply(settings, value) }]: its own options
//   defaults     settings it adds to every run's (recorded in the data)
//   settings(s, raw)   its own defaults for n, reps, ... once the options are read
//   cell(args)   one plan cell, or null for a combination it does not measure
//   childArgs(cell)    child.js arguments besides variant, scenario, n, t, seed
//   dataFields   plan-cell fields a data cell keeps
//   summary      { cellField: sampleField }: sample fields summarized per cell
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { childFile, extraDirs, NAME } = require('./locate');
const { addSchemaFile } = require('../../lib/schemas');
const { ManifestError } = require('../../lib/manifest');

const BUILT_IN = ['upload', 'errors', 'parallel', 'chains', 'delegation', 'streamline-modes'];

const OPTIONAL = { help: [], manifest: null, defaultRun: false, sweep: false, floor: false, options: [], defaults: {},
  settings: () => {}, childArgs: () => [], dataFields: [], summary: {} };

function checked(descriptor, file) {
  const d = Object.assign({}, OPTIONAL, descriptor);
  const problem = !NAME.test(String(d.name)) ? 'its name must be a-z, 0-9 and -'
    : path.basename(file) !== `${d.name}.js` ? `its name "${d.name}" is not its file's`
      : !childFile(d.name) ? `${d.name}.child.js is missing beside it`
        : !Array.isArray(d.modes) || !d.modes.length ? 'it needs its modes'
          : !d.data || !d.data.file || !d.data.schema ? 'it needs data: { file, schema }'
            : typeof d.cell !== 'function' ? 'it needs cell(args)' : null;
  if (problem) throw new Error(`Internal error: scenario ${file}: ${problem} (scripts/harness/scenarios/index.js describes a descriptor)`);
  if (d.data.schemaFile) addSchemaFile(d.data.schemaFile);
  return Object.freeze(d);
}

// NAME.js of each added folder that has a NAME.child.js beside it.
function extraFiles() {
  return extraDirs().flatMap((dir) => fs.readdirSync(dir)
    .filter((f) => f.endsWith('.js') && !f.endsWith('.child.js') && fs.existsSync(path.join(dir, f.replace(/\.js$/, '.child.js'))))
    .sort().map((f) => path.join(dir, f)));
}

let all = null;
function scenarios() {
  if (!all) {
    const files = BUILT_IN.map((name) => path.join(__dirname, `${name}.js`)).concat(extraFiles());
    all = files.map((file) => checked(require(file), file));
    const names = all.map((d) => d.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) throw new Error(`Internal error: two scenarios are named "${twice}"; rename the one in ${extraDirs().join(', ')}`);
  }
  return all;
}

const names = () => scenarios().map((d) => d.name);
const find = (name) => scenarios().find((d) => d.name === name) || null;

function get(name) {
  const d = find(name);
  if (!d) throw new Error(`Internal error: no scenario "${name}" (scripts/harness/scenarios/index.js)`);
  return d;
}

// Every scenario's options once, and the settings they add to every run, in registry order.
function options() {
  const seen = new Map();
  for (const d of scenarios()) for (const o of d.options) if (!seen.has(o.name)) seen.set(o.name, o);
  return [...seen.values()];
}

function defaults() {
  return Object.assign({}, ...scenarios().map((d) => d.defaults));
}

// A manifest (lib/manifest.js loadManifest) whose entries name only known scenarios.
function checkManifest(manifest, file) {
  if (manifest.scenario !== undefined && !find(manifest.scenario)) {
    throw new ManifestError(`"scenario": unknown scenario "${manifest.scenario}"; known: ${names().join(', ')}`, file);
  }
  for (const entry of manifest.variants) {
    const unknown = entry.scenarios.find((s) => !find(s));
    if (unknown) throw new ManifestError(`variant ${entry.id}: unknown scenario "${unknown}"; known: ${names().join(', ')}`, file);
  }
  return manifest;
}

module.exports = { scenarios, names, find, get, options, defaults, checkManifest };
