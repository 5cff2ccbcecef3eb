#!/usr/bin/env node
// The goals report of issue 41 (item 5), `npm run goals`: from the committed
// data, per style on Node 24 (upload, n = 1000, CPU-bound) the cold and warm
// medians with their distribution-free 95 % intervals (stats.medianPrecision)
// as ± %, the cost per call over callbacks with its interval (± µs and ± %,
// scripts/lib/cost-per-call.js), and whether each goal is met; then the
// share of styles meeting each goal, and Node 0.11's cold goal. The goals
// are scripts/lib/goals.js's, which the site's tables also mark.
// Usage: npm run goals [-- --data DIR]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const stats = require('../lib/stats');
const goals = require('../lib/goals');
const { cellCostPerCall } = require('../lib/cost-per-call');
const { BASELINE } = require('../lib/manifest');
const { DATA } = require('../lib/paths');
const { parseCommandLine, UsageError, InputError, reportFailure } = require('../lib/args');

const USAGE = `Usage: npm run goals [-- --data DIR]
The precision goals of issue 41 against the committed data (DIR, default data/):
Node 24 (perf-node-24.json) and Node 0.11 (perf-node-0.11.json), upload, n = 1000, CPU-bound.`;

const N = 1000;
const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);
const okValues = (c, key) => c.samples.filter((s) => s.status === 'ok').map((s) => s[key]).filter(isNumber);

function readPerf(dir, profile) {
  const file = path.join(dir, `perf-${profile}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new InputError(`${file}: ${err.code === 'ENOENT' ? 'no such file; measure it with npm run bench -- --runtimes ' + profile : err.message}`);
  }
}

// The styles' cells the goals are about: upload, CPU-bound, n = 1000, not the floor.
const goalCells = (perf) => perf.cells.filter((c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === N && c.variant !== 'floor' && c.status !== 'skipped');

// A median and its interval's half-width in % → { median, halfWidthPct, met }.
function figure(values, goalPct) {
  const p = stats.medianPrecision(values, goalPct);
  return { median: stats.median(values), halfWidthPct: p.halfWidthPct, processes: values.length, met: goals.pctMet(p.halfWidthPct, goalPct) };
}

// One style's figures against the goals (base: the callbacks cell, or null).
function styleGoals(cell, base) {
  const row = { variant: cell.variant, cold: figure(okValues(cell, 'timeMs'), goals.GOALS.cold), warm: figure(okValues(cell, 'warmMs'), goals.GOALS.warm), cost: null };
  if (base && cell !== base) {
    const c = cellCostPerCall(cell, base);
    const halfWidthUs = goals.halfWidthOf(c.costUs, c.costCi95Us);
    row.cost = {
      costUs: c.costUs, halfWidthUs,
      halfWidthPct: isNumber(halfWidthUs) && c.costUs ? (100 * halfWidthUs) / Math.abs(c.costUs) : null,
      allowanceUs: isNumber(c.costUs) ? goals.costAllowanceUs(c.costUs) : null,
      met: goals.costMet(c.costUs, halfWidthUs),
    };
  }
  return row;
}

function report(perf24, perf011) {
  const cells = goalCells(perf24);
  const base = cells.find((c) => c.variant === BASELINE) || null;
  const styles = cells.map((c) => styleGoals(c, base)).sort((a, b) => a.variant.localeCompare(b.variant));
  const costed = styles.filter((s) => s.cost);
  const old = perf011 ? goalCells(perf011).map((c) => ({ variant: c.variant, cold: figure(okValues(c, 'timeMs'), goals.GOALS.cold) })) : [];
  return {
    styles,
    shares: {
      cold: goals.shareMet(styles.map((s) => s.cold.met)),
      warm: goals.shareMet(styles.map((s) => s.warm.met)),
      cost: goals.shareMet(costed.map((s) => s.cost.met)),
      node011Cold: goals.shareMet(old.map((s) => s.cold.met)),
    },
    node011: old,
  };
}

const f1 = (x) => (isNumber(x) ? (Math.abs(x) < 10 ? x.toFixed(2) : x.toFixed(1)) : '–');
const pm = (x, unit) => (isNumber(x) ? `±${x < 10 ? x.toFixed(1) : Math.round(x)} ${unit}` : '–');
const yes = (met) => (met === true ? 'met' : met === false ? 'MISSED' : 'no interval');

function format(r) {
  const { GOALS, goalText } = goals;
  const lines = [`Goals (scripts/lib/goals.js), Node 24, upload, n = ${N}, CPU-bound; distribution-free 95 % intervals of the median over processes:`,
    `  cold ${goalText('cold')}, warm ${goalText('warm')}, cost per call over ${BASELINE} ${goalText('cost')} (whichever is larger), for >= ${GOALS.share * 100} % of the styles`, ''];
  const cols = ['style', 'cold ms', 'cold ±', 'goal', 'warm ms', 'warm ±', 'goal', 'cost µs', 'cost ±µs', 'cost ±%', 'goal', 'procs'];
  const rows = r.styles.map((s) => [s.variant, f1(s.cold.median), pm(s.cold.halfWidthPct, '%'), yes(s.cold.met), f1(s.warm.median), pm(s.warm.halfWidthPct, '%'), yes(s.warm.met),
    s.cost ? f1(s.cost.costUs) : 'baseline', s.cost ? pm(s.cost.halfWidthUs, 'µs') : '', s.cost ? pm(s.cost.halfWidthPct, '%') : '', s.cost ? yes(s.cost.met) : '',
    `${s.cold.processes}/${s.warm.processes}`]);
  const widths = cols.map((c, i) => Math.max(c.length, ...rows.map((row) => String(row[i]).length)));
  for (const row of [cols].concat(rows)) lines.push('  ' + row.map((v, i) => String(v).padEnd(widths[i])).join('  ').trimEnd());
  const share = (label, s) => `  ${label}: ${s.met} of ${s.of} styles (${Math.round(s.share * 100)} %) — goal ${s.reached ? 'reached' : 'NOT reached'}`;
  lines.push('', 'Share of styles meeting each goal (goal: >= 90 %):',
    share(`cold ${goalText('cold')}`, r.shares.cold), share(`warm ${goalText('warm')}`, r.shares.warm),
    share(`cost per call ${goalText('cost')}`, r.shares.cost),
    share(`Node 0.11, cold ${goalText('cold')}`, r.shares.node011Cold));
  return lines.join('\n');
}

function main(argv) {
  const { help, values } = parseCommandLine(argv, { options: { data: { type: 'string' } } });
  if (help) return console.log(USAGE);
  if (values.data === '') throw new UsageError('--data needs a folder');
  const dir = path.resolve(values.data || DATA);
  let old = null;
  try {
    old = readPerf(dir, 'node-0.11');
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    console.error(`goals: ${err.message}; Node 0.11's goal is left out`);
  }
  console.log(format(report(readPerf(dir, 'node-24'), old)));
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    reportFailure('goals', err);
  }
}

module.exports = { report, format, styleGoals };
