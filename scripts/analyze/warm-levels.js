#!/usr/bin/env node
// Where a warm figure's spread comes from (issue 28), from the batch times a
// perf file keeps. Per style, and as the median over the styles:
//   - the spread of the warm figure between processes (stats.robustCv, so
//     one odd process does not set it);
//   - the noise of one process's own figure: the standard error of the median
//     of its measured window, from the spread of the window's batches
//     (stats.medianStandardError);
//   - the share of the between-process variance that this noise explains,
//     (noise / spread)². Small: each process settled at a level of its own,
//     so more batches per process would not narrow the interval, and only
//     more processes would. Near 1: longer windows would.
//   - Spearman's ρ of the warm figure against the same process's cold batch:
//     positive when the level is set early in the process (by what V8
//     compiled and how it sized the heap).
// The halves of one steady segment are no evidence here: the classifier
// keeps only segments without a change in them, which makes them agree.
// Usage: node scripts/analyze/warm-levels.js data/perf-node-24.json [--n 1000] [--scenario upload]
'use strict';
const fs = require('node:fs');
const stats = require('../lib/stats');
const { parseCommandLine, decimal, UsageError, InputError, reportFailure } = require('../lib/args');
const { BASELINE } = require('../lib/manifest');

const USAGE = `Usage: node scripts/analyze/warm-levels.js FILE [--n N] [--scenario NAME]
Where the warm figure's spread comes from, from the batch times in FILE (a
data/perf-<profile>.json), for the CPU-bound cells at n = N (default 1000) of
the scenario (default upload).`;

// warm.js's window when a run did not record its own.
const DEFAULT_WINDOW = 16;
const okSamples = (c) => c.samples.filter((s) => s.status === 'ok');
const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);

// The batches a steady repetition's warm figure comes from: its steady
// segment (warmSteadyFrom on, issue 41's classifier); for a sample without
// one, the last `window` batches, as the window rule of before took them.
function windowOf(sample, window) {
  const b = sample.warmBatchesMs;
  if (!sample.warmSteady || !Array.isArray(b)) return null;
  if (Number.isInteger(sample.warmSteadyFrom)) return b.slice(sample.warmSteadyFrom);
  return b.length >= window ? b.slice(b.length - window) : null;
}

// One style's figures, null where it has under 3 steady processes.
// window: the measured batches warm.js kept.
function styleLevels(cell, window) {
  const steady = okSamples(cell).filter((s) => isNumber(s.warmMs) && windowOf(s, window));
  const enough = steady.length >= 3;
  const warm = steady.map((s) => s.warmMs);
  const spreadPct = enough ? stats.robustCv(warm) * 100 : null;
  const noisePct = enough ? stats.median(steady.map((s) => stats.medianStandardError(windowOf(s, window)))) * 100 : null;
  return {
    variant: cell.variant,
    processes: steady.length,
    spreadPct,
    noisePct,
    // Processes that all gave one figure leave no spread to explain.
    noiseShare: spreadPct ? Math.min(1, (noisePct / spreadPct) ** 2) : null,
    cold: enough ? stats.spearman(warm, steady.map((s) => s.timeMs)) : null,
  };
}

// The window the run kept: its --warm-batches, recorded with the run.
function windowOfRun(perf, cell) {
  const run = perf.runs && perf.runs[cell.run];
  const w = run && run.harness && run.harness.warmBatches;
  return Number.isInteger(w) && w >= 2 ? w : null;
}

function warmLevels(perf, { n = 1000, scenario = 'upload' } = {}) {
  if (!perf || !Array.isArray(perf.cells)) throw new InputError('the file has no "cells" array: is it a data/perf-<profile>.json?');
  const cells = perf.cells.filter((c) => c.scenario === scenario && c.mode === 'cpu' && c.n === n && c.warm);
  if (!cells.length) throw new InputError(`no CPU-bound ${scenario} cells with warm figures at n = ${n}: measure them with --warm-batches, or pick another --n`);
  const windows = cells.map((c) => windowOfRun(perf, c) || DEFAULT_WINDOW);
  const styles = cells.map((c, i) => styleLevels(c, windows[i])).filter((s) => s.processes >= 3);
  const baseline = styles.find((s) => s.variant === BASELINE) || null;
  const medianOf = (key) => {
    const v = styles.map((s) => s[key]).filter(isNumber);
    return v.length ? stats.median(v) : null;
  };
  return { cells, window: windows[0], styles, baseline, spreadPct: medianOf('spreadPct'), noisePct: medianOf('noisePct'), noiseShare: medianOf('noiseShare'), cold: medianOf('cold') };
}

function format(result) {
  const f = (x) => (x === null ? '–' : x.toFixed(2));
  const p = (x) => (x === null ? '    –' : `${x.toFixed(1).padStart(4)} %`);
  const lines = ['style                         processes  spread   noise  share  ρ cold'];
  for (const s of result.styles) {
    lines.push(`${s.variant.padEnd(30)}${String(s.processes).padStart(9)}  ${p(s.spreadPct)}  ${p(s.noisePct)}  ${f(s.noiseShare).padStart(5)}  ${f(s.cold).padStart(6)}`);
  }
  const base = result.baseline && result.baseline.spreadPct !== null ? ` (nested callbacks: ${result.baseline.spreadPct.toFixed(1)} %)` : '';
  lines.push('',
    `median over ${result.styles.length} styles:`,
    `  the warm figure's spread between processes: ${result.spreadPct.toFixed(1)} %${base}`,
    `  the noise of one process's figure (standard error of its window's median): ${result.noisePct.toFixed(1)} %`,
    `  the share of the spread between processes that this noise explains: ${Math.round(result.noiseShare * 100)} %`,
    `  Spearman's ρ of the warm figure against the same process's cold batch: ${f(result.cold)}`);
  return lines.join('\n');
}

function main(argv) {
  const { help, values, positionals } = parseCommandLine(argv, {
    options: { n: { type: 'string' }, scenario: { type: 'string' } }, positionals: true,
  });
  if (help) return console.log(USAGE);
  if (positionals.length !== 1) throw new UsageError('give one data file, e.g. data/perf-node-24.json');
  let perf;
  try {
    perf = JSON.parse(fs.readFileSync(positionals[0], 'utf8'));
  } catch (err) {
    throw new InputError(`${positionals[0]}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
  }
  const n = values.n === undefined ? 1000 : decimal('--n', values.n, { integer: true, min: 1 });
  console.log(format(warmLevels(perf, { n, scenario: values.scenario || 'upload' })));
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    reportFailure('warm-levels', err);
  }
}

module.exports = { warmLevels, styleLevels, format };
