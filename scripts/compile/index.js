// The compile step of compiled variants: the manifest's `compile` field names
// the tool, its version and the source; the output is the entry's `file`
// under examples/build/ (ignored by git, rebuilt here, never edited).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { EXAMPLES } = require('../lib/manifest');
const { CompileError } = require('./errors');
const { installedVersion } = require('./tools');

const COMPILERS = {
  streamline: require('./streamline'),
  traceur: require('./traceur'),
  regenerator: require('./regenerator'),
  stratifiedjs: require('./stratifiedjs'),
};
const BUILD_DIR = 'build';

function paths(variant, examplesDir = EXAMPLES) {
  return {
    source: path.join(examplesDir, variant.compile.source),
    output: path.join(examplesDir, variant.file),
  };
}

// Missing, or older than its source: then it must be (re)built.
function isStale(variant, examplesDir) {
  const { source, output } = paths(variant, examplesDir);
  const out = fs.statSync(output, { throwIfNoEntry: false });
  return !out || out.mtimeMs < fs.statSync(source).mtimeMs;
}

function compileVariant(variant, examplesDir = EXAMPLES) {
  const c = variant.compile;
  const compiler = COMPILERS[c.tool];
  const { source, output } = paths(variant, examplesDir);
  if (!compiler) throw new CompileError(source, null, `unknown compile tool "${c.tool}"; known: ${Object.keys(COMPILERS).join(', ')}`);
  const installed = installedVersion(compiler.package);
  if (installed !== c.version) {
    throw new CompileError(source, null, `${variant.id} wants ${c.tool} ${c.version} but ${installed || 'none'} is installed; ` +
      `pin ${compiler.package}@${c.version} in package.json and run npm ci`);
  }
  fs.mkdirSync(path.dirname(output), { recursive: true });
  compiler.compile({ source, output, mode: c.mode || null });
}

// Builds the variant's output if it is missing or stale; a no-op for an
// entry without a compile step. Synchronous, so a test or the harness can
// call it right before it requires the variant.
function ensureCompiled(variant, examplesDir = EXAMPLES) {
  if (!variant.compile) return false;
  if (!isStale(variant, examplesDir)) return false;
  compileVariant(variant, examplesDir);
  return true;
}

// Every compiled entry of `variants`: stale ones (or all, with force) are
// built; a failure is recorded and the others are still built.
function compileAll(variants, { force = false, examplesDir = EXAMPLES, onBuilt = () => {} } = {}) {
  const result = { built: [], upToDate: [], failed: [] };
  for (const v of variants.filter((x) => x.compile)) {
    const started = process.hrtime.bigint();
    try {
      const did = force ? (compileVariant(v, examplesDir), true) : ensureCompiled(v, examplesDir);
      if (!did) {
        result.upToDate.push(v.id);
        continue;
      }
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      result.built.push({ id: v.id, ms });
      onBuilt(v, ms);
    } catch (error) {
      result.failed.push({ id: v.id, error });
    }
  }
  return result;
}

module.exports = { ensureCompiled, compileVariant, compileAll, isStale, COMPILERS, BUILD_DIR, CompileError };
