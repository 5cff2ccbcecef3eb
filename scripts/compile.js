#!/usr/bin/env node
// Builds every compiled variant whose output is missing or older than its
// source (manifest `compile` field; outputs in examples/build/, or the folder
// ASYNCBENCH_BUILD_DIR names).
//
//   npm run compile                 stale variants only
//   node scripts/compile.js --force every compiled variant
//
// A failure names the source file and line and the compiler's message; the
// other variants are still built, and the exit code is 1.
'use strict';
const path = require('node:path');
const { loadManifest } = require('./lib/manifest');
const { parseCommandLine, reportFailure } = require('./lib/args');
const { compileAll } = require('./compile/index');
const { exampleFile } = require('./lib/paths');

const HELP = `Usage: npm run compile [-- --force]

  --force   rebuild every compiled variant, not only those older than their source
  --help    this text

Outputs go to examples/build/, or to the folder ASYNCBENCH_BUILD_DIR names
(for a checkout that cannot be written to).`;

function main(argv) {
  const { help, values } = parseCommandLine(argv, { options: { force: { type: 'boolean' } } });
  if (help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const force = Boolean(values.force);
  const r = compileAll(loadManifest().variants, {
    force,
    onBuilt: (v, ms) => process.stdout.write(`compiled ${v.id}: ${v.compile.source} -> ${path.relative(process.cwd(), exampleFile(v.file))} ` +
      `(${v.compile.tool} ${v.compile.version}, ${ms.toFixed(0)} ms)\n`),
  });
  for (const f of r.failed) process.stderr.write(`compile failed for ${f.id}: ${f.error.message}\n`);
  process.stdout.write(`${r.built.length} compiled, ${r.upToDate.length} up to date, ${r.failed.length} failed\n`);
  return r.failed.length ? 1 : 0;
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    reportFailure('compile', err);
  }
}
module.exports = { main };
