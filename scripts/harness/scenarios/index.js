// The scenarios the benchmark knows, found in their folders (locate.js): in
// the order --help lists them and a default run measures them, which is the
// default run's own order (each descriptor's defaultRun place), then the other
// built-in ones by name, then those of ASYNCBENCH_SCENARIO_DIRS. A scenario is
// a folder, scripts/harness/scenarios/<name>/, of two files:
//   descriptor.js  its descriptor (below), read by bench-args, plan,
//                  spawn-cell and datafile through this registry
//   child.js       its part of the child runner (ES5: it runs on Node 0.11),
//                  which child.js loads by name
// plus its variants' manifest, its data file's JSON Schema (data/schema/),
// its site model (site/models/) and its post: docs/harness.md, "Adding a scenario".
// The files beside the folders are shared by several scenarios: the 2013
// workload of upload, errors and parallel (fake-io*.js) and the companion
// scenarios' driver (together.js).
//
// A descriptor:
//   name         the --scenario name, also the cells' `scenario`; its folder's name
//   help         lines for --help (scenarios outside the default run)
//   modes        the --mode values it knows
//   data         { file, schema }: default --out (relative to the repository)
//                and the data's "schema"; its JSON Schema is found by that name
//                (scripts/lib/schemas.js)
//   manifest     default --manifest (relative), or null for examples/manifest.json
//   defaultRun   its place in a plain `npm run bench` (1, 2, ...), or false
//   sweep        measured by --sweep
//   floor        the floor workload (floor-workload.js) is measured beside it
//   options      [{ name, usage, help, apply(settings, value) }]: its own options
//   defaults     settings it adds to every run's (recorded in the data)
//   settings(s, raw)   its own defaults for n, reps, ... once the options are read
//   cell(args)   one plan cell, or null for a combination it does not measure
//   childArgs(cell)    child.js arguments besides variant, scenario, n, t, seed
//   dataFields   plan-cell fields a data cell keeps
//   summary      { cellField: sampleField }: sample fields summarized per cell
//   intervals    { cellField: { of: sampleField, targetPct } }: the same, and
//                beside it cellField + 'Ci', the median's distribution-free
//                95 % interval (stats.js medianPrecision) against ±targetPct
//   variantsOf   the manifest scenario whose variants it runs (a variant's
//                "scenarios" name that one), when not its own name
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { folders, DESCRIPTOR, CHILD, NAME, DIRS_ENV } = require('./locate');
const { ManifestError } = require('../../lib/manifest');

const OPTIONAL = { help: [], manifest: null, defaultRun: false, sweep: false, floor: false, options: [], defaults: {},
  settings: () => {}, childArgs: () => [], dataFields: [], summary: {}, intervals: {}, variantsOf: null };

// What is wrong with the descriptor `d` of `folder`, or null: the first
// problem, in the order a descriptor is written.
function problemOf(d, folder) {
  if (!NAME.test(String(d.name))) return 'its name must be a-z, 0-9 and -';
  if (d.name !== path.basename(folder)) return `its name "${d.name}" is not its folder's`;
  if (!fs.existsSync(path.join(folder, CHILD))) return `${CHILD} is missing beside it`;
  if (!Array.isArray(d.modes) || !d.modes.length) return 'it needs its modes';
  if (!d.data || !d.data.file || !d.data.schema) return 'it needs data: { file, schema }';
  if (typeof d.cell !== 'function') return 'it needs cell(args)';
  if (d.defaultRun !== false && !(Number.isInteger(d.defaultRun) && d.defaultRun > 0)) {
    return 'defaultRun must be false or its place in the default run (1, 2, ...)';
  }
  return null;
}

function fail(file, problem) {
  throw new Error(`Internal error: scenario ${file}: ${problem} (scripts/harness/scenarios/index.js describes a descriptor)`);
}

// The descriptor of `file` with the optional fields filled in, or an error
// naming the file and its first problem.
function checked(descriptor, file) {
  const d = Object.assign({}, OPTIONAL, descriptor);
  const problem = problemOf(d, path.dirname(file));
  if (problem) fail(file, problem);
  return Object.freeze(d);
}

function load(folder) {
  const file = path.join(folder.dir, DESCRIPTOR);
  if (!fs.existsSync(file)) fail(file, `it is missing beside ${CHILD}`);
  return checked(require(file), file);
}

// The default run's scenarios by their place, then the others by name.
function byPlace(a, b) {
  return (a.defaultRun || Infinity) - (b.defaultRun || Infinity) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

// The descriptors of `found` (locate.js folders()), in the registry's order;
// two scenarios may share neither a name nor a place in the default run.
function registry(found) {
  const twice = found.find((f, i) => found.findIndex((o) => o.name === f.name) !== i);
  if (twice) {
    const where = found.filter((f) => f.name === twice.name).map((f) => f.dir).join(' and ');
    throw new Error(`Internal error: two scenarios are named "${twice.name}" (${where}); rename the one in a folder of ${DIRS_ENV}`);
  }
  const list = found.filter((f) => f.builtIn).map(load).sort(byPlace).concat(found.filter((f) => !f.builtIn).map(load));
  const placed = list.filter((d) => d.defaultRun);
  const clash = placed.find((d, i) => placed.findIndex((o) => o.defaultRun === d.defaultRun) !== i);
  if (clash) {
    const both = placed.filter((d) => d.defaultRun === clash.defaultRun).map((d) => d.name).join(' and ');
    throw new Error(`Internal error: scenarios ${both} both take place ${clash.defaultRun} in the default run (defaultRun); give each its own`);
  }
  return list;
}

let all = null;
function scenarios() {
  if (!all) all = registry(folders());
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

module.exports = { scenarios, names, find, get, options, defaults, checkManifest, checked, registry };
