#!/usr/bin/env node
// Code size of every variant: Esprima tokens (comments excluded), lines of
// code and the deepest nesting of functions; complexity = tokens / fewest.
//
//   npm run complexity                     every manifest variant -> data/complexity.json
//   node scripts/complexity.js --out FILE  the same, into FILE
//   node scripts/complexity.js a.js dir/   any files or folders -> a table on stdout
//   node scripts/complexity.js --json a.js the same as JSON
//
// What is counted for a variant: its own file only. The wrapper layer under
// examples/lib (fakes, promise/thunk facades) is left out, as the 2013 method
// allowed all callback wrapping to live in a separate file. For a compiled
// variant we count the source the developer writes (manifest compile.source),
// not the compiler's output.
//
// Our variants also carry `parallel`, which the 2013 files did not have. So
// besides the whole file we report `uploadTokens`: the file without the
// top-level code that only `parallel` reaches (scripts/analyze/parallel-parts.js;
// listed in `parallelParts`, so the cut can be checked by eye). The 2013
// comparison uses that figure.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { measureSource, ESPRIMA_VERSION } = require('./analyze/tokens');
const { loadManifest, EXAMPLES } = require('./lib/manifest');
const { envStamp, ROOT } = require('./lib/analyzer-env');
const { parallelParts } = require('./analyze/parallel-parts');
const { writeJsonAtomic } = require('./lib/atomic-write');

const OUT = path.join(ROOT, 'data', 'complexity.json');
const REFERENCE = path.join(ROOT, 'data', 'reference-2013.json');
const EXTENSIONS = /\.(c|m)?js$|\._js$/;

function measureFile(file) {
  // Repo files are labelled repo-relative, anything else as given.
  const inRepo = !path.relative(ROOT, file).startsWith('..');
  const rel = inRepo ? path.relative(ROOT, file) : file;
  const m = measureSource(fs.readFileSync(file, 'utf8'), rel);
  const parts = parallelParts(m.ast);
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
    const counted = v.compile ? v.compile.source : v.file;
    const m = measureFile(path.join(EXAMPLES, counted));
    const old = v.article2013 ? ref.get(v.article2013) : null;
    return {
      id: v.id,
      family: v.family,
      era: v.era,
      counted: v.compile ? 'compile.source' : 'file',
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

function formatTable(rows, label = 'file') {
  const head = [label, 'tokens', 'complexity', 'lines', 'depth'];
  const body = rows.map((r) => [r.id || r.file, r.tokens, r.complexity.toFixed(2), r.lines, r.depth].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(fmt)].join('\n');
}

function buildData(manifest = loadManifest()) {
  return {
    schema: 'asyncbench/complexity@1',
    generatedBy: 'scripts/complexity.js',
    description: 'Code size of each variant: Esprima tokens of its own source (comments excluded), lines of code, deepest function nesting; complexity = tokens / fewest.',
    method: {
      tokenizer: `esprima@${ESPRIMA_VERSION} tokenize(), comments excluded; the file must parse (parseScript, else parseModule) first`,
      counted: 'the variant file (or compile.source for compiled variants); examples/lib wrappers excluded',
      uploadTokens: 'tokens minus the top-level code reachable only from exports.parallel (scripts/analyze/parallel-parts.js)',
      lines: 'lines holding at least one token',
      depth: 'deepest nesting of function declarations, expressions and arrows (top level = 0)',
    },
    env: envStamp('scripts/complexity.js', ['esprima']),
    variants: measureVariants(manifest),
  };
}

function main(argv) {
  const json = argv.includes('--json');
  let out = OUT;
  const args = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--json') continue;
    if (argv[i] === '--out') {
      if (!argv[i + 1]) throw new Error('--out needs the path of the file to write');
      out = path.resolve(argv[++i]);
    } else args.push(argv[i]);
  }
  if (args.length > 0) {
    const rows = measurePaths(args);
    console.log(json ? JSON.stringify(rows, null, 2) : formatTable(rows));
    return;
  }
  const data = buildData();
  writeJsonAtomic(out, data);
  console.log(formatTable(data.variants, 'variant'));
  console.error(`wrote ${path.relative(process.cwd(), out)} (${data.variants.length} variants)`);
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    console.error(`complexity: ${err.message}`);
    process.exit(1);
  }
}

module.exports = { measureFile, measurePaths, measureVariants, formatTable, buildData };
