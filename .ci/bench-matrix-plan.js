#!/usr/bin/env node
// The plan job of .github/workflows/bench-matrix.yml: which runtime profiles
// get a job, and how many minutes each job may run. A job's timeout-minutes
// cannot come from a step of that job, so this runs first, once, and the
// bench jobs read its outputs (`profiles`, a JSON list, and `timeouts`, a JSON
// object from profile to minutes). Each profile's timeout comes from
// `npm run bench -- --dry-run` with the job's own arguments: a fixed timeout
// either cut a long profile's run short or let a hung one hold a machine for
// hours. A profile whose estimate cannot fit in a hosted job fails here, in
// minutes, instead of after six hours.
//
//   REQUESTED="all,chromium" BENCH_ARGS="--n 1000" node .ci/bench-matrix-plan.js
//
// Writes `profiles=` and `timeouts=` lines to $GITHUB_OUTPUT (stdout without
// it) and a table to $GITHUB_STEP_SUMMARY when set. Exit 2: a name or an
// option the person who started the run can fix; exit 1: a dry run failed.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { profileNames, browserNames } = require('../scripts/lib/runtime-id');
const { UsageError } = require('../scripts/lib/args');

const ROOT = path.join(__dirname, '..');
const BENCH = path.join(ROOT, 'scripts', 'bench.js');

// The longest a job may run on a GitHub-hosted runner; a larger
// timeout-minutes is not honoured.
const HOSTED_LIMIT_MINUTES = 360;
// Everything in a job besides the planned repetitions: npm ci, the profile's
// and node-24's installs on a cold cache (a fibers tree builds from source on
// node-0.11 and 0.12), the anchor cells at the start and end of the run, the
// upload.
const SETUP_MINUTES = 20;
// The rough estimate times this: it once came out at half a matrix run's
// real time (scripts/harness/estimate.js), and adaptive repetitions add to
// what the plan holds. The dry run's second figure, from past samples, is
// not used: in a plan of both modes it gives the I/O-bound jobs the
// CPU-bound cells' warm batches (estimate.js takes one plan's warm settings
// for every job), and read 14h07m for Node 24's upload scenario, whose two
// modes planned apart read 1h19m and 18m33s.
const MARGIN = 2;
// The workflow sets these per job; given again in bench-args they would
// measure something other than the job's profile into another file.
const SET_BY_THE_WORKFLOW = ['--runtimes', '--runtime', '--out', '--dry-run', '--merge'];

// "all" (every profile of profiles.json; never chromium, as in
// `--runtimes all`), profile names, or both: "all,chromium".
function selectProfiles(requested) {
  const profiles = profileNames();
  const known = profiles.concat(browserNames());
  const asked = String(requested || 'all').split(',').map((s) => s.trim()).filter(Boolean);
  if (!asked.length) throw new UsageError(`profiles: expected profile names or "all", got "${requested}"`);
  const bad = asked.filter((n) => n !== 'all' && !known.includes(n));
  if (bad.length) throw new UsageError(`profiles: unknown runtime profile(s) ${bad.join(', ')}; known: all, ${known.join(', ')}`);
  return [...new Set(asked.flatMap((n) => (n === 'all' ? profiles : [n])))];
}

// bench-args, split on spaces as the bench step's shell splits $EXTRA.
function benchArgs(text) {
  const args = String(text || '').split(/\s+/).filter(Boolean);
  const taken = args.filter((a) => SET_BY_THE_WORKFLOW.includes(a.split('=')[0]));
  if (taken.length) {
    throw new UsageError(`bench-args: ${taken.join(', ')} ${taken.length > 1 ? 'are' : 'is'} set by the workflow for each job; ` +
      'choose the runtimes with the profiles input and leave the rest of the options in bench-args');
  }
  return args;
}

// "45s", "12m05s", "1h02m": scripts/harness/progress.js's duration().
function parseDuration(text) {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (!m || !(m[1] || m[2] || m[3])) return null;
  return ((Number(m[1] || 0) * 60 + Number(m[2] || 0)) * 60 + Number(m[3] || 0)) * 1000;
}

// A dry run's output → { cells, skipped, jobs, ms, extraRepsPerCell }, from
// its first line: "N cells (K skipped), J jobs; rough estimate D before
// --resume savings[; adaptive repetitions can add up to R per cell]".
function parseDryRun(stdout) {
  const [first = ''] = String(stdout).split('\n');
  const m = /^(\d+) cells \((\d+) skipped\), (\d+) jobs; rough estimate (\S+)/.exec(first);
  const ms = m ? parseDuration(m[4]) : null;
  if (ms === null) return null;
  const extra = /adaptive repetitions can add up to (\d+) per cell/.exec(first);
  return { cells: Number(m[1]), skipped: Number(m[2]), jobs: Number(m[3]), ms, extraRepsPerCell: extra ? Number(extra[1]) : 0 };
}

const minutesOf = (ms) => Math.ceil(ms / 60000);

// A profile's job timeout from its dry run: { minutes, estimateMs, note }.
// The estimate times MARGIN, plus SETUP_MINUTES, at most the hosted limit; a
// plan whose bare estimate does not fit under that limit is refused. `note` says when the margin was cut,
// or when every adaptive repetition at once could outrun the timeout (the
// journal is uploaded all the same, and --resume continues it).
function timeoutFor(profile, plan) {
  const estimateMs = plan.ms;
  const bare = SETUP_MINUTES + minutesOf(estimateMs);
  if (bare > HOSTED_LIMIT_MINUTES) {
    throw new UsageError(`${profile}: the dry run estimates ${minutesOf(estimateMs)} minutes of repetitions (${plan.jobs} jobs), ` +
      `${bare} with the job's setup, more than the ${HOSTED_LIMIT_MINUTES} minutes a hosted job may run. Measure less in one ` +
      'job (bench-args: fewer --n values, one --scenario, fewer --reps), or run this profile on a machine of your own; ' +
      'a profile\'s file cannot be split by scenario across jobs, since merge refuses shards run with different options');
  }
  const wanted = SETUP_MINUTES + minutesOf(estimateMs * MARGIN);
  const minutes = Math.min(wanted, HOSTED_LIMIT_MINUTES);
  const runnable = plan.cells - plan.skipped;
  const worstMs = plan.jobs ? estimateMs * (1 + (plan.extraRepsPerCell * runnable) / plan.jobs) : estimateMs;
  let note = null;
  if (wanted > minutes) {
    note = `${profile}: timeout cut to the hosted limit of ${HOSTED_LIMIT_MINUTES} minutes (${wanted} wanted); ` +
      'if the job stops there, download its artifact and finish it with --resume';
  } else if (SETUP_MINUTES + minutesOf(worstMs) > minutes) {
    note = `${profile}: if every cell took all ${plan.extraRepsPerCell} adaptive repetitions the run would need ` +
      `${SETUP_MINUTES + minutesOf(worstMs)} minutes, over its ${minutes}; its journal is uploaded all the same, and --resume continues it`;
  }
  return { minutes, estimateMs, note };
}

// One profile's dry run with the job's own arguments.
function dryRun(profile, args) {
  const out = path.join('data', `perf-${profile}.json`);
  const r = spawnSync(process.execPath, [BENCH, '--dry-run', '--runtimes', profile, '--out', out, ...args], {
    cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024
  });
  const plan = r.status === 0 ? parseDryRun(r.stdout) : null;
  if (!plan) {
    const why = r.error ? r.error.message : `exit ${r.status}`;
    const err = new Error(`${profile}: the dry run (node scripts/bench.js --dry-run --runtimes ${profile} --out ${out} ${args.join(' ')}) ` +
      `failed (${why}) or printed no estimate:\n${(r.stderr || '').trim()}\n${(r.stdout || '').split('\n')[0]}`);
    err.code = 'ERR_DRY_RUN';
    throw err;
  }
  return plan;
}

function summaryTable(rows) {
  return ['| profile | jobs | estimate | timeout |', '| --- | ---: | ---: | ---: |']
    .concat(rows.map((r) => `| ${r.profile} | ${r.plan.jobs} | ${minutesOf(r.estimateMs)} min | ${r.minutes} min |`))
    .join('\n') + '\n';
}

function main(env = process.env) {
  const profiles = selectProfiles(env.REQUESTED);
  const args = benchArgs(env.BENCH_ARGS);
  const rows = [];
  for (const profile of profiles) {
    const plan = dryRun(profile, args);
    rows.push(Object.assign({ profile, plan }, timeoutFor(profile, plan)));
  }
  for (const r of rows) if (r.note) process.stdout.write(`::warning::${r.note}\n`);
  const outputs = `profiles=${JSON.stringify(profiles)}\ntimeouts=${JSON.stringify(Object.fromEntries(rows.map((r) => [r.profile, r.minutes])))}\n`;
  if (env.GITHUB_OUTPUT) fs.appendFileSync(env.GITHUB_OUTPUT, outputs);
  else process.stdout.write(outputs);
  if (env.GITHUB_STEP_SUMMARY) fs.appendFileSync(env.GITHUB_STEP_SUMMARY, summaryTable(rows));
  return 0;
}

if (require.main === module) {
  try {
    process.exitCode = main();
  } catch (err) {
    const known = err instanceof UsageError || err.code === 'ERR_DRY_RUN';
    process.stderr.write(`bench-matrix plan: ${known ? err.message : err.stack}\n`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  }
}

module.exports = { selectProfiles, benchArgs, parseDuration, parseDryRun, timeoutFor, HOSTED_LIMIT_MINUTES, SETUP_MINUTES, MARGIN };
