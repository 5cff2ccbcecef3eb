// Loads examples/manifest.json, the one list of variants, and checks it, so a
// typo in an entry fails loudly with the entry's id instead of skewing a run.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const { EXAMPLES } = require('./paths');
const MANIFEST = path.join(EXAMPLES, 'manifest.json');

const FAMILIES = ['callbacks', 'promises', 'generators', 'async-functions', 'reactive', 'fibers', 'compiled'];
// What a runtime must offer; scripts/runtimes/probe-script.js reports them per runtime.
const FEATURES = ['generators', 'promise', 'es2015', 'async-functions', 'util.promisify', 'fibers'];
const SCENARIOS = ['upload', 'errors', 'parallel'];
const ERAS = ['2013', 'modern'];
// The variant every other is measured against (the 2013 callback pyramid).
const BASELINE = 'original';

class ManifestError extends Error {
  constructor(message, file) {
    super(`${path.relative(process.cwd(), file)}: ${message}`);
    this.name = 'ManifestError';
  }
}

function check(entry, index, file) {
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
  if (!Array.isArray(entry.scenarios) || !entry.scenarios.includes('upload')) fail('"scenarios" must list at least "upload"');
  entry.scenarios.forEach((s) => SCENARIOS.includes(s) || fail(`unknown scenario "${s}"`));
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
  if (entry.compile !== null && (typeof entry.compile !== 'object' || !entry.compile.tool || !entry.compile.source)) {
    fail('"compile" must be null or { tool, version, source, sourceMaps }');
  }
  const mustExist = [entry.file].concat(entry.wrappers, entry.compile ? [entry.compile.source] : []);
  for (const rel of mustExist) {
    if (!fs.existsSync(path.join(EXAMPLES, rel))) fail(`file examples/${rel} does not exist`);
  }
}

function loadManifest(file = MANIFEST) {
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
    check(entry, i, file);
    if (seen.has(entry.id)) throw new ManifestError(`duplicate id "${entry.id}"`, file);
    seen.add(entry.id);
  });
  return data;
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

module.exports = { loadManifest, selectVariants, ManifestError, EXAMPLES, MANIFEST, FAMILIES, FEATURES, SCENARIOS, BASELINE };
