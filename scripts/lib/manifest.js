// Loads examples/manifest.json, the one list of variants, and checks it, so a
// typo in an entry fails loudly with the entry's id instead of skewing a run.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

const { EXAMPLES, ROOT } = require('./paths');
const MANIFEST = path.join(EXAMPLES, 'manifest.json');
const PACKAGE_JSON = path.join(ROOT, 'package.json');

const FAMILIES = ['callbacks', 'promises', 'generators', 'async-functions', 'reactive', 'fibers', 'compiled'];
// What a runtime must offer; scripts/runtimes/probe-script.js reports them per runtime.
const FEATURES = ['generators', 'promise', 'es2015', 'async-functions', 'util.promisify', 'fibers'];
// An entry's "scenarios" are names of scripts/harness/scenarios/ (some have
// a manifest of their own, examples/<scenario>/manifest.json); the harness
// checks them against its registry (scenarios/index.js checkManifest), so
// this module, which the site loads too, names none.
const SCENARIO_NAME = /^[a-z0-9-]+$/;
const ERAS = ['2013', 'modern'];
// The variant every other is measured against (the 2013 callback pyramid).
const BASELINE = 'original';

class ManifestError extends Error {
  constructor(message, file) {
    super(`${path.relative(process.cwd(), file)}: ${message}`);
    this.name = 'ManifestError';
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


// The compile step (scripts/compile/): which tool, which exact version, which
// mode, and where source and output live. Outputs go to build/<id>.js so
// one source can feed several variants (streamline's modes) without clashing.
const COMPILE_TOOLS = ['streamline', 'traceur', 'regenerator', 'stratifiedjs'];
function checkCompile(entry, fail) {
  const c = entry.compile;
  if (!c || typeof c !== 'object' || Array.isArray(c)) fail('"compile" must be null or { tool, version, mode, source, sourceMaps }');
  if (!COMPILE_TOOLS.includes(c.tool)) fail(`compile.tool must be one of ${COMPILE_TOOLS.join(', ')}, got ${JSON.stringify(c.tool)}`);
  if (typeof c.version !== 'string' || !/^\d+\.\d+\.\d+/.test(c.version)) fail(`compile.version needs an exact version, got ${JSON.stringify(c.version)}`);
  if (c.mode !== undefined && c.mode !== null && (typeof c.mode !== 'string' || !c.mode)) fail('compile.mode must be null or a non-empty string');
  if (typeof c.source !== 'string' || !c.source.startsWith('src/')) fail('compile.source must be a file under examples/src/');
  if (typeof c.sourceMaps !== 'boolean') fail('compile.sourceMaps must be true or false');
  if (entry.file !== `build/${entry.id}.js`) fail(`a compiled variant's "file" must be build/${entry.id}.js (the compiler's output), got "${entry.file}"`);
}

function check(entry, index, file, pkg) {
  const where = `variant #${index} (${entry && entry.id || 'no id'})`;
  const fail = (msg) => { throw new ManifestError(`${where}: ${msg}`, file); };
  const str = (key) => { if (typeof entry[key] !== 'string' || !entry[key]) fail(`"${key}" must be a non-empty string`); };
  ['id', 'file', 'title', 'description', 'family', 'era'].forEach(str);
  if (!/^[a-z0-9-]+$/.test(entry.id)) fail('"id" may hold only a-z, 0-9 and -');
  if (!FAMILIES.includes(entry.family)) fail(`"family" must be one of ${FAMILIES.join(', ')}`);
  if (!ERAS.includes(entry.era)) fail(`"era" must be one of ${ERAS.join(', ')}`);
  if (!entry.libraries || typeof entry.libraries !== 'object') fail('"libraries" must be an object of name → version');
  for (const [name, version] of Object.entries(entry.libraries)) {
    if (!/^\d+\.\d+\.\d+/.test(version)) fail(`library ${name} needs an exact version, got "${version}"`);
  }
  if (!Array.isArray(entry.requires)) fail('"requires" must be an array');
  entry.requires.forEach((f) => FEATURES.includes(f) || fail(`unknown feature "${f}"; known: ${FEATURES.join(', ')}`));
  if (!Array.isArray(entry.scenarios) || !entry.scenarios.length) fail('"scenarios" must list the scenarios the variant implements (scripts/harness/scenarios/)');
  entry.scenarios.forEach((s) => SCENARIO_NAME.test(s) || fail(`"scenarios": "${s}" is not a scenario name (a-z, 0-9 and -)`));
  if (typeof entry.catchesThrows !== 'boolean') fail('"catchesThrows" must be true or false');
  if (!Array.isArray(entry.wrappers)) fail('"wrappers" must be an array of files under examples/');
  // Optional here (fixture manifests omit it); test/conformance.test.js
  // requires it of every real entry and checks what it claims.
  const a = entry.adapter;
  if (a !== undefined && a !== null) {
    if (typeof a !== 'object' || ![a.file, a.library, a.uses].every((s) => typeof s === 'string' && s)) {
      fail('"adapter" must be null or { file, library, uses } (non-empty strings)');
    }
    if (!entry.wrappers.includes(a.file)) fail(`adapter file ${a.file} must also be listed in "wrappers"`);
    if (a.library !== 'node' && !(a.library in entry.libraries)) {
      fail(`adapter library "${a.library}" must be "node" or one of "libraries"`);
    }
  }
  if (entry.compile !== null) checkCompile(entry, fail);
  if (entry.libraryTree !== undefined && !(entry.libraryTree === 'fibers' && entry.requires.includes('fibers'))) {
    fail('"libraryTree" may only be "fibers", for a variant that requires fibers: its libraries come from the runtime\'s fibers tree');
  }
  // A measured finding: the error reaching done is not the operation's own.
  const ei = entry.errorIdentity;
  if (ei !== undefined && !(ei && ei.kept === false && typeof ei.finding === 'string' && ei.finding)) {
    fail('"errorIdentity" must be absent (the error reaching done is the original) or { kept: false, finding: "what was measured" }');
  }
  // Same code, other library versions: see examples/lib/library-set.js.
  const ls = entry.librarySet;
  if (ls !== undefined) {
    const names = ls && typeof ls.aliases === 'object' && ls.aliases ? Object.keys(ls.aliases) : [];
    if (typeof ls.variant !== 'string' || !names.length ||
        !names.every((n) => typeof ls.aliases[n] === 'string' && ls.aliases[n] in entry.libraries)) {
      fail('"librarySet" must be { variant: id of the entry whose file runs unchanged, aliases: { name: npm alias listed in "libraries" } }');
    }
  }
  // A compiled variant's `file` is build output (npm run compile), not in git.
  const mustExist = (entry.compile ? [entry.compile.source] : [entry.file]).concat(entry.wrappers);
  for (const rel of mustExist) {
    if (!fs.existsSync(path.join(EXAMPLES, rel))) fail(`file examples/${rel} does not exist`);
  }
  checkLibraries(entry, fail, pkg);
}

// `packageJson` (parsed) stands in for the repository's package.json in tests.
function loadManifest(file = MANIFEST, { packageJson } = {}) {
  const pkg = packageJson || JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8'));
  let data;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ManifestError(`cannot read: ${err.message}`, file);
  }
  if (data.schema !== 1 || !Array.isArray(data.variants)) {
    throw new ManifestError('expected { "schema": 1, "variants": [...] }', file);
  }
  const seen = new Set();
  data.variants.forEach((entry, i) => {
    check(entry, i, file, pkg);
    if (seen.has(entry.id)) throw new ManifestError(`duplicate id "${entry.id}"`, file);
    seen.add(entry.id);
  });
  for (const entry of data.variants) {
    if (entry.librarySet && !seen.has(entry.librarySet.variant)) {
      throw new ManifestError(`variant ${entry.id}: "librarySet.variant" names "${entry.librarySet.variant}", which is not an entry`, file);
    }
  }
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

module.exports = { loadManifest, selectVariants, ManifestError, EXAMPLES, MANIFEST, FAMILIES, FEATURES, BASELINE, COMPILE_TOOLS, authoredFile };
