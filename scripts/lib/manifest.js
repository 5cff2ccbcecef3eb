// Loads examples/manifest.json, the one list of variants, and checks it, so a
// typo in an entry fails loudly with the entry's id instead of skewing a run.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

const Ajv = require('ajv');

const { EXAMPLES, ROOT, BUILD_PREFIX } = require('./paths');
const { InputError } = require('./args');
const SCHEMA = require('./manifest.schema.json');
const MANIFEST = path.join(EXAMPLES, 'manifest.json');
const PACKAGE_JSON = path.join(ROOT, 'package.json');

// The lists the rest of the code uses come from the schema, so the two never differ.
const ENTRY = SCHEMA.definitions.entry.properties;
const FAMILIES = ENTRY.family.enum;
// What a runtime must offer; scripts/runtimes/probe-script.js reports them per runtime.
const FEATURES = ENTRY.requires.items.enum;
// An entry's "scenarios" are names of scripts/harness/scenarios/ (some have
// a manifest of their own, examples/<scenario>/manifest.json); the schema
// checks their form only and the harness checks them against its registry
// (scenarios/index.js checkManifest), so this module, which the site loads
// too, names none.
const ERAS = ENTRY.era.enum;
const COMPILE_TOOLS = ENTRY.compile.properties.tool.enum;
const ENTRY_DESCRIPTION = SCHEMA.definitions.entry.description;
// The variant every other is measured against (the 2013 callback pyramid).
const BASELINE = 'original';

// One line per problem, each naming the manifest; exit 2 (scripts/lib/args.js).
class ManifestError extends InputError {
  constructor(problems, file) {
    const shown = path.relative(process.cwd(), file) || file;
    super([].concat(problems).map((p) => `${shown}: ${p}`).join('\n'));
    this.name = 'ManifestError';
    this.problems = [].concat(problems);
  }
}

// "npm:name@1.2.3" (an alias) installs 1.2.3; anything else is the version.
const installedVersion = (spec) => (/^npm:(?:@[^/]+\/)?[^@]+@(.+)$/.exec(spec) || [null, spec])[1];

// Packages a file requires by name (first path segment, scope kept).
function packageRequires(file) {
  const names = new Set();
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/require\(\s*['"]([^'".][^'"]*)['"]\s*\)/g)) {
    const parts = m[1].split('/');
    const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    if (!builtinModules.includes(name.replace(/^node:/, ''))) names.add(name);
  }
  return names;
}

// "libraries" is what the variant file loads, at the versions package.json
// installs, so the version a run records is the version that ran.
function checkLibraries(entry, fail, pkg) {
  const deps = pkg.dependencies || {};
  // From the runtime's fibers tree (scripts/runtimes/fibers.js pins them; tested).
  const fromTree = entry.libraryTree === 'fibers';
  for (const [name, version] of Object.entries(fromTree ? {} : entry.libraries)) {
    if (!(name in deps)) {
      fail(`library ${name}@${version} is not in package.json "dependencies"; add it there (npm install --save-exact ${name}@${version}) or drop it from "libraries"`);
    }
    if (installedVersion(deps[name]) !== version) {
      fail(`library ${name} is ${version} here but package.json "dependencies" has "${deps[name]}"; make them the same exact version`);
    }
  }
  // A compiled variant is what its author wrote: its source, not the build output.
  const written = entry.compile ? entry.compile.source : entry.file;
  for (const name of packageRequires(path.join(EXAMPLES, written))) {
    if (!(name in entry.libraries)) {
      fail(`examples/${written} requires "${name}", which "libraries" does not list; add "${name}": "<version from package.json>"`);
    }
  }
}


// Structure and types: the JSON Schema (scripts/lib/manifest.schema.json),
// every problem at once, one line per field at fault.
let validateSchema = null;
function schemaProblems(data) {
  if (!validateSchema) validateSchema = new Ajv({ allErrors: true, strict: false }).compile(SCHEMA);
  if (validateSchema(data)) return [];
  const out = new Map(); // one line per (entry, field): the first error says enough
  const variants = data && Array.isArray(data.variants) ? data.variants : [];
  // A failed "contains" also reports each item's miss inside it: noise, the
  // "contains" error itself says it.
  for (const e of validateSchema.errors.filter((x) => !x.schemaPath.includes('/contains/'))) {
    const parts = e.instancePath.split('/').slice(1).map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'));
    const missing = e.keyword === 'required' ? ` "${e.params.missingProperty}" is missing` : '';
    const unknown = e.keyword === 'additionalProperties' ? ` has an unknown field "${e.params.additionalProperty}" (the fields: examples/README.md, "The manifest")` : '';
    if (parts[0] !== 'variants' || parts.length < 2) {
      const key = parts[0] === undefined ? '' : parts[0];
      const line = key ? `"${key}" must be ${SCHEMA.properties[key].description}`
        : missing ? `${missing.trim()}; expected { "schema": 1, "variants": [...] }`
          : unknown ? `the manifest${unknown}`
            : `must be an object { "schema": 1, "variants": [...] }, got ${JSON.stringify(data)}`;
      if (!out.has(key)) out.set(key, line);
      continue;
    }
    const i = Number(parts[1]);
    const entry = variants[i];
    const where = `variant #${i} (${entry && typeof entry.id === 'string' && entry.id ? entry.id : 'no id'})`;
    const field = parts[2];
    const key = `${i}/${field === undefined ? '' : field}`;
    if (out.has(key)) continue;
    if (field === undefined) {
      out.set(key, missing || unknown ? `${where}:${missing || unknown}` : `${where}: must be ${ENTRY_DESCRIPTION}, got ${JSON.stringify(entry)}`);
    } else {
      const detail = parts.length > 3 || missing || unknown
        ? ` (${[field, ...parts.slice(3)].join('.')}${missing ? `:${missing}` : unknown ? `${unknown}` : `: ${e.message}`})`
        : '';
      out.set(key, `${where}: "${field}" must be ${ENTRY[field].description}${detail}`);
    }
  }
  return [...out.values()];
}

// Thrown by the checks below for the first problem of one entry.
class EntryProblem extends Error {}
const fail = (message) => { throw new EntryProblem(message); };

// Where a variant's files may lie: examples/, or the folder of the manifest
// that lists them (a fixture manifest keeps its fixture variants beside it;
// for examples/manifest.json and the scenario manifests that is examples/
// too). Links are followed: the file that would be read must lie there.
function fileRoots(manifestFile) {
  const named = [EXAMPLES, path.dirname(path.resolve(manifestFile))];
  return { named, real: named.map((dir) => fs.realpathSync(dir)) };
}
const inside = (file, roots) => roots.some((root) => file === root || file.startsWith(root + path.sep));
const shownFile = (abs) => path.relative(ROOT, abs) || abs;

function checkFile(field, rel, roots) {
  const abs = path.resolve(EXAMPLES, rel);
  const where = 'examples/ (or beside a fixture manifest)';
  if (!inside(abs, roots.named)) fail(`"${field}" ${JSON.stringify(rel)} resolves to ${abs}, outside ${where}; name a file under examples/, relative to it`);
  let stat;
  try {
    stat = fs.statSync(abs);
  } catch (err) {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') fail(`"${field}": file ${shownFile(abs)} does not exist`);
    throw err;
  }
  if (!stat.isFile()) fail(`"${field}": ${shownFile(abs)} is ${stat.isDirectory() ? 'a folder' : 'not a regular file'}; name the variant's .js file`);
  const real = fs.realpathSync(abs);
  if (!inside(real, roots.real)) fail(`"${field}": ${shownFile(abs)} is a link to ${real}, outside ${where}`);
}

// The compile step (scripts/compile/): outputs go to build/<id>.js so one
// source can feed several variants (streamline's modes) without clashing.
// The build output is not in git (npm run compile): its source must exist.
function checkFiles(entry, roots) {
  const output = `${BUILD_PREFIX}/${entry.id}.js`;
  if (entry.compile && entry.file !== output) {
    fail(`a compiled variant's "file" must be ${output} (the compiler's output), got "${entry.file}"`);
  }
  if (entry.compile) checkFile('compile.source', entry.compile.source, roots);
  else checkFile('file', entry.file, roots);
  entry.wrappers.forEach((w, i) => checkFile(`wrappers[${i}]`, w, roots));
}

// What the schema cannot say: how fields of one entry relate.
function checkRelations(entry) {
  const a = entry.adapter;
  if (a) {
    if (!entry.wrappers.includes(a.file)) fail(`adapter file ${a.file} must also be listed in "wrappers"`);
    if (a.library !== 'node' && !(a.library in entry.libraries)) fail(`adapter library "${a.library}" must be "node" or one of "libraries"`);
  }
  if (entry.libraryTree !== undefined && !entry.requires.includes('fibers')) {
    fail('"libraryTree" may only be "fibers", for a variant that requires fibers: its libraries come from the runtime\'s fibers tree');
  }
  // Same code, other library versions: see examples/lib/library-set.js.
  const ls = entry.librarySet;
  if (ls && !Object.values(ls.aliases).every((alias) => alias in entry.libraries)) {
    fail(`"librarySet" must be ${ENTRY.librarySet.description}; an alias of ${JSON.stringify(ls.aliases)} is not in "libraries"`);
  }
}

// `packageJson` (parsed) stands in for the repository's package.json in tests.
// Every problem of the manifest is reported at once (ManifestError, exit 2).
function loadManifest(file = MANIFEST, { packageJson } = {}) {
  const pkg = packageJson || JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8'));
  let data;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ManifestError(`cannot read: ${err.message}`, file);
  }
  const structural = schemaProblems(data);
  if (structural.length) throw new ManifestError(structural, file);
  const roots = fileRoots(file);
  const problems = [];
  const seen = new Set();
  data.variants.forEach((entry, i) => {
    try {
      checkRelations(entry);
      checkFiles(entry, roots);
      checkLibraries(entry, fail, pkg);
    } catch (err) {
      if (!(err instanceof EntryProblem)) throw err;
      problems.push(`variant #${i} (${entry.id}): ${err.message}`);
    }
    if (seen.has(entry.id)) problems.push(`variant #${i}: duplicate id "${entry.id}"`);
    seen.add(entry.id);
  });
  data.variants.forEach((entry, i) => {
    if (entry.librarySet && !seen.has(entry.librarySet.variant)) {
      problems.push(`variant #${i} (${entry.id}): "librarySet.variant" names "${entry.librarySet.variant}", which is not an entry`);
    }
  });
  if (problems.length) throw new ManifestError(problems, file);
  return data;
}

// The file a person wrote for this entry, relative to examples/, and which
// field names it: a compiled variant's source, the shared file a librarySet
// entry runs (its own file is a two-line loader), or the variant's file. The
// analyzers count and read this one.
function authoredFile(entry, variants) {
  if (entry.compile) return { file: entry.compile.source, counted: 'compile.source' };
  if (entry.librarySet) {
    const shared = variants.find((v) => v.id === entry.librarySet.variant);
    if (!shared) throw new ManifestError(`variant ${entry.id}: librarySet.variant "${entry.librarySet.variant}" is not a variant id`, MANIFEST);
    return { file: authoredFile(shared, variants).file, counted: 'librarySet.variant' };
  }
  return { file: entry.file, counted: 'file' };
}

// Variants whose id matches `pattern` (a RegExp source), in manifest order.
function selectVariants(manifest, pattern) {
  if (!pattern) return manifest.variants.slice();
  let re;
  try {
    re = new RegExp(pattern);
  } catch (err) {
    throw new Error(`--variants: invalid regular expression ${JSON.stringify(pattern)}: ${err.message}`);
  }
  return manifest.variants.filter((v) => re.test(v.id));
}

module.exports = { loadManifest, selectVariants, ManifestError, EXAMPLES, MANIFEST, FAMILIES, FEATURES, ERAS, BASELINE, COMPILE_TOOLS, authoredFile };
