#!/usr/bin/env node
// Builds every compiled variant whose output is missing or older than its
// source (manifest `compile` field; outputs under examples/build/).
//
//   npm run compile                 stale variants only
//   node scripts/compile.js --force every compiled variant
//
// A failure names the source file and line and the compiler's message; the
// other variants are still built, and the exit code is 1.
'use strict';
const { loadManifest } = require('./lib/manifest');
const { ensureCompiled, compileVariant } = require('./compile/index');

function main(argv) {
  const force = argv.includes('--force');
  const unknown = argv.filter((a) => a !== '--force');
  if (unknown.length) {
    process.stderr.write(`compile: unknown option ${unknown[0]}; usage: node scripts/compile.js [--force]\n`);
    return 2;
  }
  const compiled = loadManifest().variants.filter((v) => v.compile);
  let built = 0, failed = 0;
  for (const v of compiled) {
    const started = process.hrtime.bigint();
    try {
      const did = force ? (compileVariant(v), true) : ensureCompiled(v);
      if (did) {
        built++;
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        process.stdout.write(`compiled ${v.id}: ${v.compile.source} -> ${v.file} (${v.compile.tool} ${v.compile.version}, ${ms.toFixed(0)} ms)\n`);
      }
    } catch (err) {
      failed++;
      process.stderr.write(`compile failed for ${v.id}: ${err.message}\n`);
    }
  }
  process.stdout.write(`${built} compiled, ${compiled.length - built - failed} up to date, ${failed} failed\n`);
  return failed ? 1 : 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
module.exports = { main };
