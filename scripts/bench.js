#!/usr/bin/env node
// The performance harness (`npm run bench`): the entry point of a run and of
// its --dry-run. Makes the plan (plan.js: the cells from the manifest, the
// runtimes, the variants compiled and bundled), opens the data file's run
// store (run-store.js: --out resolved once, its lock, journal and saves), and
// hands both to the runner (runner.js), which runs each repetition in a
// fresh child process under the chosen runtime (spawn-cell.js → child.js),
// records every sample as it arrives, and prints a summary at the end.
// Why one process per repetition: a variant's JIT warm-up, heap growth and
// leftover timers must not leak into the next measurement. The chromium
// profile's repetitions are a fresh page and Web Worker each instead, in one
// browser kept for the run (harness/browser/chromium-session.js).
//
// The data tools (merge, split, rederive) are `npm run data` (data.js); their
// old flags here still work for one release.
'use strict';
const path = require('node:path');
const { parseArgs, UsageError, HELP } = require('./harness/bench-args');
const { loadManifest, selectVariants, ManifestError } = require('./lib/manifest');
const { buildPlan } = require('./harness/plan');
const { checkManifest } = require('./harness/scenarios');
const { compileAll } = require('./compile/index');
const { binaryRuntime, RuntimeError } = require('./harness/runtime-record');
const { GENERATED_BY } = require('./harness/datafile');
const { openRunStore, shown } = require('./harness/run-store');
const { measure } = require('./harness/runner');
const dataCommands = require('./harness/data-commands');
const { duration, weight } = require('./harness/progress');
const { resolveProfiles } = require('./harness/profile-runtimes');
const { pastEstimate } = require('./harness/estimate');
const levers = require('./lib/levers');
const { ANCHOR } = require('./lib/anchor');
const { anchorCells, anchorProcs } = require('./harness/anchor-run');
const { ROOT } = require('./lib/paths');

// bench's old flags for the data tools, kept for one release: each runs the
// command it became with the arguments parseArgs read.
const ALIASES = {
  split: (opts) => ({ file: opts.split }),
  rederive: (opts) => ({ file: opts.rederive }),
  merge: (opts) => ({ shards: opts.merge, out: opts.out })
};

// The dry run's second figure, from the samples the data file already holds.
function historyLine(jobs, out, opts) {
  const where = shown(out.file);
  let data;
  try {
    data = out.read(GENERATED_BY, opts.dataSchema);
  } catch (err) {
    return `no estimate from past samples: ${err.message}`;
  }
  const { ms, matched } = pastEstimate(jobs, data);
  if (!matched) return `no estimate from past samples: ${where} holds none of these cells yet`;
  return `from the samples in ${where}: ${duration(ms)} (${matched} of ${jobs.length} jobs have past samples of the same cell or style)`;
}

function estimateMs(jobs) {
  return jobs.reduce((s, j) => s + weight(j), 0);
}

// Browsers a run opened (the chromium profile) are closed however it ends.
async function main(argv) {
  const browsers = [];
  try {
    return await run(argv, browsers);
  } finally {
    for (const session of browsers) await session.close();
  }
}

async function run(argv, browsers) {
  const opts = parseArgs(argv);
  if (opts.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  // The data tools' old flags: now `npm run data -- COMMAND` (data-commands.js).
  const alias = Object.keys(ALIASES).find((name) => opts[name]);
  if (alias) {
    process.stderr.write(dataCommands.aliasNotice(alias));
    return dataCommands.runCommand(alias, ALIASES[alias](opts), { prog: 'bench', as: `--${alias}` });
  }
  // The data file, resolved once: the lock, the journal, the temporary file
  // and the rename all work on the file a linked --out points to.
  const out = openRunStore(opts.out);
  out.checkKind('--out');
  const { settings } = opts;
  const manifest = checkManifest(loadManifest(opts.manifest), opts.manifest);
  const variants = selectVariants(manifest, settings.variants);
  if (!variants.length) throw new UsageError(`--variants ${settings.variants}: no variant id in ${path.relative(ROOT, opts.manifest)} matches`);

  const runtimes = [];
  for (const r of opts.runtimes) runtimes.push(await binaryRuntime(r.path, r.flags));
  // Profiles that cannot be installed or run are reported and left out.
  const profiled = await resolveProfiles(opts.profiles, { log: (line) => process.stderr.write(line + '\n'), browsers: true });
  // A lever run (--lever): the profile measured in the default configuration
  // and the lever's, side by side in one plan (lib/levers.js).
  if (opts.lever && !levers.lever(opts.lever).scenario) {
    runtimes.push(...profiled.runtimes.flatMap((rt) => levers.configurations(opts.lever, rt, settings)));
  } else runtimes.push(...profiled.runtimes);
  browsers.push(...profiled.runtimes.filter((r) => r.session).map((r) => r.session));
  if (!runtimes.length) {
    process.stderr.write(`bench: --runtimes ${opts.profiles.join(',')}: no runtime could be installed and started (see above); nothing was run\n`);
    return 1;
  }
  const plan = buildPlan({ runtimes, variants, settings });
  // Compiled variants run their build output, (re)built here when missing or
  // older than the source, before any runtime's children or a browser's
  // worker bundles (prepare, below) need it; one that does not compile is
  // skipped with the compiler's message, and the rest of the run goes on.
  for (const { id, error } of compileAll(variants).failed) {
    const why = `not compiled: ${error.message}`;
    process.stderr.write(`bench: ${id}: ${why}; its cells are skipped\n`);
    for (const c of plan.cells) if (c.variant === id && !c.skip) c.skip = why;
  }
  // A browser runs a worker bundle per variant, built here; one that does not
  // bundle is skipped with esbuild's message, like a variant that does not compile.
  for (const rt of runtimes.filter((r) => r.session)) {
    for (const { cell, reason } of await rt.session.prepare(plan.cells.filter((c) => c.runtime === rt.id && !c.skip))) {
      process.stderr.write(`bench: ${cell.variant} on ${rt.id}: ${reason}; its cells are skipped\n`);
      cell.skip = `${reason} (${rt.id}, browser)`;
    }
  }
  plan.jobs = plan.jobs.filter((j) => !j.cell.skip);
  const skipped = plan.cells.filter((c) => c.skip);

  // The anchor (scripts/lib/anchor.js): the node-24 profile, resolved on its
  // own so that a run of other runtimes measures it too.
  let anchor = null;
  if (opts.anchor) {
    const found = await resolveProfiles([ANCHOR.profile], { log: (line) => process.stderr.write(line + '\n') });
    anchor = found.runtimes[0];
    if (!anchor) {
      process.stderr.write(`bench: the anchor needs the ${ANCHOR.profile} profile, which could not be installed or started (see above); ` +
        'fix that, or pass --no-anchor to measure without one (the run then cannot be compared with other hosts)\n');
      return 1;
    }
  }
  // Its cells, made once (they read the manifest) for the estimate and the run.
  const anchorRun = anchor ? { runtime: anchor, cells: anchorCells(anchor) } : null;
  const anchorMs = anchorRun ? 2 * anchorProcs() * estimateMs(anchorRun.cells.map((cell) => ({ cell, rep: 1 }))) : 0;

  if (opts.dryRun) {
    process.stdout.write(`${plan.cells.length} cells (${skipped.length} skipped), ${plan.jobs.length} jobs; ` +
      `rough estimate ${duration(estimateMs(plan.jobs) + anchorMs)} before --resume savings` +
      (anchor ? ` (the anchor's ${2 * anchorProcs() * ANCHOR.variants.length} processes included: ${duration(anchorMs)})` : '') +
      (settings.maxReps > settings.reps ? `; adaptive repetitions can add up to ${settings.maxReps - settings.reps} per cell` : '') + '\n');
    process.stdout.write(historyLine(plan.jobs, out, opts) + '\n');
    if (opts.lever) process.stdout.write(levers.planLines(plan.jobs).join('\n') + '\n');
    for (const c of skipped) process.stdout.write(`skip ${c.key}: ${c.skip}\n`);
    return 0;
  }

  return measure(out, { plan, runtimes, variants, failed: profiled.failed, browsers, opts, argv, anchor: anchorRun });
}

if (require.main === module) {
  // `npm run bench -- --help | head` closes the pipe early: not an error.
  process.stdout.on('error', (err) => { if (err.code === 'EPIPE') process.exit(0); throw err; });
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err) => {
    const usage = dataCommands.isUsageError(err) || err instanceof ManifestError || err instanceof RuntimeError;
    const known = dataCommands.isKnownError(err);
    const hint = err instanceof UsageError ? '\nRun with --help for the options.' : '';
    process.stderr.write(`bench: ${known || usage ? err.message + hint : err.stack}\n`);
    process.exitCode = usage ? 2 : 1;
  });
}

module.exports = { main };
