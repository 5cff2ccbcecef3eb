// The JSON Schemas of the data files (data/schema/*.schema.json), compiled by
// ONE Ajv instance that both the harness (which checks every sample and every
// save) and the site (which checks every file before it builds) use, so a file
// is valid to one exactly when it is valid to the other.
//
// A schema is known by its file name ("perf.schema.json") and by the value
// its files carry in "schema" ("asyncbench/perf@1", read from the schema's own
// properties.schema const or enum), so neither side keeps a map of its own.
// A scenario added with ASYNCBENCH_SCENARIO_DIRS (a test's fixture scenario)
// keeps its schema beside its descriptor, as schema.json: it is known as
// <name>.schema.json, the schema of data/<name>.json (scripts/lib/scenario-dirs.js).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Ajv = require('ajv');
const { DATA } = require('./paths');
const { addedScenarioFiles } = require('./scenario-dirs');

const SCHEMA_DIR = path.join(DATA, 'schema');

let ajv = null;
const files = new Map();   // key (the file's base name; <name>.schema.json for an added scenario's) → absolute path
const texts = new Map();   // key → the text compiled (loadedTexts)
const byName = new Map();  // "schema" value of a data file → key

function add(file, key = path.basename(file)) {
  const known = files.get(key);
  if (known) {
    if (known !== path.resolve(file)) throw new Error(`${file}: a schema named ${key} is already loaded from ${known}; rename one of them`);
    return key;
  }
  const text = fs.readFileSync(file, 'utf8');
  const schema = JSON.parse(text);
  ajv.addSchema(schema, key);
  files.set(key, path.resolve(file));
  texts.set(key, text);
  const own = schema.properties && schema.properties.schema;
  const names = !own ? [] : own.const !== undefined ? [own.const] : own.enum || [];
  for (const name of names) byName.set(name, key);
  return key;
}

// All at once: one schema may refer to another (debuggability's env is complexity's).
function instance() {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, strict: false });
    // ISO date check without pulling in ajv-formats.
    ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    for (const f of fs.readdirSync(SCHEMA_DIR).filter((x) => x.endsWith('.schema.json')).sort()) add(path.join(SCHEMA_DIR, f));
    for (const { name, file } of addedScenarioFiles('schema.json')) add(file, `${name}.schema.json`);
  }
  return ajv;
}

// The key of the schema whose files carry `schema: name`, or null.
function keyOfName(name) {
  instance();
  return byName.get(name) || null;
}

// The compiled validator of a schema (by key), or null for an unknown key.
function validator(key) {
  instance();
  return files.has(key) ? ajv.getSchema(key) : null;
}

// The validator of one sample (#/definitions/sample) of a benchmark data file.
function sampleValidator(key) {
  const root = validator(key);
  return root ? ajv.getSchema(`${root.schema.$id}#/definitions/sample`) || null : null;
}

// Whether a schema describes benchmark data: runs, cells and their samples
// (perf@1's shape, data/SCHEMA.md), which can be unfinished.
function holdsRuns(key) {
  const root = validator(key);
  return Boolean(root && root.schema.definitions && root.schema.definitions.sample);
}

function schemaFile(key) {
  instance();
  return files.get(key) || null;
}

// Every schema this process compiled, as [key, text] by key, as compiled (a
// file edited since is not what validates): the site's cached data check is
// keyed by them.
function loadedTexts() {
  instance();
  return [...texts].sort(([a], [b]) => (a < b ? -1 : 1));
}

module.exports = { SCHEMA_DIR, keyOfName, validator, sampleValidator, holdsRuns, schemaFile, loadedTexts };
