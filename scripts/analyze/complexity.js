// Code size of every variant, the logic behind scripts/complexity.js (which
// holds the command line and says what is counted and why).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { measureSource, ESPRIMA_VERSION } = require('./tokens');
const { parallelParts } = require('./parallel-parts');
const { measureSjs } = require('./sjs-measure');
const { loadManifest, EXAMPLES, authoredFile } = require('../lib/manifest');
const { analyzerEnv } = require('../lib/env');
const { ROOT, DATA } = require('../lib/paths');
const { formatTable } = require('../lib/table');

const REFERENCE = path.join(DATA, 'reference-2013.json');
const EXTENSIONS = /\.(c|m)?js$|\._js$/;

function measureFile(file) {
  // Repo files are labelled repo-relative, anything else as given.
  const inRepo = !path.relative(ROOT, file).startsWith('..');
  const rel = inRepo ? path.relative(ROOT, file) : file;
  // StratifiedJS extends the grammar Esprima parses; see sjs-measure.js.
  const m = /\.sjs$/.test(file) ? measureSjs(fs.readFileSync(file, 'utf8'), rel) : measureSource(fs.readFileSync(file, 'utf8'), rel);
  const parts = m.ast ? parallelParts(m.ast) : m.parallelParts;
  const inParallel = (t) => parts.some((p) => t.range[0] >= p.range[0] && t.range[1] <= p.range[1]);
  const parallelTokens = m.tokenList.filter(inParallel).length;
  return {
    file: rel.split(path.sep).join('/'),
    tokens: m.tokens,
    lines: m.lines,
    depth: m.depth,
    uploadTokens: m.tokens - parallelTokens,
    parallelParts: parts.map((p) => p.name),
  };
}

const ratio = (x, min) => Math.round((x / min) * 100) / 100;

function reference2013() {
  const rows = JSON.parse(fs.readFileSync(REFERENCE, 'utf8')).complexity.rows;
  return new Map(rows.map((r) => [r.name, r]));
}

function measureVariants(manifest) {
  const ref = reference2013();
  const rows = manifest.variants.map((v) => {
    const authored = authoredFile(v, manifest.variants);
    const m = measureFile(path.join(EXAMPLES, authored.file));
    const old = v.article2013 ? ref.get(v.article2013) : null;
    return {
      id: v.id,
      family: v.family,
      era: v.era,
      counted: authored.counted,
      ...m,
      article2013: v.article2013,
      tokens2013: old ? old.tokens : null,
      complexity2013: old ? old.complexity : null,
    };
  });
  const fewest = Math.min(...rows.map((r) => r.tokens));
  const fewestUpload = Math.min(...rows.map((r) => r.uploadTokens));
  for (const r of rows) {
    r.complexity = ratio(r.tokens, fewest);
    r.uploadComplexity = ratio(r.uploadTokens, fewestUpload);
  }
  return rows.sort((a, b) => a.tokens - b.tokens || a.id.localeCompare(b.id));
}

function collectFiles(args) {
  const out = [];
  const visit = (p) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) throw new Error(`${p}: no such file or folder`);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        const child = path.join(p, name);
        if (fs.statSync(child).isDirectory() || EXTENSIONS.test(name)) visit(child);
      }
    } else out.push(path.resolve(p));
  };
  args.forEach(visit);
  return out;
}

function measurePaths(args) {
  const rows = collectFiles(args).map(measureFile);
  if (rows.length === 0) throw new Error(`no .js files found in ${args.join(', ')}`);
  const fewest = Math.min(...rows.map((r) => r.tokens));
  for (const r of rows) r.complexity = ratio(r.tokens, fewest);
  return rows.sort((a, b) => a.tokens - b.tokens || a.file.localeCompare(b.file));
}

function complexityTable(rows, label = 'file') {
  const body = rows.map((r) => [r.id || r.file, r.tokens, r.complexity.toFixed(2), r.lines, r.depth].map(String));
  return formatTable([label, 'tokens', 'complexity', 'lines', 'depth'], body);
}

function buildData(manifest = loadManifest()) {
  return {
    schema: 'asyncbench/complexity@1',
    generatedBy: 'scripts/complexity.js',
    description: 'Code size of each variant: Esprima tokens of its own source (comments excluded), lines of code, deepest function nesting; complexity = tokens / fewest.',
    method: {
      tokenizer: `esprima@${ESPRIMA_VERSION} tokenize(), comments excluded; the file must parse (parseScript, else parseModule) first`,
      counted: 'the file a person wrote: the variant file, compile.source for compiled variants, or the shared file a librarySet entry runs; examples/lib wrappers excluded',
      uploadTokens: 'tokens minus the top-level code reachable only from exports.parallel (scripts/analyze/parallel-parts.js)',
      lines: 'lines holding at least one token',
      depth: 'deepest nesting of function declarations, expressions and arrows (top level = 0)',
    },
    env: analyzerEnv('scripts/complexity.js', ['esprima']),
    variants: measureVariants(manifest),
  };
}

module.exports = { measureFile, measurePaths, measureVariants, complexityTable, buildData };
