// The compile step of compiled variants: the manifest's `compile` field names
// the tool, its version and the source; the output is the entry's `file`,
// build/<id>.js, in examples/build/ or the folder ASYNCBENCH_BUILD_DIR names
// (scripts/lib/paths.js BUILD; ignored by git, rebuilt here, never edited).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { EXAMPLES } = require('../lib/manifest');
const { ROOT, exampleFile } = require('../lib/paths');
const { writableFolder, FolderError } = require('../lib/writable-folder');
const { CompileError } = require('./errors');
const { installedVersion } = require('./tools');

const COMPILERS = {
  streamline: require('./streamline'),
  traceur: require('./traceur'),
  regenerator: require('./regenerator'),
  stratifiedjs: require('./stratifiedjs'),
};

function paths(variant, examplesDir = EXAMPLES) {
  return {
    source: path.join(examplesDir, variant.compile.source),
    output: exampleFile(variant.file, examplesDir),
  };
}

const isInside = (file, dir) => !path.relative(dir, file).startsWith('..');

// The output's folder, ready: made and writable (else a FolderError, which
// stops every compile, not one variant at a time), and, when it lies outside
// the checkout, given a link to the checkout's node_modules, so that the
// output's require('co') finds what it finds from examples/build/.
function prepareFolder(dir, examplesDir) {
  writableFolder(dir, {
    what: 'compiled variants',
    todo: 'Set ASYNCBENCH_BUILD_DIR to a writable folder: compiled variants go there instead of examples/build/.',
  });
  if (isInside(dir, ROOT) || isInside(dir, examplesDir)) return;
  const link = path.join(dir, 'node_modules');
  const target = path.join(ROOT, 'node_modules');
  const found = fs.lstatSync(link, { throwIfNoEntry: false });
  // Ours already, or a real folder someone put there on purpose: kept.
  if (found && (!found.isSymbolicLink() || fs.readlinkSync(link) === target)) return;
  // A link left by another checkout is replaced in one rename.
  const tmp = `${link}.${process.pid}.tmp`;
  fs.rmSync(tmp, { force: true });
  fs.symlinkSync(target, tmp, 'dir');
  fs.renameSync(tmp, link);
}

// A relative require in the output means what it meant in the source
// (examples/src/<id>.js requires '../lib/fakes'), whatever folder the output is
// in. Output in examples/build/, src/'s sibling, keeps the same text. Real
// paths, as Node and esbuild resolve a require from a file's real folder.
function requiresFrom(code, source, output) {
  const from = fs.realpathSync(path.dirname(output));
  const base = fs.realpathSync(path.dirname(source));
  return code.replace(/\brequire\((['"])(\.\.?\/[^'"]*)\1\)/g, (whole, quote, rel) => {
    let moved = path.relative(from, path.resolve(base, rel)).split(path.sep).join('/');
    if (!moved.startsWith('../')) moved = `./${moved}`;
    return `require(${quote}${moved}${quote})`;
  });
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
  prepareFolder(path.dirname(output), examplesDir);
  compiler.compile({ source, output, mode: c.mode || null });
  const code = fs.readFileSync(output, 'utf8');
  const moved = requiresFrom(code, source, output);
  if (moved !== code) fs.writeFileSync(output, moved);
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
      if (error instanceof FolderError) throw error; // the same for every variant
      result.failed.push({ id: v.id, error });
    }
  }
  return result;
}

module.exports = { ensureCompiled, compileVariant, compileAll, isStale, COMPILERS, CompileError, FolderError };
