// Command line of scripts/bench.js → settings, through the shared parser
// (scripts/lib/args.js). Invalid input throws a UsageError naming the option;
// bench.js prints it and exits 2.
'use strict';
const path = require('node:path');
const { DEFAULTS, QUICK, SWEEP } = require('./plan');
const scenarios = require('./scenarios');
const { parseCommandLine, decimal, UsageError } = require('../lib/args');
const { FORMATS } = require('./summary-formats');
const levers = require('../lib/levers');

const { ROOT } = require('../lib/paths');

// Rewriting a data file of tens of MB takes a noticeable share of a
// repetition; the journal keeps every repetition safe in between.
const SAVE_EVERY_S = 60;

const SWEEP_OUT = path.join('data', 'perf-sweep.json');

// Help lines in the two columns of HELP: an option, then its text from column 23.
const column = (lines) => lines.map((l) => `${' '.repeat(22)}${l}`).join('\n');
const optionHelp = (o) => `  ${o.usage.padEnd(20)}${o.help[0]}${o.help.length > 1 ? `\n${column(o.help.slice(1))}` : ''}`;
const scenarioHelp = () => [`${DEFAULTS.scenarios.join(', ')} (comma-separated; default all), or`]
  .concat(...scenarios.scenarios().filter((d) => !d.defaultRun).map((d) => d.help));

const HELP = `Usage: npm run bench -- [options]
       node scripts/bench.js [options]

Runs every selected variant of examples/manifest.json in fresh child processes
and merges the results into a data file (schema: data/SCHEMA.md).

  --scenario LIST     ${scenarioHelp()[0]}
${column(scenarioHelp().slice(1))}
  --mode LIST         cpu (every fake I/O takes t) and/or io (t = n × dt); default both
  --n LIST            numbers of concurrent calls (default ${DEFAULTS.ns.join(',')})
  --reps N            repetitions per cell, each in a fresh process (default ${DEFAULTS.reps}).
                      Given without --max-reps: exactly N, no adaptive repetitions
  --ci-target PCT     add repetitions while a cell's 95 % interval of the median
                      reaches further than ±PCT % from it (default ${DEFAULTS.ciTarget})
  --warm-ci-target PCT
                      the same for the warm figure, on cells with warm batches
                      (default ${DEFAULTS.warmCiTarget}); a cell gets more repetitions
                      until both are met or it has --max-reps
  --warm-max-reps N   repetitions with warm batches at most per cell (default ${DEFAULTS.warmMaxReps});
                      later ones run the cold batch alone
  --max-reps N        at most N repetitions per cell (default ${DEFAULTS.maxReps}; --sweep ${SWEEP.maxReps};
                      --quick 1: no adaptive repetitions)
  --max-interference PCT
                      run a repetition again when other processes and CPU steal
                      took more than PCT % of the machine's CPU time while it ran
                      (default ${DEFAULTS.maxInterference}; read from /proc, see data/SCHEMA.md)
  --retries N         at most N such reruns per repetition; the last is kept and
                      flagged (default ${DEFAULTS.retries}; --quick 0)
  --order O           shuffled (default: every job of the run in a seeded
                      shuffle) or blocked (each cell's repetitions in a row);
                      an experiment on interleaving, docs/lab-notes.md
  --no-gc             no garbage collection before each timed batch (an
                      experiment; the default collects first)
  --variants REGEX    only variants whose id matches; the floor workload (id
                      "floor", scripts/harness/floor-workload.js) is measured
                      in every group regardless, as costs above it need it
  --runtime PATH [FLAGS...]
                      runtime binary to measure, followed by its flags (every
                      argument up to the next option of this list); repeatable.
                      Default: the node running this script.
  --runtimes LIST     runtime profiles of scripts/lib/profiles.json
                      (comma-separated, or "all"): each is installed on demand
                      and runs with its flags and library set; combines with
                      --runtime. An unknown name exits 2. "chromium" (never
                      part of "all"): headless Chromium through playwright-core,
                      one fresh page and Web Worker per repetition, upload only
  --merge SHARD...    moved to npm run data -- merge SHARD... [--out FILE]
  --split FILE        moved to npm run data -- split FILE
  --rederive FILE     moved to npm run data -- rederive FILE; each old flag
                      still works for this release, after a notice (see
                      npm run data -- --help)
  --quick             smoke run: each variant once per scenario, n ${QUICK.ns.join(',')}, ${QUICK.modes.join(',')} mode,
                      1 repetition (under a minute on today's Node)
  --sweep             scale sweep: n ${SWEEP.ns.join(',')}, ${SWEEP.reps} reps, cpu mode, ${SWEEP.scenarios.join(', ')}
                      (default --out ${SWEEP_OUT})
  --resume            keep what the data file holds, run only missing repetitions;
                      refused when those cells were measured on another host
                      (CPU, cores or kernel build differ: data/SCHEMA.md, "Hosts")
  --allow-other-host  resume on another host all the same; the run records
                      the runs it continued in hostChanged, and pages flag it
  --anchor, --no-anchor
                      measure the anchor (nested callbacks and async/await on
                      node-24, upload, cpu, n 1000, cold and warm, 10 processes
                      each) before the first job and after the last, so runs and
                      hosts can be compared (scripts/lib/anchor.js). Default: on
                      for --runtimes and --lever runs except --quick, off for
                      --runtime PATH runs
  --out FILE          data file to merge into (default data/perf-<profile>.json
                      when --runtimes names one profile, else data/perf.json): a regular
                      file or none yet; not "-" (the data file is never stdout, see
                      --format), a FIFO or a directory
  --format F          the summary printed at the end: table (default), json or
                      csv; json and csv go to stdout alone (one row per cell,
                      docs/harness.md), the table then to stderr
  --save-every S      rewrite the data file at most every S seconds (default ${SAVE_EVERY_S});
                      in between each finished repetition is appended to
                      FILE.journal, which the next run on FILE folds in. 0: after
                      every repetition
  --manifest FILE     variant list (default examples/manifest.json; env ASYNCBENCH_MANIFEST)
${scenarios.options().filter((o) => !o.retired).map(optionHelp).join('\n')}
  --seed S            shuffle and error seed (default ${DEFAULTS.seed})
  --timeout MS        per-job limit (default 30 s + 10 × I/O floor + 2 ms × n;
                      at most 2147483647)
  --lever NAME        one lever of issue 41 against the default, both in ONE
                      interleaved run: ${levers.names().join(', ')}
                      (scripts/lib/levers.js; ${levers.PROCESSES} processes per configuration
                      and style, ${levers.STYLES.join(', ')}; ${levers.PROFILE}, upload,
                      cpu, n 1000; default --out ${levers.outFile('NAME')}).
                      Takes no option that changes what is measured
  --dry-run           print the plan size and an estimate, run nothing
  --help              this text

Numbers are decimal (no 0x.., 1e3); an empty value is refused.
Exit codes: 0 done (failed cells are recorded, not fatal), 1 error, 2 invalid input,
130 / 143 stopped by SIGINT / SIGTERM (what was measured is saved; continue with --resume).`;

const OPTIONS = Object.fromEntries([
  ...['scenario', 'mode', 'n', 'reps', 'variants', 'runtimes', 'out', 'split', 'rederive', 'format', 'manifest', ...scenarios.options().map((o) => o.name), 'seed', 'timeout',
    'ci-target', 'warm-ci-target', 'warm-max-reps', 'max-reps', 'max-interference', 'retries', 'save-every', 'order', 'lever'].map((o) => [o, { type: 'string' }]),
  ...['quick', 'sweep', 'resume', 'dry-run', 'no-gc', 'anchor', 'no-anchor', 'allow-other-host'].map((o) => [o, { type: 'boolean' }]),
]);
const ALL = new Set([...Object.keys(OPTIONS), 'help', 'runtime', 'merge'].map((o) => `--${o}`));

function list(option, value, allowed) {
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (!items.length) throw new UsageError(`${option}: expected a comma-separated list, got "${value}"`);
  for (const item of items) {
    if (!allowed.includes(item)) throw new UsageError(`${option}: unknown value "${item}"; expected ${allowed.join(', ')}`);
  }
  return [...new Set(items)];
}

// setTimeout takes at most 2^31 - 1 ms; above that Node waits 1 ms instead.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

// --runtime takes a path and then every word up to the next option as the
// runtime's flags, which no generic parser does: those groups are taken out
// first and the rest goes through the shared parser.
function takeRuntimes(argv) {
  const rest = [];
  const runtimes = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] !== '--runtime') {
      rest.push(argv[i]);
      continue;
    }
    const value = argv[++i];
    if (value === undefined || ALL.has(value) || !value.trim()) throw new UsageError('--runtime needs the path of a runtime binary');
    const parts = value.split(/\s+/).filter(Boolean); // also accept "--runtime 'node --harmony'"
    const flags = parts.slice(1);
    while (i + 1 < argv.length && !ALL.has(argv[i + 1])) flags.push(argv[++i]);
    runtimes.push({ path: parts[0], flags });
  }
  return { rest, runtimes };
}

// --merge takes every word up to the next option as a shard file.
function takeMerge(argv) {
  const i = argv.indexOf('--merge');
  if (i < 0) return { rest: argv, shards: null };
  let end = i + 1;
  while (end < argv.length && !ALL.has(argv[end])) end++;
  const shards = argv.slice(i + 1, end);
  if (!shards.length) throw new UsageError('--merge needs the shard files to merge (data files written by --out)');
  if (argv.indexOf('--merge', end) >= 0) throw new UsageError('--merge given twice; list every shard after one --merge');
  return { rest: argv.slice(0, i).concat(argv.slice(end)), shards };
}

// The selected scenarios must share a data file: one with a file of its own
// runs alone. Sets the modes and the scenarios' own settings on `s`; returns
// the descriptor whose data file and manifest the run uses.
function chooseScenarios(s, raw) {
  const chosen = s.scenarios.map(scenarios.get);
  const apart = (d) => chosen.filter((o) => o.data.file !== d.data.file);
  const ownFile = (d) => scenarios.scenarios().filter((o) => o.data.file === d.data.file).length === 1;
  const alone = chosen.find((d) => apart(d).length && ownFile(d));
  if (alone) {
    throw new UsageError(`--scenario: ${alone.name} writes its own data file (${alone.data.file}); run it on its own, not with ${s.scenarios.filter((n) => n !== alone.name).join(', ')}`);
  }
  const split = chosen.find((d) => apart(d).length);
  if (split) {
    const other = apart(split)[0];
    throw new UsageError(`--scenario: ${split.name} and ${other.name} write different data files (${split.data.file}, ${other.data.file}); run them apart`);
  }
  const unswept = chosen.find((d) => !d.defaultRun);
  if (s.profile === 'sweep' && unswept) {
    throw new UsageError(`--sweep is the ${SWEEP.scenarios.join(', ')} scale sweep; with --scenario ${unswept.name} give --n instead`);
  }
  const allowed = [...new Set(chosen.flatMap((d) => d.modes))];
  if (raw['--mode']) s.modes = list('--mode', raw['--mode'], allowed);
  else if (!s.modes.every((m) => allowed.includes(m))) s.modes = allowed.slice();
  for (const d of chosen) d.settings(s, raw);
  return chosen[0];
}

function format(value, dryRun) {
  if (!FORMATS.includes(value)) throw new UsageError(`--format: unknown value "${value}"; expected ${FORMATS.join(', ')}`);
  if (dryRun && value !== 'table') throw new UsageError(`--format ${value} prints a run's summary; --dry-run runs nothing`);
  return value;
}

function profileList(value) {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (!names.length) throw new UsageError(`--runtimes: expected profile names or "all", got "${value}"`);
  return [...new Set(names)];
}

function parseArgs(argv, env = process.env) {
  const merged = takeMerge(argv);
  const { rest, runtimes } = takeRuntimes(merged.rest);
  const { help, values } = parseCommandLine(rest, { options: OPTIONS });
  const raw = Object.fromEntries(Object.entries(values).map(([k, v]) => [`--${k}`, v]));
  for (const [option, value] of Object.entries(raw)) {
    // An empty value is an unset shell variable, not a request for the default.
    if (value === '' && option !== '--variants') throw new UsageError(`${option} needs a non-empty value`);
  }
  if (help) return { help: true };
  if (raw['--out'] === '-') {
    throw new UsageError('--out -: the data file cannot be stdout (every repetition is merged into it and journaled as it ' +
      'finishes); give a file, and --format json or --format csv to print the summary on stdout');
  }
  if (raw['--split'] !== undefined) {
    const others = Object.keys(raw).filter((o) => o !== '--split').concat(merged.shards ? ['--merge'] : [], runtimes.length ? ['--runtime'] : []);
    if (others.length) throw new UsageError(`--split takes only the file to split, not ${others[0]}`);
    return { help: false, split: path.resolve(raw['--split']) };
  }
  if (raw['--rederive'] !== undefined) {
    const others = Object.keys(raw).filter((o) => o !== '--rederive').concat(merged.shards ? ['--merge'] : [], runtimes.length ? ['--runtime'] : []);
    if (others.length) throw new UsageError(`--rederive takes only the file to rederive, not ${others[0]}`);
    return { help: false, rederive: path.resolve(raw['--rederive']) };
  }
  if (merged.shards) {
    const others = Object.keys(raw).filter((o) => o !== '--out');
    if (others.length || runtimes.length) throw new UsageError(`--merge takes only --out besides the shards, not ${others.concat(runtimes.length ? ['--runtime'] : [])[0]}`);
    return { help: false, merge: merged.shards.map((f) => path.resolve(f)),
      out: path.resolve(raw['--out'] || path.join(ROOT, 'data/perf.json')) };
  }
  if (raw['--quick'] && raw['--sweep']) throw new UsageError('--quick and --sweep cannot be combined');

  const profile = raw['--quick'] ? 'quick' : raw['--sweep'] ? 'sweep' : 'default';
  const s = Object.assign({}, DEFAULTS, profile === 'quick' ? QUICK : profile === 'sweep' ? SWEEP : {});
  s.profile = profile;
  if (raw['--lever'] !== undefined) return leverArgs(raw, runtimes, s, env);
  if (raw['--scenario']) s.scenarios = list('--scenario', raw['--scenario'], scenarios.names());
  const chosen = chooseScenarios(s, raw);
  if (raw['--n']) {
    s.ns = raw['--n'].split(',').map((v) => decimal('--n', v.trim(), { integer: true, min: 1, max: 1e7 }));
    s.ns = [...new Set(s.ns)].sort((a, b) => a - b);
  }
  if (raw['--reps']) s.reps = decimal('--reps', raw['--reps'], { integer: true, min: 1, max: 1000 });
  if (raw['--ci-target']) s.ciTarget = decimal('--ci-target', raw['--ci-target'], { min: 0, above: true, max: 100 });
  if (raw['--warm-ci-target']) s.warmCiTarget = decimal('--warm-ci-target', raw['--warm-ci-target'], { min: 0, above: true, max: 100 });
  if (raw['--warm-max-reps']) s.warmMaxReps = decimal('--warm-max-reps', raw['--warm-max-reps'], { integer: true, min: 1, max: 1000 });
  if (raw['--max-interference']) s.maxInterference = decimal('--max-interference', raw['--max-interference'], { max: 100 });
  if (raw['--order'] !== undefined) {
    if (!['shuffled', 'blocked'].includes(raw['--order'])) throw new UsageError(`--order takes shuffled or blocked, got "${raw['--order']}"`);
    s.order = raw['--order'];
  }
  if (raw['--no-gc']) s.gc = false;
  if (raw['--retries']) s.retries = decimal('--retries', raw['--retries'], { integer: true, max: 20 });
  if (raw['--max-reps']) {
    s.maxReps = decimal('--max-reps', raw['--max-reps'], { integer: true, min: 1, max: 1000 });
    if (s.maxReps < s.reps) throw new UsageError(`--max-reps ${s.maxReps} is below --reps ${s.reps}; give at least ${s.reps}`);
  } else if (raw['--reps'] || s.maxReps < s.reps) {
    // An explicit --reps asks for that many: no adaptive repetitions.
    s.maxReps = s.reps;
  }
  for (const o of scenarios.options()) if (raw[`--${o.name}`]) o.apply(s, raw[`--${o.name}`]);
  // A series shorter than the steady segment it must hold could never have
  // one: refused, not changed in silence, so the run records the warm
  // settings it ran with.
  if (s.warmBatches && s.warmBatches < s.warmMinSteady) {
    const given = (option, value) => `${option} ${value}${raw[option] ? '' : ' (its default)'}`;
    throw new UsageError(`${given('--warm-batches', s.warmBatches)} is below ${given('--warm-min-steady', s.warmMinSteady)}: ` +
      `a series of ${s.warmBatches} batches can never hold a steady segment of ${s.warmMinSteady}; give --warm-batches ` +
      `${s.warmMinSteady} or more, or --warm-min-steady ${s.warmBatches} or less`);
  }
  if (raw['--seed']) s.seed = decimal('--seed', raw['--seed'], { integer: true, max: 2 ** 31 });
  if (raw['--timeout']) s.timeoutMs = decimal('--timeout', raw['--timeout'], { integer: true, min: 1, max: MAX_TIMEOUT_MS });
  s.variants = raw['--variants'] === undefined ? null : raw['--variants'];
  if (s.variants === '') throw new UsageError('--variants: empty pattern; leave --variants out to run every variant');
  if (s.variants !== null) {
    try {
      new RegExp(s.variants); // eslint-disable-line no-new
    } catch (err) {
      throw new UsageError(`--variants: invalid regular expression "${s.variants}": ${err.message}`);
    }
  }
  const { data, manifest } = chosen;
  return {
    help: false,
    settings: s,
    profiles: raw['--runtimes'] ? profileList(raw['--runtimes']) : [],
    runtimes: runtimes.length || raw['--runtimes'] ? runtimes : [{ path: process.execPath, flags: [] }],
    anchor: anchorWanted(raw, Boolean(raw['--runtimes']) && profile !== 'quick'),
    allowOtherHost: Boolean(raw['--allow-other-host']),
    resume: Boolean(raw['--resume']),
    dryRun: Boolean(raw['--dry-run']),
    format: raw['--format'] ? format(raw['--format'], raw['--dry-run']) : 'table',
    // Not a harness setting: how often results are written changes no figure.
    saveEveryMs: 1000 * (raw['--save-every'] ? decimal('--save-every', raw['--save-every'], { max: 86400 }) : SAVE_EVERY_S),
    out: path.resolve(raw['--out'] || defaultOut(profile, data, raw['--runtimes'] ? profileList(raw['--runtimes']) : [])),
    manifest: path.resolve(raw['--manifest'] || (manifest && path.join(ROOT, manifest)) || env.ASYNCBENCH_MANIFEST || path.join(ROOT, 'examples', 'manifest.json')),
    dataSchema: data.schema
  };
}

// The anchor runs on published runs (profiles, levers) unless --no-anchor;
// --anchor asks for it on any other run.
function anchorWanted(raw, byDefault) {
  if (raw['--anchor'] && raw['--no-anchor']) throw new UsageError('--anchor and --no-anchor contradict each other; give one');
  return raw['--no-anchor'] ? false : raw['--anchor'] ? true : byDefault;
}

// What a lever run may not be given: what it measures is fixed
// (levers.js), so its two configurations stay comparable with every other
// lever's.
const LEVER_FIXED = ['--scenario', '--mode', '--n', '--reps', '--max-reps', '--variants', '--runtimes', '--order', '--no-gc', '--quick', '--sweep',
  '--ci-target', '--warm-ci-target', '--warm-max-reps'];

// --lever NAME → the options of its run: the lever's settings on the
// defaults, its profile, its data file; the run's two configurations are made
// from the resolved profile by bench.js (levers.configurations).
function leverArgs(raw, runtimes, s, env) {
  const name = raw['--lever'];
  let l;
  try {
    l = levers.lever(name);
  } catch (err) {
    if (err.code === 'ERR_UNKNOWN_LEVER') throw new UsageError(`--lever: ${err.message}`);
    throw err;
  }
  const fixed = LEVER_FIXED.find((o) => raw[o] !== undefined) || (runtimes.length ? '--runtime' : null);
  if (fixed) throw new UsageError(`--lever ${name} fixes what is measured (scripts/lib/levers.js); leave out ${fixed}`);
  if (l.scenario && !scenarios.names().includes(l.scenario)) {
    throw new UsageError(`--lever ${name} measures the ${l.scenario} scenario (scripts/harness/scenarios/${l.scenario}/), which this ` +
      'tree does not have yet; run it once that scenario is merged');
  }
  Object.assign(s, levers.runSettings(name));
  const chosen = chooseScenarios(s, raw);
  for (const o of scenarios.options()) if (raw[`--${o.name}`]) o.apply(s, raw[`--${o.name}`]);
  if (raw['--seed']) s.seed = decimal('--seed', raw['--seed'], { integer: true, max: 2 ** 31 });
  if (raw['--timeout']) s.timeoutMs = decimal('--timeout', raw['--timeout'], { integer: true, min: 1, max: MAX_TIMEOUT_MS });
  if (raw['--max-interference']) s.maxInterference = decimal('--max-interference', raw['--max-interference'], { max: 100 });
  if (raw['--retries']) s.retries = decimal('--retries', raw['--retries'], { integer: true, max: 20 });
  s.lever = name;
  return {
    help: false,
    settings: s,
    lever: name,
    profiles: [levers.PROFILE],
    runtimes: [],
    anchor: anchorWanted(raw, true),
    allowOtherHost: Boolean(raw['--allow-other-host']),
    resume: Boolean(raw['--resume']),
    dryRun: Boolean(raw['--dry-run']),
    format: raw['--format'] ? format(raw['--format'], raw['--dry-run']) : 'table',
    saveEveryMs: 1000 * (raw['--save-every'] ? decimal('--save-every', raw['--save-every'], { max: 86400 }) : SAVE_EVERY_S),
    out: path.resolve(raw['--out'] || path.join(ROOT, levers.outFile(name))),
    manifest: path.resolve(raw['--manifest'] || (chosen.manifest && path.join(ROOT, chosen.manifest)) || env.ASYNCBENCH_MANIFEST || path.join(ROOT, 'examples', 'manifest.json')),
    dataSchema: chosen.data.schema
  };
}

// Without --out: the sweep's file, or the scenario's; a perf@1 scenario run
// on one runtime profile writes that profile's file (data/SCHEMA.md, "One
// file per runtime profile"), which is what the site reads. Several profiles
// in one run would mix them in one file the site never reads, so that needs
// an explicit --out (a shard to --merge, or --split later).
function defaultOut(profile, data, profiles) {
  if (profile === 'sweep') return path.join(ROOT, SWEEP_OUT);
  if (data.schema !== 'asyncbench/perf@1' || !profiles.length) return path.join(ROOT, data.file);
  if (profiles.length === 1 && profiles[0] !== 'all') return path.join(ROOT, 'data', `perf-${profiles[0]}.json`);
  throw new UsageError(`--runtimes names ${profiles[0] === 'all' ? 'every' : profiles.length} profile${profiles[0] === 'all' ? '' : 's'} (${profiles.join(', ')}) and no --out: the site reads one file per profile, data/perf-<profile>.json. ` +
    'Run one profile at a time, or give --out FILE and split it afterwards with npm run data -- split FILE.');
}

module.exports = { parseArgs, UsageError, HELP };
