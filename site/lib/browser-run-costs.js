'use strict';
// What one repetition of each style costs in a browser, for the runner's
// estimate (assets/js/runner/plan.js): read from the benchmark's own
// Chromium run (data/perf-chromium.json, npm run bench -- --runtimes
// chromium), which times the very worker bundles the runner uses, one fresh
// worker per repetition, on one of our two-core hosts. Per style, over its
// ok repetitions at the runner's n, CPU-bound:
//   overheadMs   median of what a repetition took beyond its batches (the
//                harness opens a fresh page for each, the runner only a
//                worker: an estimate that errs long)
//   coldMs       median cold batch
//   batchMs      mean warm batch, steady or not (a duration is a sum)
//   steadyShare  the share of repetitions whose warm series settled
// and a typical cost (the median of each field) for a style the run has no
// figures of.
const { median } = require('../../scripts/lib/stats');
const { perfFile } = require('./perf-files');
const { selectCells } = require('./cells');

const BROWSER = 'chromium';

class NoBrowserCostsError extends Error {
  constructor(what) {
    super(`browserRunner: ${what}; the runner's estimate is priced from the benchmark's Chromium run. ` +
      'Run npm run bench -- --runtimes chromium --out data/perf-chromium.json, or give the runner no estimate.');
    this.name = 'NoBrowserCostsError';
    this.code = 'ENOBROWSERCOSTS';
  }
}

const round = (v, places) => Number(v.toFixed(places));
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

function cellCost(cell) {
  const ok = cell.samples.filter((s) => s.status === 'ok' && typeof s.timeMs === 'number');
  const batches = ok.flatMap((s) => s.warmBatchesMs || []);
  if (!ok.length || !batches.length) return null;
  const beyond = ok.filter((s) => typeof s.wallMs === 'number')
    .map((s) => Math.max(0, s.wallMs - s.timeMs - (s.warmBatchesMs || []).reduce((a, b) => a + b, 0)));
  return {
    overheadMs: beyond.length ? Math.round(median(beyond)) : 0,
    coldMs: round(median(ok.map((s) => s.timeMs)), 1),
    batchMs: round(mean(batches), 1),
    steadyShare: round(ok.filter((s) => typeof s.warmMs === 'number').length / ok.length, 3),
  };
}

// load: the build's loader; n: the runner's batch size → { runtime, byStyle, typical }
function browserRunCosts(load, n) {
  const name = perfFile(BROWSER);
  if (!load.has(name)) throw new NoBrowserCostsError(`data/${name}.json is missing`);
  const hit = load(name);
  const cells = selectCells(hit.data, { runtime: BROWSER, scenario: 'upload', mode: 'cpu', maxN: null }).filter((c) => c.n === n);
  const byStyle = {};
  for (const c of cells) {
    const cost = cellCost(c);
    if (cost) byStyle[c.variant] = cost;
  }
  const all = Object.values(byStyle);
  if (!all.length) throw new NoBrowserCostsError(`${hit.shown} has no CPU-bound upload repetition with warm batches at n = ${n}`);
  const typical = {};
  for (const k of ['overheadMs', 'coldMs', 'batchMs', 'steadyShare']) typical[k] = median(all.map((c) => c[k]));
  return { runtime: cells[0].runtime, byStyle, typical };
}

module.exports = { browserRunCosts, cellCost, NoBrowserCostsError };
