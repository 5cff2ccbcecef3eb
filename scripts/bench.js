#!/usr/bin/env node
// The performance harness (`npm run bench`). Declares the cells from the
// manifest (plan.js), runs each repetition in a fresh child process under the
// chosen runtime (spawn-cell.js → child.js), merges every sample into the data
// file as soon as it arrives (datafile.js, through the run store that owns
// the file: run-store.js), and prints a summary at the end. The data tools
// (merge, split, rederive) are `npm run data` (data.js); their old flags here
// still work for one release.
// Why one process per repetition: a variant's JIT warm-up, heap growth and
// leftover timers must not leak into the next measurement. The chromium
// profile's repetitions are a fresh page and Web Worker each instead, in one
// browser kept for the run (harness/browser/chromium-session.js).
//
// Nothing measured is lost whenever the run stops: a cell measured again
// keeps its old samples until its first new one is saved, SIGINT and SIGTERM
// save and exit 130 and 143, and the lock (harness/run-store.js) is released
// on any exit short of SIGKILL (after which the next run takes the stale lock
// over).
'use strict';
const path = require('node:path');
const { parseArgs, UsageError, HELP } = require('./harness/bench-args');
const { loadManifest, selectVariants, ManifestError } = require('./lib/manifest');
const { buildPlan, timeoutFor } = require('./harness/plan');
const { checkManifest } = require('./harness/scenarios');
const { compileAll } = require('./compile/index');
const { runCell, killActive } = require('./harness/spawn-cell');
const { binaryRuntime, RuntimeError } = require('./harness/runtime-record');
const datafile = require('./harness/datafile');
const { WriteError } = require('./lib/atomic-write');
const { openRunStore } = require('./harness/run-store');
const dataCommands = require('./harness/data-commands');
const { runEnv, runId: makeRunId } = require('./lib/env');
const { markContinued } = require('./lib/continuation');
const { Progress, duration, weight } = require('./harness/progress');
const { summaryTable, noiseSummary } = require('./harness/summary');
const { formatSummary } = require('./harness/summary-formats');
const { resolveProfiles } = require('./harness/profile-runtimes');
const { NOISY_REL_IQR } = require('./lib/stats');
const { interferenceMeter } = require('./harness/interference');
const { measureRepetition } = require('./harness/repetition');
const { extraJobs, precisionCounts } = require('./harness/adaptive');
const { runFloor, floorLine } = require('./harness/run-floor');
const { pastEstimate } = require('./harness/estimate');

const { ROOT } = require('./lib/paths');
const { GENERATED_BY } = datafile;
// The shell's codes for a process stopped by these signals (128 + number).
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 };
// bench's old flags for the data tools, kept for one release: each runs the
// command it became with the arguments parseArgs read.
const ALIASES = {
  split: (opts) => ({ file: opts.split }),
  rederive: (opts) => ({ file: opts.rederive }),
  merge: (opts) => ({ shards: opts.merge, out: opts.out })
};

function sameSetup(stored, planned) {
  return stored.t === planned.t && stored.k === planned.k && stored.errorRate === planned.errorRate;
}

// Cells in the file are kept on --resume when they were measured with the
// same settings and no interrupted rerun had meant to measure them again.
// Every other planned cell is marked for replacing: its samples stay until
// this run saves its first new one. Returns the jobs to run.
function prepareCells(store, plan, resume, runId) {
  for (const cell of plan.cells) {
    const stored = store.get(cell.key);
    if (cell.skip) {
      // A skip with the same reason stays as it was on --resume: its reason
      // comes from the runtime's capabilities, so a changed one is re-planned.
      if (resume && stored && stored.status === 'skipped' && !stored.replacing && stored.error === cell.skip) continue;
      // Nothing to measure: replaced now unless that would drop samples.
      if (stored && stored.samples.length) store.markReplacing(cell.key, runId);
      else store.replace(cell, runId);
      continue;
    }
    if (!stored) continue; // created by its first sample
    const keep = resume && !stored.replacing && stored.status !== 'skipped' && sameSetup(stored, cell);
    if (!keep) store.markReplacing(cell.key, runId);
  }
  return plan.jobs.filter(({ cell, rep }) => {
    const stored = store.get(cell.key);
    if (!stored || stored.replacing) return true;
    return stored.status === 'ok' && !stored.samples.some((s) => s.rep === rep);
  });
}

// A repetition of an adaptive pass whose cell's warm figure is settled runs
// the cold batch alone (harness/adaptive.js says why).
const coldOnly = (cell) => Object.assign({}, cell, { warmBatches: 0 });

// After a run that was not interrupted: planned skipped cells that held
// samples from before take their place now.
function settleSkipped(store, plan, runId) {
  for (const cell of plan.cells) {
    const stored = store.get(cell.key);
    if (cell.skip && stored && stored.replacing) store.replace(cell, runId);
  }
}

// Durations come from the monotonic clock, never from Date: the wall clock
// jumps (NTP corrections, a resumed VM, someone setting the time), and a
// duration read off it can come out negative (issue 25: a run that "took"
// -7188 s). Dates are timestamps only. Returns ms elapsed since the call.
function stopwatch() {
  const start = process.hrtime.bigint();
  return () => Number(process.hrtime.bigint() - start) / 1e6;
}

// A file as the messages name it: relative to where the command runs.
const shown = (file) => path.relative(process.cwd(), file);

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
  runtimes.push(...profiled.runtimes);
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

  if (opts.dryRun) {
    process.stdout.write(`${plan.cells.length} cells (${skipped.length} skipped), ${plan.jobs.length} jobs; ` +
      `rough estimate ${duration(estimateMs(plan.jobs))} before --resume savings` +
      (settings.maxReps > settings.reps ? `; adaptive repetitions can add up to ${settings.maxReps - settings.reps} per cell` : '') + '\n');
    process.stdout.write(historyLine(plan.jobs, out, opts) + '\n');
    for (const c of skipped) process.stdout.write(`skip ${c.key}: ${c.skip}\n`);
    return 0;
  }

  out.checkWritable();
  out.lock();
  // From here a signal stops the run cleanly: installed before anything is
  // written, so no moment is left where SIGINT/SIGTERM kills the process
  // with its lock and a half-done state.
  let interrupted = null;
  let progress = null;
  const stop = (signal) => {
    if (interrupted) return;
    interrupted = signal;
    killActive();
    for (const session of browsers) session.kill();
    const message = `${signal}: stopping; every finished job is saved. Continue with --resume.`;
    if (progress) progress.note(message);
    else process.stderr.write(message + '\n');
  };
  const handlers = Object.keys(SIGNAL_EXIT).map((signal) => [signal, () => stop(signal)]);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  try {
    const removed = out.removeStaleTemps();
    const meter = interferenceMeter();
    const store = out.cells({ generatedBy: GENERATED_BY, schemaId: opts.dataSchema, ciTarget: settings.ciTarget, warmCiTarget: settings.warmCiTarget });
    const runId = makeRunId(runtimes);
    const elapsed = stopwatch(); // the run's wall time; env.date is its start as a timestamp
    const harness = Object.assign({}, settings, {
      manifest: path.relative(ROOT, opts.manifest), noisyRelIqr: NOISY_REL_IQR
    });
    const env = runEnv({ runtimes, variants, harness, argv, generatedBy: GENERATED_BY });
    if (profiled.failed.length) env.unavailable = Object.fromEntries(profiled.failed.map((f) => [f.profile, f.message]));
    store.data.runs[runId] = env;
    const jobs = prepareCells(store, plan, opts.resume, runId);
    // Cells kept from earlier runs are judged against this run's --ci-target.
    for (const cell of plan.cells) {
      const stored = store.get(cell.key);
      if (stored && !stored.replacing && stored.status !== 'skipped') datafile.summarizeCell(stored, { ciTarget: settings.ciTarget, warmCiTarget: settings.warmCiTarget });
    }
    // Between saves every finished repetition is in FILE.journal (store.record).
    let sinceSave = stopwatch();
    const save = () => {
      store.save();
      sinceSave = stopwatch();
    };
    save();

    progress = new Progress(jobs);
    if (removed.length) progress.note(`removed ${removed.join(', ')} (left by a killed run)`);
    if (store.recovered.repetitions || store.recovered.dropped) {
      progress.note(`${shown(out.journalFile)}: ${store.recovered.repetitions} repetitions of a stopped run recovered` +
        (store.recovered.dropped ? '; its last line, cut short by the stop, was dropped (that repetition runs again)' : ''));
    }
    progress.note(`${shown(out.file)}: ${jobs.length} jobs to run ` +
      `(${plan.cells.length} cells, ${skipped.length} skipped), run ${runId}`);

    const runJobs = async (list) => {
      for (const job of list) {
        if (interrupted) break;
        const stored = store.get(job.cell.key);
        // An earlier repetition of this run failed: the cell is settled.
        if (stored && !stored.replacing && stored.status !== 'ok') continue;
        progress.start(job);
        const runtime = runtimes.find((r) => r.id === job.cell.runtime);
        const cell = job.coldOnly ? coldOnly(job.cell) : job.cell;
        const how = { timeoutMs: timeoutFor(job.cell, settings), seed: settings.seed, gc: settings.gc };
        const sample = await measureRepetition(
          () => (runtime.session ? runtime.session.run(cell, job.rep, how) : runCell(runtime, cell, job.rep, how)), {
            meter, maxInterferencePct: settings.maxInterference, retries: settings.retries, stopped: () => Boolean(interrupted),
            onRetry: (r, i) => progress.note(`${job.cell.key} rep ${job.rep}: run again (${i}/${settings.retries}): ${r.reason}`)
          });
        if (interrupted) break; // the child was killed by us, not by the variant
        sample.run = runId;
        const saved = store.record(job.cell, sample);
        if (sinceSave() >= opts.saveEveryMs) save();
        progress.finish(job, saved);
      }
    };
    const get = (key) => store.get(key);
    await runJobs(jobs);
    // Adaptive repetitions: further passes over the cells whose median is
    // not yet within ±ciTarget % (scripts/harness/adaptive.js).
    for (let pass = 2; !interrupted; pass++) {
      const more = extraJobs(plan.cells, get, settings, pass);
      const counts = precisionCounts(plan.cells, get, settings);
      progress.note(`${counts.met} of ${counts.measured} cells have a 95 % interval of the median within ±${settings.ciTarget} %` +
        (counts.warm ? `; ${counts.warmMet} of ${counts.warm} warm figures within ±${settings.warmCiTarget} %` : '') +
        (more.length ? `; pass ${pass}: ${more.length} more repetitions (at most ${settings.maxReps} per cell)` : ''));
      if (!more.length) break;
      progress.add(more);
      await runJobs(more);
    }
    progress.end();
    env.wallMs = Math.round(elapsed());
    // Derived from the start and the monotonic duration, so a wall clock set
    // back during the run cannot put the end before the start.
    env.finished = interrupted ? null : new Date(Date.parse(env.date) + env.wallMs).toISOString();
    const floor = runFloor(store.data, runId);
    env.floorMs = floor ? floor.floorMs : null;
    if (!interrupted) {
      settleSkipped(store, plan, runId);
      for (const id of markContinued(store.data, runId, new Set(plan.cells.map((c) => c.key)))) {
        process.stderr.write(`bench: run ${id} had been stopped; this run completed its cells (runs["${id}"].continuedBy)\n`);
      }
      store.pruneRuns();
    }
    save();
    const planned = new Set(plan.cells.map((c) => c.key));
    const measured = store.data.cells.filter((c) => planned.has(c.key));
    // The table is for people: on stdout unless a format for programs has it.
    const human = opts.format === 'table' ? process.stdout : process.stderr;
    human.write(summaryTable(measured) + '\n' + noiseSummary(measured, settings) + '\n');
    const wallLine = floorLine(env.wallMs, floor);
    if (wallLine) human.write(wallLine + '\n');
    if (opts.format !== 'table') process.stdout.write(formatSummary(opts.format, measured, { run: runId, file: out.file }) + '\n');
    for (const f of profiled.failed) process.stderr.write(`bench: not measured: ${f.message}\n`);
    return interrupted ? SIGNAL_EXIT[interrupted] : profiled.failed.length ? 1 : 0;
  } catch (err) {
    if (!(err instanceof WriteError)) throw err;
    // A full disk: the save or the journal line failed whole, so the data
    // file and the journal still hold everything measured before it.
    const kept = err.file === out.journalFile
      ? `${path.basename(out.file)} and ${path.basename(err.file)} hold every repetition finished before this one`
      : `${path.basename(out.file)} is unchanged` + (out.hasJournal() ? ` and ${path.basename(out.journalFile)} holds every repetition since its last save` : '');
    if (progress && progress.tty) process.stderr.write('\r\x1b[K'); // clears a redrawn progress bar
    process.stderr.write(`bench: ${err.line(kept, `rerun with --resume --out ${shown(out.file)}`)}\n`);
    return 1;
  } finally {
    for (const [signal, handler] of handlers) process.removeListener(signal, handler);
    out.release();
  }
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
