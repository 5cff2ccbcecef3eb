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
// The headline count is what a reader compares, as the 2013 table counted it:
// the upload function and what it needs. Two parts of each file are left out:
// the shared header every variant repeats (the require of the shared layer and
// the bindings of the shared operations; scripts/analyze/shared-header.js has
// the rule), reported once as `sharedHeader`, and the top-level code only
// `parallel` reaches (scripts/analyze/parallel-parts.js), which 2013 did not
// have. Whole-file and upload-only counts stay as secondary fields, and each
// row carries its 2013 counterpart as the manifest names it.
'use strict';
const path = require('node:path');
const { measurePaths, complexityTable, variantTable, buildData } = require('./analyze/complexity');
const { writeJsonAtomic } = require('./lib/atomic-write');
const { parseCommandLine, UsageError, reportFailure } = require('./lib/args');
const { DATA } = require('./lib/paths');
const { loadManifest, MANIFEST } = require('./lib/manifest');

const HELP = `Usage: npm run complexity
       node scripts/complexity.js [--out FILE] [--manifest FILE]   every manifest variant -> data/complexity.json (or FILE)
       node scripts/complexity.js [--json] PATH...                 any files or folders -> a table (or JSON) on stdout

  --out FILE       write the variants' data here instead of data/complexity.json
  --manifest FILE  the variant list (default examples/manifest.json); an invalid one exits 2 naming each entry
  --json       with PATHs: print JSON rather than a table
  --help       this text`;

function parseArgs(argv) {
  const { help, values, positionals } = parseCommandLine(argv, {
    options: { out: { type: 'string' }, json: { type: 'boolean' }, manifest: { type: 'string' } },
    positionals: true,
  });
  if (help) return { help: true };
  if (values.out === '') throw new UsageError('--out needs the path of the file to write');
  if (values.manifest === '') throw new UsageError('--manifest needs the path of a variant list');
  return {
    json: Boolean(values.json), out: path.resolve(values.out || path.join(DATA, 'complexity.json')), paths: positionals,
    manifest: values.manifest ? path.resolve(values.manifest) : MANIFEST,
  };
}

function main(argv) {
  const opts = parseArgs(argv);
  if (opts.help) return console.log(HELP);
  if (opts.paths.length > 0) {
    const rows = measurePaths(opts.paths);
    console.log(opts.json ? JSON.stringify(rows, null, 2) : complexityTable(rows));
    return;
  }
  const data = buildData(loadManifest(opts.manifest));
  writeJsonAtomic(opts.out, data);
  console.log(variantTable(data.variants));
  console.error(`shared header, not counted: ${data.sharedHeader.tokens} tokens in ${data.sharedHeader.variant} (${data.sharedHeader.min}-${data.sharedHeader.max} across variants); 2013 files without a counterpart: ${data.pairing2013.unpaired.join(', ') || 'none'}`);
  console.error(`wrote ${path.relative(process.cwd(), opts.out)} (${data.variants.length} variants)`);
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    reportFailure('complexity', err);
  }
}

module.exports = { parseArgs, main };
