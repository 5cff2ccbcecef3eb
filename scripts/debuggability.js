#!/usr/bin/env node
// Measured debuggability of every variant: inject three failures, capture the
// stack of the error that reaches the caller, score it against the line of
// the failing call and map it to the 2013 article's five-level scale
// (scripts/analyze/stack-score.js). Libraries with a long-stack switch are run
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
const { loadManifest, selectVariants, EXAMPLES } = require('./lib/manifest');
const { analyzeVariant, WAYS } = require('./analyze/debug-runs');
const { envStamp, ROOT } = require('./lib/analyzer-env');
const { summarize } = require('./harness/stats');
const { runCell, gcFlags } = require('./harness/spawn-cell');
const { writeJsonAtomic } = require('./lib/atomic-write');

const OUT = path.join(ROOT, 'data', 'debuggability.json');
const DEMO = path.join(__dirname, 'analyze', 'async-stack-demo.js');
const STACK_LIMIT = 50;

function parseArgs(argv) {
  const o = { variants: null, cost: true, costN: 1000, costReps: 5, costDelay: 1, out: OUT };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--variants') o.variants = next();
    else if (a === '--no-cost') o.cost = false;
    else if (a === '--cost-n') o.costN = Number(next());
    else if (a === '--cost-reps') o.costReps = Number(next());
    else if (a === '--out') o.out = path.resolve(next());
    else throw new Error(`unknown argument "${a}"; known: --variants REGEX, --no-cost, --cost-n N, --cost-reps R, --out FILE`);
  }
  if (!(o.costN > 0 && o.costReps > 0)) throw new Error('--cost-n and --cost-reps must be positive numbers');
  return o;
}

// The switch's price: n concurrent uploads with every fake operation taking
// 1 ms (the 2013 "CPU-bound" setting), measured by the benchmark's own child
// runner (scripts/harness/child.js --long-stacks), so time and peak memory mean
// exactly what they mean in data/perf.json. Fresh processes, switch off and
// on alternating so drift hits both alike.
async function switchCost(entry, { costN, costReps, costDelay }) {
  const runtime = { path: process.execPath, flags: [], harnessFlags: gcFlags('node') };
  const cell = { file: path.join(EXAMPLES, entry.file), scenario: 'upload', n: costN, t: costDelay };
  const samples = { off: { ms: [], peakRssMB: [] }, on: { ms: [], peakRssMB: [] } };
  const failures = [];
  for (let rep = 0; rep < costReps; rep++) {
    const order = rep % 2 ? ['on', 'off'] : ['off', 'on'];
    for (const setting of order) {
      const longStacks = setting === 'on' ? entry.longStackTraces : null;
      const r = await runCell(runtime, { ...cell, longStacks }, rep, { timeoutMs: 120000, seed: 1 });
      if (r.status !== 'ok') {
        failures.push(`${setting} rep ${rep}: ${r.status}: ${r.error}`);
        continue;
      }
      samples[setting].ms.push(Math.round(r.timeMs * 100) / 100);
      samples[setting].peakRssMB.push(Math.round(r.peakRssMb * 10) / 10);
    }
  }
  const off = { ms: summarize(samples.off.ms), peakRssMB: summarize(samples.off.peakRssMB) };
  const on = { ms: summarize(samples.on.ms), peakRssMB: summarize(samples.on.peakRssMB) };
  const ratio = (a, b) => (a && b ? Math.round((b / a) * 100) / 100 : null);
  return {
    switch: entry.longStackTraces,
    n: costN, delayMs: costDelay, reps: costReps,
    samples, off, on,
    timeRatio: ratio(off.ms.median, on.ms.median),
    extraMs: off.ms.median !== null && on.ms.median !== null ? Math.round((on.ms.median - off.ms.median) * 10) / 10 : null,
    extraPeakRssMB: off.peakRssMB.median !== null && on.peakRssMB.median !== null
      ? Math.round((on.peakRssMB.median - off.peakRssMB.median) * 10) / 10 : null,
    failures,
  };
}

function asyncStackDemo() {
  const { spawnSync } = require('node:child_process');
  const r = spawnSync(process.execPath, [DEMO], { cwd: ROOT, encoding: 'utf8', timeout: 10000 });
  try {
    return JSON.parse(r.stdout);
  } catch {
    return { failed: `async-stack-demo exited ${r.status}: ${(r.stderr || '').trim()}` };
  }
}

function summaryLine(v) {
  const st = v.stackTraces;
  const ways = v.traces.filter((t) => !t.longStack).map((t) => `${t.way}=${t.failed ? 'FAILED' : t.quality}`).join(' ');
  const sw = st.levelWithSwitch !== null ? ` (with ${v.longStackTraces}: ${st.levelWithSwitch})` : '';
  const cost = v.switchCost ? ` switch cost ×${v.switchCost.timeRatio}, +${v.switchCost.extraPeakRssMB} MB` : '';
  return `${v.id.padEnd(24)} maps ${v.sourceMaps.level}  stacks ${st.level === null ? '-' : st.level}${sw}  ${ways}${cost}`;
}

async function main(argv) {
  const opts = parseArgs(argv);
  const manifest = loadManifest();
  const entries = selectVariants(manifest, opts.variants);
  if (entries.length === 0) throw new Error(`--variants ${opts.variants} matches no variant in examples/manifest.json`);
  const variants = [];
  for (const entry of entries) {
    const v = analyzeVariant(entry, { examplesDir: EXAMPLES, stackLimit: STACK_LIMIT });
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
    description: 'Measured debuggability of each variant: stack traces of injected failures scored against the failing line, mapped to the 2013 five-level scales.',
    method: {
      ways: Object.fromEntries(WAYS.map((w) => [w.id, { op: w.fail.op, how: w.fail.how, scored: !w.extra, what: w.what }])),
      expectedLine: 'lines of the variant from which the failing call is made, recorded by a probe run with recording fakes (expectedFrom "probe"); if the probe sees no variant frame, lines of the source that spell the call ("source-search")',
      exact: 'a frame in the variant file on an expected line; "file": variant frames on other lines only; "absent": none',
      libraryFramesBefore: 'wrapper (examples/lib other than fakes), node_modules and node-internal frames above the first variant frame; when the variant is absent, of the whole trace',
      stackTraceLevels: {
        5: 'always exact: callback, throw and poison all exact with no switch',
        4: 'exact but fragile: throw and poison exact, callback not',
        3: 'exact only with the library\'s long-stack switch, worse than 3 without',
        2: 'exact only with a native module or external tracer (none measured today)',
        1: 'missing: throw or poison does not point at the failing line',
      },
      sourceMapLevels: {
        5: 'no compile step', 4: 'source maps, needed only for the compiled target', 3: 'source maps, always needed',
        2: 'no source maps, line numbers kept', 1: 'no source maps, lines differ',
      },
      stackTraceLimit: STACK_LIMIT,
      childEnv: 'fresh node process per run, NODE_ENV=production, BLUEBIRD_DEBUG=0, BLUEBIRD_LONG_STACK_TRACES=0, Q_DEBUG unset',
      switches: { q: 'Q.longStackSupport = true', bluebird: 'Bluebird.config({ longStackTraces: true })', genny: 'genny.longStackSupport = true' },
      switchCost: opts.cost ? `n=${opts.costN} concurrent uploads, every fake op ${opts.costDelay} ms, ${opts.costReps} fresh processes per setting alternating, median; the benchmark child (scripts/harness/child.js --long-stacks): time to the last callback, peak RSS growth over the baseline` : 'not measured (--no-cost)',
    },
    env: envStamp('scripts/debuggability.js', ['q', 'bluebird', 'genny', 'co', 'gens', 'suspend', 'when', 'async', 'rx', 'rxjs']),
    asyncStackDemo: asyncStackDemo(),
    variants,
  };
  writeJsonAtomic(opts.out, data);
  console.error(`wrote ${path.relative(process.cwd(), opts.out)} (${variants.length} variants)`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(`debuggability: ${err.message}`);
    process.exit(1);
  });
}

module.exports = { parseArgs, switchCost, main };
