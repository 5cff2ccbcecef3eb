'use strict';
// Tests that need other figures in a perf@1 file change the samples, and the
// harness derives the figures again, as a run would: the data check refuses
// a summary its samples contradict (site/lib/derived-figures.js).
const { summarizeCell } = require('../../scripts/harness/datafile');
const { medianCi } = require('../../scripts/lib/stats');

// Gives the ok samples of `cell` the times `times(old)`
// returns (an array, one per ok sample in order), then derives the cell's
// summaries again. The samples are copied first: cells copied with {...cell}
// share them.
function setTimes(cell, times) {
  cell.samples = cell.samples.map((s) => ({ ...s }));
  const ok = cell.samples.filter((s) => s.status === 'ok');
  const next = times(ok.map((s) => s.timeMs));
  if (next.length !== ok.length) throw new Error(`setTimes: ${next.length} times for ${ok.length} ok samples of ${cell.key}`);
  ok.forEach((s, i) => { s.timeMs = next[i]; });
  summarizeCell(cell, cell.timeCi ? { ciTarget: cell.timeCi.targetPct } : {});
  return cell;
}

const scaleTimes = (cell, factor) => setTimes(cell, (old) => old.map((t) => t * factor));

// n times whose median is `median` and whose 95 % interval of the median
// (stats.medianCi: the j-th smallest and the j-th largest) is [lo, hi].
function timesWithInterval(n, { median, lo, hi }) {
  const j = medianCi(Array.from({ length: n }, (_, i) => i)).loRank;
  if (!j) throw new Error(`timesWithInterval: ${n} samples have no 95 % interval (6 at least)`);
  return [...Array(j).fill(lo), ...Array(n - 2 * j).fill(median), ...Array(j).fill(hi)];
}

module.exports = { setTimes, scaleTimes, timesWithInterval };
