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
const path = require('node:path');
const { measurePaths, complexityTable, buildData } = require('./analyze/complexity');
const { writeJsonAtomic } = require('./lib/atomic-write');
const { parseCommandLine, UsageError, reportFailure } = require('./lib/args');
const { DATA } = require('./lib/paths');

const HELP = `Usage: npm run complexity
       node scripts/complexity.js [--out FILE]         every manifest variant -> data/complexity.json (or FILE)
       node scripts/complexity.js [--json] PATH...     any files or folders -> a table (or JSON) on stdout

  --out FILE   write the variants' data here instead of data/complexity.json
  --json       with PATHs: print JSON rather than a table
  --help       this text`;

function parseArgs(argv) {
  const { help, values, positionals } = parseCommandLine(argv, {
    options: { out: { type: 'string' }, json: { type: 'boolean' } },
    positionals: true,
  });
  if (help) return { help: true };
  if (values.out === '') throw new UsageError('--out needs the path of the file to write');
  return { json: Boolean(values.json), out: path.resolve(values.out || path.join(DATA, 'complexity.json')), paths: positionals };
}

function main(argv) {
  const opts = parseArgs(argv);
  if (opts.help) return console.log(HELP);
  if (opts.paths.length > 0) {
    const rows = measurePaths(opts.paths);
    console.log(opts.json ? JSON.stringify(rows, null, 2) : complexityTable(rows));
    return;
  }
  const data = buildData();
  writeJsonAtomic(opts.out, data);
  console.log(complexityTable(data.variants, 'variant'));
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
