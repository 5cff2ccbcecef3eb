'use strict';
// Reads and checks the data files the charts and tables are built from, so
// the site only ever publishes real, valid, finished data:
//   - every file the pages draw from must exist (no stand-in is read instead);
//   - every *.json in the data folder must match its JSON Schema in
//     data/schema/ (perf-*.json, one per runtime profile, and perf.json:
//     perf.schema.json; any other <name>.json: <name>.schema.json);
//   - no figure is non-finite (1e999 reads as Infinity);
//   - every figure derived from raw samples (summaries, intervals, costs
//     above the floor) is what the samples give, and no magnitude is
//     negative (site/lib/derived-figures.js);
//   - a performance file must be finished: no run interrupted (`finished:
//     null`) and no planned cell left without samples.
// A problem names the file and the JSON path. Unfinished data may be allowed
// for a draft build (ASYNCBENCH_ALLOW_INCOMPLETE=1); the pages using it then
// say so. Missing or invalid files are never allowed.
//
// Checking all of data/ takes seconds and every build did it again on the
// same files: a loader given a `cache` (scripts/lib/build-cache.js; the
// build's loader, site/lib/per-build.js) keeps the verdict on each file that
// passed, keyed by the file's text, its name (which picks the schema), the
// schemas as compiled, Ajv's version and the checker's code. A file whose
// text changed in any way is checked whole again; a file that fails is never
// cached, and is checked again on every build.
const fs = require('node:fs');
const path = require('node:path');
const { isContinued } = require('../../scripts/lib/continuation');
const schemas = require('../../scripts/lib/schemas');
const { digest, packageVersion, sourceDigest } = require('../../scripts/lib/build-cache');
const { derivedFigureProblems, nonFiniteProblems } = require('./derived-figures');
const { DEFAULT_PERF, DEFAULT_PERF_COMMAND, PROFILES, fileOfProfile } = require('./perf-files');

const ROOT = path.join(__dirname, '..', '..');
const ALLOW_INCOMPLETE_ENV = 'ASYNCBENCH_ALLOW_INCOMPLETE';
const CACHE = 'data-check';

// The files the pages draw from, and how to (re)make each one. Of the
// runtime profiles' files (site/lib/perf-files.js) only the default
// runtime's is required: a page naming another runtime fails when it reads a
// missing file, and the runtime matrix says which profiles have none.
const REQUIRED = {
  [DEFAULT_PERF]: DEFAULT_PERF_COMMAND,
  'perf-sweep': 'npm run bench:sweep',
  'perf-sweep-warm': 'npm run bench:sweep-warm',
  complexity: 'npm run complexity',
  debuggability: 'npm run debuggability',
  'reference-2013': 'git checkout data/reference-2013.json (a transcription of the 2013 article, not generated)',
};
// Files the site reads where they exist, whose absence no page needs to
// stop the build for, and the command that makes each.
const OPTIONAL = {
  profiles: 'npm run profiles',
};
const profileOfFile = (name) => PROFILES.find((p) => fileOfProfile(p) === name);
const remedy = (name) => REQUIRED[name] || OPTIONAL[name]
  || (profileOfFile(name) && `npm run bench -- --runtimes ${profileOfFile(name)} --out data/${name}.json`)
  || 'the command listed for it in README, "Where each data file comes from"';

// Until data/perf.json (every runtime in one file, before issue 28) is split,
// a missing profile file may be in it.
function splitHint(dir, name) {
  if (!profileOfFile(name) || !fs.existsSync(path.join(dir, 'perf.json'))) return '';
  return `, or take it from the old one-file data: npm run data -- split ${shown(path.join(dir, 'perf.json'))}`;
}

// CHARTS_DATA_DIR points the build at another folder holding every data file
// (tests and scripts/measure-page.js use fixtures that way). Nothing else is
// ever read in place of a file missing from the folder.
function defaultDataDir() {
  return process.env.CHARTS_DATA_DIR ? path.resolve(process.env.CHARTS_DATA_DIR) : path.join(ROOT, 'data');
}

const allowIncompleteFromEnv = () => process.env[ALLOW_INCOMPLETE_ENV] === '1';

const isPerf = (name) => name === 'perf' || name.startsWith('perf-');
const schemaKeyFor = (name) => `${isPerf(name) ? 'perf' : name}.schema.json`;

// ['cells', 3, 'time'] -> $.cells[3].time; keys that are not names are quoted.
const pathOf = (parts) =>
  parts.reduce((acc, p) => acc + (/^\d+$/.test(String(p)) ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`), '$');

// JSON Pointer (ajv's instancePath), plus a missing property -> JSON path.
function jsonPath(pointer, extra) {
  const parts = pointer ? pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')) : [];
  if (extra !== undefined) parts.push(extra);
  return pathOf(parts);
}

function shown(file) {
  const rel = path.relative(ROOT, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}

function schemaProblems(validate, data) {
  if (validate(data)) return [];
  return validate.errors
    .filter((e) => e.keyword !== 'if') // the failing "then" is reported on its own
    .map((e) => {
      if (e.keyword === 'required') return { path: jsonPath(e.instancePath, e.params.missingProperty), message: 'is missing' };
      const message = e.keyword === 'const' ? `must be ${JSON.stringify(e.params.allowedValue)}`
        : e.keyword === 'enum' ? `must be one of ${e.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
          : e.message;
      return { path: jsonPath(e.instancePath), message };
    });
}

// What is not finished in a valid perf@1 file: runs without an end that no
// later finished run completed (continuedBy, scripts/lib/continuation.js), and
// cells the plan made that never got a sample.
// `summary` is short words for the page: "1 unfinished run, 12 planned cells
// without samples".
function unfinished(data) {
  const runs = Object.entries(data.runs)
    .filter(([, run]) => !run.finished && !isContinued(data.runs, run))
    .map(([id]) => ({ path: pathOf(['runs', id, 'finished']), message: 'the run did not finish (interrupted, or still running)' }));
  const cells = [];
  data.cells.forEach((c, i) => {
    if (c.status !== 'skipped' && c.samples.length === 0) cells.push({ path: pathOf(['cells', i, 'samples']), message: `planned cell ${c.key} has no samples yet` });
  });
  const count = (n, one, many) => n && `${n} ${n === 1 ? one : many}`;
  const summary = [count(runs.length, 'unfinished run', 'unfinished runs'), count(cells.length, 'planned cell without samples', 'planned cells without samples')]
    .filter(Boolean).join(', ');
  return { problems: [...runs, ...cells], summary };
}

// What a verdict depends on besides the file's name and text.
const checkerKey = () => [sourceDigest(__filename), packageVersion('ajv'), digest(schemas.loadedTexts().flat())];

// -> { name, file, shown, data, problems: [{kind, path, message}], incomplete: '' | summary }
// kind: missing | unreadable | invalid | incomplete. Never throws.
// `cache`: a build cache (scripts/lib/build-cache.js) for the verdicts.
function readDataFile(dir, name, { cache = null } = {}) {
  const file = path.join(dir, `${name}.json`);
  const hit = { name, file, shown: shown(file), data: null, problems: [], incomplete: '' };
  const fail = (kind, message, p = null) => hit.problems.push({ kind, path: p, message });
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') fail('missing', `missing; the site draws from it. Make it with: ${remedy(name)}${splitHint(dir, name)}`);
    else fail('unreadable', `cannot be read (${err.code || err.message})`);
    return hit;
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    fail('unreadable', `is not valid JSON (${err.message}). Remake it with: ${remedy(name)}`);
    return hit;
  }
  const entry = cache && cache.entry([name, text, ...checkerKey()]);
  const known = entry ? entry.read() : undefined;
  if (known !== undefined) {
    hit.problems.push(...known.problems);
    hit.incomplete = known.incomplete;
    hit.data = data;
    return hit;
  }
  const infinite = nonFiniteProblems(data, text);
  for (const p of infinite) fail('invalid', p.message, pathOf(p.parts));
  if (infinite.length) return hit;
  const validate = schemas.validator(schemaKeyFor(name));
  if (!validate) {
    fail('invalid', `has no JSON Schema: add ${shown(path.join(schemas.SCHEMA_DIR, schemaKeyFor(name)))} and describe the file in data/SCHEMA.md`);
    return hit;
  }
  const invalid = schemaProblems(validate, data);
  for (const p of invalid) fail('invalid', p.message, p.path);
  if (invalid.length) return hit;
  const cellShaped = schemas.holdsRuns(schemaKeyFor(name)); // perf@1's shape: runs, cells, samples (data/SCHEMA.md)
  const derived = derivedFigureProblems(data, cellShaped ? 'cells' : name === 'debuggability' ? 'debuggability' : null);
  for (const p of derived) fail('invalid', p.message, pathOf(p.parts));
  if (derived.length) return hit;
  if (cellShaped) {
    const open = unfinished(data);
    for (const p of open.problems) fail('incomplete', p.message, p.path);
    hit.incomplete = open.summary;
  }
  hit.data = data;
  // Only unfinished runs are left as problems here: a draft may take them.
  if (entry) entry.write({ problems: hit.problems, incomplete: hit.incomplete });
  return hit;
}

// Problems that stop the build: all of them, or all but unfinished data.
const blocking = (hit, allowIncomplete) => hit.problems.filter((p) => !(allowIncomplete && p.kind === 'incomplete'));

const MAX_PER_FILE = 8;
function describe(hits, allowIncomplete) {
  const lines = [];
  let incomplete = false;
  for (const hit of hits) {
    const ps = blocking(hit, allowIncomplete);
    if (ps.some((p) => p.kind === 'incomplete')) incomplete = true;
    for (const p of ps.slice(0, MAX_PER_FILE)) lines.push(`  ${hit.shown}${p.path ? ` ${p.path}` : ''}: ${p.message}`);
    if (ps.length > MAX_PER_FILE) lines.push(`  ${hit.shown}: ... and ${ps.length - MAX_PER_FILE} more problems`);
  }
  const next = incomplete
    ? `Finish the run (e.g. npm run bench -- --resume), or preview unfinished data in a draft build with ${ALLOW_INCOMPLETE_ENV}=1.`
    : 'Remake each file with the script that writes it (README, "Where each data file comes from"); never edit data/ by hand.';
  return `Data check failed: the site would publish missing, invalid or unfinished data.\n${lines.join('\n')}\n${next}`;
}

// `problems`: what is wrong, for code to branch on: [{ file, kind, path }],
// `file` the data file's name (perf, chains, ...), `kind` missing |
// unreadable | invalid | incomplete.
class DataCheckError extends Error {
  constructor(hits, allowIncomplete) {
    super(describe(hits, allowIncomplete));
    this.name = 'DataCheckError';
    this.problems = hits.flatMap((hit) => blocking(hit, allowIncomplete).map((p) => ({ file: hit.name, kind: p.kind, path: p.path })));
  }

  // Whether the one thing wrong is that data file `name` does not exist yet.
  onlyMissing(name) {
    return this.problems.length > 0 && this.problems.every((p) => p.file === name && p.kind === 'missing');
  }
}

// The names to check in a folder: the required ones and every other *.json.
function dataNames(dir) {
  const present = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)) : [];
  return [...new Set([...Object.keys(REQUIRED), ...present.sort()])];
}

// load(name) -> the checked file, or throws DataCheckError naming its problems.
// load.checkAll() checks every file of the folder at once (before rendering)
// and throws one error listing every problem. `cache`: see readDataFile.
function makeLoader({ dataDir = defaultDataDir(), allowIncomplete = allowIncompleteFromEnv(), cache = null } = {}) {
  const hits = new Map();
  const read = (name) => {
    if (!hits.has(name)) hits.set(name, readDataFile(dataDir, name, { cache }));
    return hits.get(name);
  };
  function load(name) {
    const hit = read(name);
    if (blocking(hit, allowIncomplete).length) throw new DataCheckError([hit], allowIncomplete);
    return hit;
  }
  load.checkAll = () => {
    const bad = dataNames(dataDir).map(read).filter((hit) => blocking(hit, allowIncomplete).length);
    if (bad.length) throw new DataCheckError(bad, allowIncomplete);
  };
  // Whether the folder holds the file: the runtime matrix reads every
  // profile's file present (site/lib/perf-files.js).
  load.has = (name) => fs.existsSync(path.join(dataDir, `${name}.json`));
  load.dataDir = dataDir;
  return load;
}

module.exports = { makeLoader, readDataFile, jsonPath, dataNames, defaultDataDir, DataCheckError, REQUIRED, OPTIONAL, ALLOW_INCOMPLETE_ENV, CACHE };
