'use strict';
// data/complexity.json (npm run complexity: tokens, lines and nesting of
// each variant) -> the complexity table, beside the 2013 count, and a
// variant's size for its page.
//
//   {% dataTable "complexity" %}   {% dataTable "complexity", era="2013" %}
const { envText, incompleteNote } = require('../lib/provenance');
const { variantsOf } = require('../lib/cells');
const { reference } = require('./reference-2013');
const { BASELINE } = require('../../scripts/lib/manifest');
const { styleName, inSentence } = require('../lib/style-names');

// Fewest tokens first: the article's ranking by succinctness.
function complexity(args, load) {
  if (args.era === '2013') {
    const { data, source } = reference(load);
    return {
      caption: 'Complexity in 2013: Esprima tokens per variant, and the 2013 article’s complexity figure, relative to its smallest variant',
      columns: [{ key: 'name', title: 'Variant' }, { key: 'tokens', title: 'Tokens', num: true }, { key: 'complexity', title: 'Complexity', unit: '×', num: true }],
      rows: [...data.complexity.rows].sort((a, b) => a.tokens - b.tokens),
      env: data.source.runtime,
      source,
    };
  }
  const hit = load('complexity');
  const { data } = hit;
  // The headline (upload and what it needs) is what the 2013 table counted;
  // the whole file and the 2013 counterpart sit beside it.
  // The × column is relative to nested callbacks, the baseline the prose and
  // every other table compare with (the file's own `complexity` fields are
  // relative to the smallest variant, as 2013's were).
  const all = variantsOf(data, 'complexity.json');
  const base = all.find((v) => v.id === BASELINE);
  const rows = all.map((v) => ({
    name: v.id,
    tokens: v.headlineTokens,
    complexity: base && base.headlineTokens ? Math.round((v.headlineTokens / base.headlineTokens) * 100) / 100 : null,
    file: v.tokens,
    file2013: v.file2013,
    tokens2013: v.tokens2013,
    ratio2013: v.ratio2013,
    depth: v.depth,
  }));
  const header = data.sharedHeader;
  const unpaired = (data.pairing2013 && data.pairing2013.unpaired) || [];
  return {
    caption: `Complexity: Esprima tokens of the upload function and what it needs, and the same as a multiple of ${inSentence(styleName(BASELINE))}, beside the 2013 count of the same style` +
      (header ? `; not counted: the ${header.tokens}-token shared header (${styleName(header.variant)}; ${header.min}–${header.max} across variants) and the parallel-only code` : '') +
      (unpaired.length ? `. 2013 files with no variant here: ${unpaired.join(', ')}` : ''),
    columns: [
      { key: 'name', title: 'Variant' },
      { key: 'tokens', title: 'Tokens', num: true },
      { key: 'complexity', title: `Over ${inSentence(styleName(BASELINE))}`, unit: '×', num: true },
      { key: 'file', title: 'Whole file', num: true },
      { key: 'file2013', title: '2013 file' },
      { key: 'tokens2013', title: '2013 tokens', num: true },
      { key: 'ratio2013', title: 'Now / 2013', unit: '×', num: true },
      { key: 'depth', title: 'Max nesting', num: true },
    ],
    rows: rows.sort((a, b) => a.tokens - b.tokens || a.name.localeCompare(b.name)),
    env: envText(data.env),
    source: null,
    incomplete: incompleteNote(hit),
  };
}

// One variant's size for its page. The headline (upload and what it needs,
// as 2013 counted) first; the whole file beside it. Data from before the
// headline existed fall back to tokens.
function complexityOf(data, id) {
  const rows = data && Array.isArray(data.variants) ? data.variants : [];
  const row = rows.find((r) => r.id === id);
  if (!row) return null;
  const compared = (r) => (Number.isInteger(r.headlineTokens) ? r.headlineTokens : r.tokens);
  const smallest = rows.reduce((a, b) => (compared(b) < compared(a) ? b : a));
  return {
    tokens: row.tokens,
    uploadTokens: row.uploadTokens,
    headlineTokens: compared(row),
    headerTokens: Number.isInteger(row.headerTokens) ? row.headerTokens : null,
    lines: row.lines,
    depth: row.depth,
    complexity: typeof row.headlineComplexity === 'number' ? row.headlineComplexity : row.complexity,
    smallest: { id: smallest.id, tokens: compared(smallest) },
    file: row.file,
    file2013: row.file2013 || null,
    tokens2013: Number.isInteger(row.tokens2013) ? row.tokens2013 : null,
    ratio2013: typeof row.ratio2013 === 'number' ? row.ratio2013 : null,
  };
}

module.exports = { charts: {}, tables: { complexity }, complexityOf };
