#!/usr/bin/env node
// The performance harness (`npm run bench`). Declares the cells from the
// manifest (plan.js), runs each repetition in a fresh child process under the
// chosen runtime (spawn-cell.js → child.js), merges every sample into the data
// file as soon as it arrives (datafile.js), and prints a summary at the end.
// Why one process per repetition: a variant's JIT warm-up, heap growth and
// leftover timers must not leak into the next measurement.
'use strict';
const os = require('node:os');
const path = require('node:path');
const { parseArgs, UsageError, HELP } = require('./lib/bench-args');
const { loadManifest, selectVariants, ManifestError } = require('./lib/manifest');
const { buildPlan, timeoutFor } = require('./lib/plan');
const { measureFloors } = require('./lib/floor');
const { runCell, probeRuntime, killActive } = require('./lib/spawn-cell');
const datafile = require('./lib/datafile');
const { collectEnv, runId: makeRunId } = require('./lib/env');
const { Progress, duration, weight } = require('./lib/progress');
const { summarize } = require('./lib/summary');
const { NOISY_REL_IQR } = require('./lib/stats');

const ROOT = path.join(__dirname, '..');
const GENERATED_BY = 'scripts/bench.js';

function sameSetup(stored, planned) {
  return stored.t === planned.t && stored.k === planned.k && stored.errorRate === planned.errorRate;
}

// Cells in the file are kept on --resume when they were measured with the
// same settings; otherwise (or without --resume) they start afresh.
function prepareCells(store, plan, resume, runId) {
  for (const cell of plan.cells) {
    const stored = store.get(cell.key);
    const keep = resume && stored && stored.status !== 'skipped' && !cell.skip && sameSetup(stored, cell);
    if (!keep) store.replace(cell, runId);
  }
  return plan.jobs.filter(({ cell, rep }) => {
    const stored = store.get(cell.key);
    return stored.status === 'ok' && !stored.samples.some((s) => s.rep === rep);
  });
}

function estimateMs(jobs) {
  return jobs.reduce((s, j) => s + weight(j), 0);
}

async function main(argv) {
  const opts = parseArgs(argv);
  if (opts.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const { settings } = opts;
  const manifest = loadManifest(opts.manifest);
  const variants = selectVariants(manifest, settings.variants);
  if (!variants.length) throw new UsageError(`--variants ${settings.variants}: no variant id in ${path.relative(ROOT, opts.manifest)} matches`);

  const runtimes = [];
  for (const r of opts.runtimes) runtimes.push(await probeRuntime(r.path, r.flags));
  const floors = measureFloors({ k: settings.k });
  const plan = buildPlan({ runtimes, variants, settings, floors });
  const skipped = plan.cells.filter((c) => c.skip);

  if (opts.dryRun) {
    process.stdout.write(`${plan.cells.length} cells (${skipped.length} skipped), ${plan.jobs.length} jobs; ` +
      `rough estimate ${duration(estimateMs(plan.jobs))} before --resume savings\n`);
    for (const c of skipped) process.stdout.write(`skip ${c.key}: ${c.skip}\n`);
    return 0;
  }

  const unlock = datafile.lock(opts.out);
  try {
    const store = new datafile.Store(opts.out, datafile.load(opts.out, GENERATED_BY));
    const runId = makeRunId(runtimes);
    const harness = Object.assign({}, settings, {
      manifest: path.relative(ROOT, opts.manifest), noisyRelIqr: NOISY_REL_IQR
    });
    const env = collectEnv({ runtimes, variants, harness, argv, generatedBy: GENERATED_BY });
    store.data.runs[runId] = env;
    const jobs = prepareCells(store, plan, opts.resume, runId);
    store.save();

    const progress = new Progress(jobs);
    progress.note(`${path.relative(process.cwd(), opts.out)}: ${jobs.length} jobs to run ` +
      `(${plan.cells.length} cells, ${skipped.length} skipped), run ${runId}`);
    let interrupted = false;
    const stop = (signal) => {
      interrupted = true;
      killActive();
      progress.note(`${signal}: stopping; every finished job is saved. Continue with --resume.`);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);

    for (const job of jobs) {
      if (interrupted) break;
      const stored = store.get(job.cell.key);
      if (stored.status !== 'ok') continue; // an earlier repetition failed: the cell is settled
      progress.start(job);
      // Other work on the machine shows up here, not in the child's timing.
      const load1 = Math.round(os.loadavg()[0] * 100) / 100;
      const sample = await runCell(runtimes.find((r) => r.id === job.cell.runtime), job.cell, job.rep,
        { timeoutMs: timeoutFor(job.cell, settings), seed: settings.seed });
      if (interrupted) break; // the child was killed by us, not by the variant
      sample.run = runId;
      sample.load1 = load1;
      store.addSample(job.cell.key, sample);
      store.save();
      progress.finish(job, sample);
    }
    progress.end();
    env.finished = interrupted ? null : new Date().toISOString();
    env.wallMs = Date.now() - Date.parse(env.date);
    if (!interrupted) store.pruneRuns();
    store.save();
    const planned = new Set(plan.cells.map((c) => c.key));
    process.stdout.write(summarize(store.data.cells.filter((c) => planned.has(c.key))) + '\n');
    return interrupted ? 130 : 0;
  } finally {
    unlock();
  }
}

if (require.main === module) {
  // `npm run bench -- --help | head` closes the pipe early: not an error.
  process.stdout.on('error', (err) => { if (err.code === 'EPIPE') process.exit(0); throw err; });
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err) => {
    const usage = err instanceof UsageError || err instanceof ManifestError || /^--runtime /.test(err.message);
    process.stderr.write(`bench: ${err instanceof datafile.DataFileError || usage ? err.message : err.stack}\n`);
    process.exitCode = usage ? 2 : 1;
  });
}

module.exports = { main };
