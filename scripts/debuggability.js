#!/usr/bin/env node
// Measured debuggability of every variant: inject four failures, capture the
// stack of the error that reaches the caller, score it against the line of
// the failing call, map the 2013 three to the 2013 article's five-level scale
// and all four to today's points score (scripts/analyze/stack-score.js). Libraries with a long-stack switch are run
// with and without it, and the switch's price in time and memory is measured.
//
//   npm run debuggability                      every variant -> data/debuggability.json
//   node scripts/debuggability.js --variants '^generators-' --no-cost
//   node scripts/debuggability.js --cost-n 1000 --cost-reps 5
//   node scripts/debuggability.js --out FILE   write FILE instead of data/debuggability.json
//
// Progress goes to stderr; the data file is written only for a full run
// (no --variants filter), so a partial run cannot replace the published data.
'use strict';
const path = require('node:path');
const { loadManifest, selectVariants, EXAMPLES, authoredFile } = require('./lib/manifest');
const { compileAll } = require('./compile/index');
const { analyzeVariant } = require('./analyze/debug-runs');
const { switchCost } = require('./analyze/switch-cost');
const { debugMethod } = require('./analyze/debug-method');
const { analyzerEnv } = require('./lib/env');
const { ROOT } = require('./lib/paths');
const { writeJsonAtomic } = require('./lib/atomic-write');
const { probeRuntime } = require('./harness/spawn-cell');
const { skipReason } = require('./harness/plan');
const { parseCommandLine, decimal, UsageError, reportFailure } = require('./lib/args');

const OUT = path.join(ROOT, 'data', 'debuggability.json');
const STACK_LIMIT = 50;

const HELP = `Usage: npm run debuggability
       node scripts/debuggability.js [options]

  --variants REGEX   only variants whose id matches; a partial run writes no file
  --no-cost          skip measuring the long-stack switches' time and memory
  --cost-n N         concurrent uploads per cost run (default 1000)
  --cost-reps R      fresh processes per switch setting (default 5)
  --out FILE         write FILE instead of data/debuggability.json
  --help             this text`;

function parseArgs(argv) {
  const { help, values } = parseCommandLine(argv, {
    options: { variants: { type: 'string' }, 'no-cost': { type: 'boolean' }, 'cost-n': { type: 'string' }, 'cost-reps': { type: 'string' }, out: { type: 'string' } },
  });
  if (help) return { help: true };
  const o = { variants: null, cost: !values['no-cost'], costN: 1000, costReps: 5, costDelay: 1, out: OUT };
  if (values.variants !== undefined) o.variants = values.variants;
  if (values['cost-n'] !== undefined) o.costN = decimal('--cost-n', values['cost-n'], { integer: true, min: 0, above: true });
  if (values['cost-reps'] !== undefined) o.costReps = decimal('--cost-reps', values['cost-reps'], { integer: true, min: 0, above: true });
  if (values.out !== undefined) {
    if (!values.out) throw new UsageError('--out needs the path of the file to write');
    o.out = path.resolve(values.out);
  }
  return o;
}

function summaryLine(v) {
  const st = v.stackTraces;
  const ways = v.traces.filter((t) => !t.longStack).map((t) => `${t.way}=${t.failed ? 'FAILED' : t.quality}`).join(' ');
  const sw = st.levelWithSwitch !== null ? ` (with ${v.longStackTraces}: ${st.levelWithSwitch})` : '';
  const sc = v.score ? `  score ${v.score.score}/${v.score.max}${v.score.scoreWithSwitch !== null ? ` (switch ${v.score.scoreWithSwitch})` : ''}` : '';
  const cost = v.switchCost ? ` switch cost ×${v.switchCost.timeRatio}, +${v.switchCost.extraPeakRssMB} MB` : '';
  return `${v.id.padEnd(24)} maps ${v.sourceMaps.level}  stacks ${st.level === null ? '-' : st.level}${sw}  ${ways}${sc}${cost}`;
}

async function main(argv) {
  const opts = parseArgs(argv);
  if (opts.help) return console.log(HELP);
  const manifest = loadManifest();
  const entries = selectVariants(manifest, opts.variants);
  if (entries.length === 0) throw new Error(`--variants ${opts.variants} matches no variant in examples/manifest.json`);
  // The traces come from the compiled outputs: (re)built when missing or stale.
  for (const { id, error } of compileAll(entries).failed) console.error(`debuggability: ${id}: not compiled: ${error.message}`);
  // The traces come from the runtime running this script: a variant it
  // cannot run (fibers on Node 16+) is listed with the reason, not scored 0.
  const runtime = await probeRuntime(process.execPath, []);
  const variants = [];
  const skipped = [];
  for (const entry of entries) {
    const reason = skipReason(entry, 'upload', runtime);
    if (reason) {
      skipped.push({ id: entry.id, reason });
      console.error(`${entry.id.padEnd(24)} not traced: ${reason}`);
      continue;
    }
    const v = analyzeVariant(entry, { examplesDir: EXAMPLES, stackLimit: STACK_LIMIT, authored: authoredFile(entry, manifest.variants).file });
    if (opts.cost && entry.longStackTraces) v.switchCost = await switchCost(entry, opts);
    variants.push(v);
    console.error(summaryLine(v));
  }
  if (opts.variants) {
    console.error(`partial run (--variants): ${path.relative(process.cwd(), opts.out)} left unchanged`);
    return;
  }
  const data = {
    schema: 'asyncbench/debuggability@1',
    generatedBy: 'scripts/debuggability.js',
    description: 'Measured debuggability of each variant: stack traces of injected failures scored against the failing line, mapped to the 2013 five-level scales and to a points score from measured facts.',
    method: debugMethod(opts, STACK_LIMIT),
    env: analyzerEnv('scripts/debuggability.js', ['q', 'bluebird', 'genny', 'co', 'gens', 'suspend', 'when', 'async', 'rx', 'rxjs']),
    variants,
    skipped,
  };
  writeJsonAtomic(opts.out, data);
  console.error(`wrote ${path.relative(process.cwd(), opts.out)} (${variants.length} variants)`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => reportFailure('debuggability', err));
}

module.exports = { parseArgs, main };
