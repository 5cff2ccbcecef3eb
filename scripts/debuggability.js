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
//   node scripts/debuggability.js --runtimes node-0.11,node-12,node-24,bun,deno --no-cost
//                                              every variant on each profile, side by side
//
// Progress goes to stderr; data/debuggability.json is written only by a full
// run (no --variants filter), so a partial run cannot replace the published
// data; a partial run writes only a file named by --out.
'use strict';
const path = require('node:path');
const { loadManifest, selectVariants, EXAMPLES, MANIFEST, authoredFile } = require('./lib/manifest');
const { compileAll } = require('./compile/index');
const { analyzeVariant, sourceMapFlags } = require('./analyze/debug-runs');
const { switchCost } = require('./analyze/switch-cost');
const { debugMethod } = require('./analyze/debug-method');
const { analyzerEnv } = require('./lib/env');
const { ROOT } = require('./lib/paths');
const { writeJsonAtomic } = require('./lib/atomic-write');
const { binaryRuntime } = require('./harness/runtime-record');
const { skipReason } = require('./harness/plan');
const { resolveProfiles, profileNamesFor } = require('./harness/profile-runtimes');
const { parseCommandLine, decimal, UsageError, reportFailure } = require('./lib/args');

const OUT = path.join(ROOT, 'data', 'debuggability.json');
const STACK_LIMIT = 50;

const HELP = `Usage: npm run debuggability
       node scripts/debuggability.js [options]

  --variants REGEX   only variants whose id matches; a partial run writes only an --out file
  --no-cost          skip measuring the long-stack switches' time and memory
  --cost-n N         concurrent uploads per cost run (default 1000)
  --cost-reps R      fresh processes per switch setting (default 5)
  --runtimes LIST    runtime profiles (scripts/lib/profiles.json), comma-separated, or "all":
                     each is installed on demand and traces every variant; one that cannot start
                     costs one line and the rest go on (default: the node running this script)
  --out FILE         write FILE instead of data/debuggability.json
  --manifest FILE    the variant list (default examples/manifest.json); an invalid one exits 2 naming each entry
  --help             this text`;

function parseArgs(argv) {
  const { help, values } = parseCommandLine(argv, {
    options: { variants: { type: 'string' }, runtimes: { type: 'string' }, 'no-cost': { type: 'boolean' }, 'cost-n': { type: 'string' }, 'cost-reps': { type: 'string' }, out: { type: 'string' }, manifest: { type: 'string' } },
  });
  if (help) return { help: true };
  const o = { variants: null, profiles: null, cost: !values['no-cost'], costN: 1000, costReps: 5, costDelay: 1, out: OUT, manifest: MANIFEST };
  if (values.variants !== undefined) o.variants = values.variants;
  if (values.runtimes !== undefined) o.profiles = profileList(values.runtimes);
  if (values['cost-n'] !== undefined) o.costN = decimal('--cost-n', values['cost-n'], { integer: true, min: 0, above: true });
  if (values['cost-reps'] !== undefined) o.costReps = decimal('--cost-reps', values['cost-reps'], { integer: true, min: 0, above: true });
  if (values.out !== undefined) {
    if (!values.out) throw new UsageError('--out needs the path of the file to write');
    o.out = path.resolve(values.out);
  }
  if (values.manifest !== undefined) {
    if (!values.manifest) throw new UsageError('--manifest needs the path of a variant list');
    o.manifest = path.resolve(values.manifest);
  }
  return o;
}

// "node-0.11,node-24" → profile names; an empty list or an unknown name is
// a UsageError naming it (exit 2) before anything is installed or run.
function profileList(value) {
  const names = [...new Set(String(value).split(',').map((x) => x.trim()).filter(Boolean))];
  if (!names.length) throw new UsageError(`--runtimes: expected profile names (scripts/lib/profiles.json) or "all", got "${value}"`);
  try {
    return profileNamesFor(names);
  } catch (err) {
    throw new UsageError(`--runtimes: ${err.message}`);
  }
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
  const manifest = loadManifest(opts.manifest);
  const entries = selectVariants(manifest, opts.variants);
  if (entries.length === 0) throw new UsageError(`--variants ${opts.variants} matches no variant in ${path.relative(process.cwd(), opts.manifest)}`);
  // The traces come from the compiled outputs: (re)built when missing or stale.
  for (const { id, error } of compileAll(entries).failed) console.error(`debuggability: ${id}: not compiled: ${error.message}`);
  // Which runtimes trace: the profiles asked for (installed on demand), or
  // the node running this script. A profile that cannot start costs a line.
  const log = (line) => process.stderr.write(line + '\n');
  const targets = [];
  const failed = [];
  if (opts.profiles) {
    const resolved = await resolveProfiles(opts.profiles, { log });
    targets.push(...resolved.runtimes);
    failed.push(...resolved.failed);
    if (!targets.length) throw new Error(`--runtimes ${opts.profiles.join(',')}: no runtime could be installed and started (see above); nothing was traced`);
  } else {
    targets.push(await binaryRuntime(process.execPath, []));
  }
  const results = [];
  for (const runtime of targets) results.push(await traceOn(runtime, entries, manifest, opts));
  if (opts.variants && opts.out === OUT) {
    console.error(`partial run (--variants): ${path.relative(process.cwd(), opts.out)} left unchanged; give --out FILE to keep it`);
    return;
  }
  const data = {
    schema: 'asyncbench/debuggability@2',
    generatedBy: 'scripts/debuggability.js',
    description: 'Measured debuggability of each variant: stack traces of injected failures scored against the failing line, mapped to the 2013 five-level scales and to a points score from measured facts.',
    method: debugMethod(opts, STACK_LIMIT),
    env: analyzerEnv('scripts/debuggability.js', ['q', 'bluebird', 'genny', 'co', 'gens', 'suspend', 'when', 'async', 'rx', 'rxjs']),
    runtimes: results,
  };
  if (failed.length) data.failedRuntimes = failed;
  writeJsonAtomic(opts.out, data);
  console.error(`wrote ${path.relative(process.cwd(), opts.out)} (${results.map((r) => `${r.id}: ${r.variants.length} variants`).join(', ')})`);
  // Like the bench: the file holds what ran, and the exit code says not all did.
  if (failed.length) process.exitCode = 1;
}

// The era variants load the 2013 Q and Bluebird (npm aliases q-0.9,
// bluebird-0.9), which had long-stack switches too: the manifest names none
// for them (the benchmark does not price them), but a trace shows what the
// switch of the era added, so they are traced with and without it.
const ERA_SWITCHES = ['q-0.9', 'bluebird-0.9'];
function withEraSwitch(entry) {
  if (entry.longStackTraces) return entry;
  const lib = ERA_SWITCHES.find((l) => entry.libraries && entry.libraries[l]);
  return lib ? { ...entry, longStackTraces: lib } : entry;
}

// What a trace on this runtime depends on: who it is, the flags it ran
// with, and its probe (features, and why a feature is missing).
function runtimeEnv(runtime) {
  const env = { id: runtime.id, runtime: runtime.name, version: runtime.version, flags: runtime.flags || [],
    sourceMapFlags: sourceMapFlags(runtime) };
  if (runtime.profile) env.profile = runtime.profile;
  if (runtime.engine) env.engine = runtime.engine;
  env.probe = { features: runtime.features || {}, featureReasons: runtime.featureReasons || {}, gc: !!runtime.gc };
  if (runtime.librarySet) env.librarySet = runtime.librarySet;
  return env;
}

// Every variant on one runtime: a variant it cannot run (fibers on Node 16+,
// async functions on Node 0.11) is listed with the reason, not scored 0.
async function traceOn(runtime, entries, manifest, opts) {
  console.error(`-- ${runtime.id}`);
  const variants = [];
  const skipped = [];
  for (const entry of entries) {
    const reason = skipReason(entry, 'upload', runtime);
    if (reason) {
      skipped.push({ id: entry.id, reason });
      console.error(`${entry.id.padEnd(24)} not traced: ${reason}`);
      continue;
    }
    const v = analyzeVariant(withEraSwitch(entry), { examplesDir: EXAMPLES, stackLimit: STACK_LIMIT, authored: authoredFile(entry, manifest.variants).file, runtime });
    if (opts.cost && v.longStackTraces) v.switchCost = await switchCost(withEraSwitch(entry), opts, runtime);
    variants.push(v);
    console.error(summaryLine(v));
  }
  return Object.assign(runtimeEnv(runtime), { variants, skipped });
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => reportFailure('debuggability', err));
}

module.exports = { parseArgs, main, profileList, runtimeEnv, withEraSwitch };
