// The run itself, once bench.js has made the plan: given the run store of
// the data file (run-store.js) and the plan, it takes the file's lock, folds
// in a stopped run's journal, runs every job that is not already in the file
// (each repetition in a fresh child process, spawn-cell.js, or a browser's
// fresh page and worker), records each sample through the store as it
// arrives, adds the adaptive passes (adaptive.js), saves, and prints the
// summary. The data file is the store's: every read, journal line and save
// goes through it, and messages name the files as the store resolved them.
//
// Nothing measured is lost whenever the run stops: a cell measured again
// keeps its old samples until its first new one is saved, SIGINT and SIGTERM
// save and exit 130 and 143, and the lock is released on any exit short of
// SIGKILL (after which the next run takes the stale lock over).
'use strict';
const path = require('node:path');
const { timeoutFor } = require('./plan');
const { runCell, killActive } = require('./spawn-cell');
const { GENERATED_BY, summarizeCell } = require('./datafile');
const { shown } = require('./run-store');
const { WriteError } = require('../lib/atomic-write');
const { runEnv, runId: makeRunId } = require('../lib/env');
const { markContinued } = require('../lib/continuation');
const { Progress } = require('./progress');
const { summaryTable, noiseSummary } = require('./summary');
const { formatSummary } = require('./summary-formats');
const { NOISY_REL_IQR } = require('../lib/stats');
const { interferenceMeter } = require('./interference');
const { measureRepetition } = require('./repetition');
const { extraJobs, precisionCounts } = require('./adaptive');
const { runFloor, floorLine } = require('./run-floor');
const { ROOT } = require('../lib/paths');
const { measureAnchor, anchorRecord, settle } = require('./anchor-run');
const { checkResumeHost } = require('./resume-host');
const { compareAnchors } = require('../lib/anchor');

// The shell's codes for a process stopped by these signals (128 + number).
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 };

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

// Runs the jobs of `plan` into the data file of run store `out` → the exit
// code. runtimes, variants: the plan's; failed: the profiles that could not
// be used ({ profile, message }); browsers: the sessions a signal must stop;
// opts: bench-args' options; argv: the command line, recorded with the run;
// anchor: { runtime, cells } of the anchor (anchor-run.js anchorCells: the
// node-24 runtime it runs on), or null (--no-anchor).
async function measure(out, { plan, runtimes, variants, failed, browsers, opts, argv, anchor = null }) {
  const { settings } = opts;
  const skipped = plan.cells.filter((c) => c.skip);
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
    if (failed.length) env.unavailable = Object.fromEntries(failed.map((f) => [f.profile, f.message]));
    // The processes this run starts for its repetitions and sees to the end,
    // attempts run again included: the samples a file keeps are not that
    // count, since a later run replaces the cells it measures again.
    env.jobsRun = 0;
    store.data.runs[runId] = env;
    const jobs = prepareCells(store, plan, opts.resume, runId);
    // A resumed run adds to cells measured earlier: on another host their
    // figures and this run's would not compare (resume-host.js).
    const earlier = opts.resume ? checkResumeHost(store, plan, env, { allow: opts.allowOtherHost, file: shown(out.file) }) : null;
    if (earlier && earlier.changed.length) env.hostChanged = earlier.changed;
    // Cells kept from earlier runs are judged against this run's --ci-target.
    for (const cell of plan.cells) {
      const stored = store.get(cell.key);
      if (stored && !stored.replacing && stored.status !== 'skipped') summarizeCell(stored, { ciTarget: settings.ciTarget, warmCiTarget: settings.warmCiTarget });
    }
    // Between saves every finished repetition is in FILE.journal (store.record).
    let sinceSave = stopwatch();
    const save = () => {
      store.save();
      sinceSave = stopwatch();
    };
    save();

    // The anchor's first end, before any job (scripts/lib/anchor.js).
    const note = (line) => (progress ? progress.note(line) : process.stderr.write(line + '\n'));
    const anchorEnd = async () => measureAnchor(anchor.runtime, anchor.cells, { settings, meter, stopped: () => Boolean(interrupted), note });
    if (anchor) {
      env.anchor = anchorRecord(anchor.runtime);
      note(`anchor: ${anchor.runtime.id}, measuring its start`);
      env.anchor.start = await anchorEnd();
      // Resumed: this run's start against the anchor of the run it continues.
      const before = earlier && earlier.anchored;
      if (before && !interrupted) {
        const { verdict, apart } = compareAnchors(before.anchor.start.samples, env.anchor.start.samples);
        env.anchor.against = { run: before.id, verdict, apart };
        if (verdict === 'disagree') note(`anchor: this run's start disagrees with run ${before.id}'s; the host is slower or faster than then, and the run is flagged (runs[...].anchor.against)`);
      }
      save();
    }

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
        env.jobsRun += 1 + (sample.retries ? sample.retries.length : 0);
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
    if (anchor && !interrupted) {
      note(`anchor: ${anchor.runtime.id}, measuring its end`);
      env.anchor.end = await anchorEnd();
    }
    if (anchor) {
      settle(env.anchor);
      note(`anchor: start and end ${env.anchor.verdict === 'agree' ? 'agree' : env.anchor.verdict === 'disagree'
        ? `disagree (${env.anchor.apart.map((a) => `${a.variant} ${a.metric}`).join(', ')}): the host changed speed during the run, which is flagged` : 'cannot be compared (an end is missing or too short)'}`);
    }
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
    for (const f of failed) process.stderr.write(`bench: not measured: ${f.message}\n`);
    return interrupted ? SIGNAL_EXIT[interrupted] : failed.length ? 1 : 0;
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

module.exports = { measure };
