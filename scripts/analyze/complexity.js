// Code size of every variant, the logic behind scripts/complexity.js (which
// holds the command line and says what is counted and why).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { measureSource, ESPRIMA_VERSION } = require('./tokens');
const { parallelParts } = require('./parallel-parts');
const { measureSjs } = require('./sjs-measure');
const { headerOfAst, headerOfTokens } = require('./shared-header');
const { loadManifest, EXAMPLES, authoredFile, BASELINE } = require('../lib/manifest');
const { analyzerEnv } = require('../lib/env');
const { ROOT, DATA } = require('../lib/paths');
const { formatTable } = require('../lib/table');

const REFERENCE = path.join(DATA, 'reference-2013.json');
const EXTENSIONS = /\.(c|m)?js$|\._js$/;

function measureFile(file) {
  // Repo files are labelled repo-relative, anything else as given.
  const inRepo = !path.relative(ROOT, file).startsWith('..');
  const rel = inRepo ? path.relative(ROOT, file) : file;
  return measureText(fs.readFileSync(file, 'utf8'), rel);
}

// Pure but for the StratifiedJS syntax check: source text -> counts.
// `rel` labels the row and errors; a name ending in .sjs selects that lexer path.
function measureText(text, rel) {
  // StratifiedJS extends the grammar Esprima parses; see sjs-measure.js.
  const m = /\.sjs$/.test(rel) ? measureSjs(text, rel) : measureSource(text, rel);
  const parts = m.ast ? parallelParts(m.ast) : m.parallelParts;
  const header = m.ast ? headerOfAst(m.ast, m.tokenList) : headerOfTokens(text, m.tokenList);
  const within = (ranges) => (t) => ranges.some((r) => t.range[0] >= r[0] && t.range[1] <= r[1]);
  const inParallel = within(parts.map((p) => p.range));
  const inHeader = within(header.ranges);
  const parallelTokens = m.tokenList.filter(inParallel).length;
  const headerTokens = m.tokenList.filter(inHeader).length;
  return {
    file: rel.split(path.sep).join('/'),
    tokens: m.tokens,
    lines: m.lines,
    depth: m.depth,
    uploadTokens: m.tokens - parallelTokens,
    parallelParts: parts.map((p) => p.name),
    // The headline: what a reader compares (upload and what it needs).
    headlineTokens: m.tokenList.filter((t) => !inParallel(t) && !inHeader(t)).length,
    headerTokens,
    headerNames: header.names,
  };
}

const ratio = (x, min) => Math.round((x / min) * 100) / 100;

function reference2013() {
  return JSON.parse(fs.readFileSync(REFERENCE, 'utf8')).complexity.rows;
}

// Which 2013 complexity row each variant sits beside, from the manifest only:
// `complexityFile2013` when the entry has it (null: no counterpart), else its
// `article2013`. A compiled variant's article2013 names the 2013 output
// (dst-*.js), which the 2013 table did not count, so such an entry must say
// which row its source matches; a name the table lacks is an error rather
// than a silently empty cell. Returns the name per variant id and, per 2013
// row, the variants beside it (none: listed in `unpaired`).
function pair2013(variants, rows) {
  const names = new Set(rows.map((r) => r.name));
  const byVariant = new Map();
  for (const v of variants) {
    const own = Object.prototype.hasOwnProperty.call(v, 'complexityFile2013');
    const name = own ? v.complexityFile2013 : v.article2013 || null;
    if (name !== null && !names.has(name)) {
      throw new Error(own
        ? `examples/manifest.json: variant ${v.id}: complexityFile2013 "${name}" is not a row of the 2013 complexity table (data/reference-2013.json complexity.rows); use one of its names, or null if 2013 did not count this file`
        : `examples/manifest.json: variant ${v.id}: article2013 "${name}" is not a row of the 2013 complexity table (data/reference-2013.json); add "complexityFile2013" naming the row its counted file matches, or null if there is none`);
    }
    byVariant.set(v.id, name);
  }
  const paired = rows.map((r) => ({ file2013: r.name, tokens2013: r.tokens, variants: variants.filter((v) => byVariant.get(v.id) === r.name).map((v) => v.id) }));
  return {
    byVariant,
    paired: paired.filter((p) => p.variants.length > 0),
    unpaired: paired.filter((p) => p.variants.length === 0).map((p) => p.file2013),
  };
}

function measureVariants(manifest, referenceRows = reference2013()) {
  const ref = new Map(referenceRows.map((r) => [r.name, r]));
  const { byVariant } = pair2013(manifest.variants, referenceRows);
  const rows = manifest.variants.map((v) => {
    const authored = authoredFile(v, manifest.variants);
    const m = measureFile(path.join(EXAMPLES, authored.file));
    const old = byVariant.get(v.id) ? ref.get(byVariant.get(v.id)) : null;
    return {
      id: v.id,
      family: v.family,
      era: v.era,
      counted: authored.counted,
      ...m,
      article2013: v.article2013,
      file2013: old ? old.name : null,
      tokens2013: old ? old.tokens : null,
      complexity2013: old ? old.complexity : null,
      // Ours over 2013's, both counted the same way (upload and what it needs).
      ratio2013: old ? ratio(m.headlineTokens, old.tokens) : null,
    };
  });
  const fewest = Math.min(...rows.map((r) => r.tokens));
  const fewestUpload = Math.min(...rows.map((r) => r.uploadTokens));
  const fewestHeadline = Math.min(...rows.map((r) => r.headlineTokens));
  for (const r of rows) {
    r.complexity = ratio(r.tokens, fewest);
    r.uploadComplexity = ratio(r.uploadTokens, fewestUpload);
    r.headlineComplexity = ratio(r.headlineTokens, fewestHeadline);
  }
  return rows.sort((a, b) => a.headlineTokens - b.headlineTokens || a.id.localeCompare(b.id));
}

// The header every variant repeats, reported once: the baseline's (the 2013
// callback pyramid), with the spread over all variants.
function sharedHeaderSummary(rows) {
  const base = rows.find((r) => r.id === BASELINE);
  if (!base) throw new Error(`complexity: the baseline variant "${BASELINE}" is not in the manifest, so the shared header cannot be reported`);
  const counts = rows.map((r) => r.headerTokens);
  return {
    tokens: base.headerTokens,
    variant: BASELINE,
    names: base.headerNames,
    min: Math.min(...counts),
    max: Math.max(...counts),
    sameAsBaseline: rows.filter((r) => r.headerTokens === base.headerTokens).length,
  };
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

// The variants' table: the headline first, whole file and 2013 beside it.
function variantTable(rows) {
  const dash = (x) => (x === null ? '-' : String(x));
  const body = rows.map((r) => [r.id, r.headlineTokens, r.headlineComplexity.toFixed(2), r.headerTokens, r.tokens,
    dash(r.file2013), dash(r.tokens2013), r.ratio2013 === null ? '-' : r.ratio2013.toFixed(2)].map(String));
  return formatTable(['variant', 'tokens', 'complexity', 'header', 'whole file', '2013 file', '2013 tokens', 'ours/2013'], body);
}

function buildData(manifest = loadManifest()) {
  const referenceRows = reference2013();
  const variants = measureVariants(manifest, referenceRows);
  const { paired, unpaired } = pair2013(manifest.variants, referenceRows);
  return {
    schema: 'asyncbench/complexity@1',
    generatedBy: 'scripts/complexity.js',
    description: 'Code size of each variant: Esprima tokens of the code a reader compares (upload and what it needs: no shared header, no parallel-only code), lines of code, deepest function nesting; headlineComplexity = headlineTokens / fewest. Whole-file counts kept beside.',
    method: {
      tokenizer: `esprima@${ESPRIMA_VERSION} tokenize(), comments excluded; the file must parse (parseScript, else parseModule) first`,
      counted: 'the file a person wrote: the variant file, compile.source for compiled variants, or the shared file a librarySet entry runs; examples/lib wrappers excluded',
      headlineTokens: 'tokens minus the shared header and minus the top-level code reachable only from exports.parallel: the upload function and what it needs, as the 2013 table counted',
      headerTokens: 'top-level declarations that only require a project module (./ or ../) and bind its properties under the same names, the required name used nowhere else (scripts/analyze/shared-header.js)',
      uploadTokens: 'tokens minus the top-level code reachable only from exports.parallel (scripts/analyze/parallel-parts.js)',
      tokens: 'the whole file',
      pairing2013: 'the 2013 complexity row: manifest complexityFile2013 where present, else article2013; ratio2013 = headlineTokens / tokens2013',
      lines: 'lines holding at least one token (whole file)',
      depth: 'deepest nesting of function declarations, expressions and arrows (top level = 0)',
    },
    env: analyzerEnv('scripts/complexity.js', ['esprima']),
    sharedHeader: sharedHeaderSummary(variants),
    pairing2013: { paired: paired.map((p) => ({ file2013: p.file2013, tokens2013: p.tokens2013, variants: p.variants })), unpaired },
    variants,
  };
}

module.exports = { measureFile, measureText, measurePaths, measureVariants, complexityTable, variantTable, buildData, pair2013 };
