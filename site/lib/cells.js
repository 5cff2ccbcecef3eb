'use strict';
// Reading the rows of a data file: the cells of a perf@1-shaped file
// (data/perf-<profile>.json, and the scenario files that share its shape: chains,
// delegation, streamline-modes) into chart series (which cells a page shows,
// a cell's summary as a point, points grouped into series), and the
// variants of an analyzer's file. Shared by the models.
const { round } = require('../format');
const { runtimeMatches, nowCells } = require('./runtime-match');

// The floor workload's cells (scripts/harness/plan.js FLOOR) and its label.
const FLOOR_ID = 'floor';
const FLOOR_LABEL = 'floor (no style)';
const MODES = { cpu: 'CPU-bound', io: 'I/O-bound' };

function perfCells(perf) {
  if (!Array.isArray(perf.cells)) throw new Error('charts: perf data has no "cells" array; has the schema changed? Update site/lib/cells.js.');
  return perf.cells;
}

// The per-variant rows of an analyzer's file (complexity, debuggability).
function variantsOf(data, file) {
  const rows = data.variants || data.rows;
  if (!Array.isArray(rows)) throw new Error(`tables: ${file} has no "variants" array; has the schema changed? Update site/models/${file.replace(/\.json$/, '.js')}.`);
  return rows;
}

// A metric summary ({median, min, max, count}) -> [median, min, max, reps];
// min and max are null and reps is 1 when it was measured once.
function summary(m) {
  if (!m || typeof m.median !== 'number') return null;
  const reps = m.count || 1;
  return reps > 1 && typeof m.min === 'number' ? [m.median, m.min, m.max, reps] : [m.median, null, null, 1];
}

// runtime= matches a runtime id or its prefix ("node-20" -> "node-20.20.2",
// "node-24" -> the profile id "node-24@24.21.0").
// Without one, "now" is used (NOW_RUNTIME, the current Node LTS) when the
// data hold it, else the runtime with the most measured cells, so runs of
// other runtimes never mix into one series.
// keepFailed: the runtime is still chosen from the measured cells, but every
// cell of it that was planned and not skipped is returned (a sweep's
// failed sizes are what says where it stopped).
function selectCells(perf, q) {
  const all = perfCells(perf).filter(
    (c) =>
      (!q.scenario || c.scenario === q.scenario) &&
      (!q.mode || c.mode === q.mode) &&
      (!q.maxN || c.n <= q.maxN) &&
      (!q.runtime || runtimeMatches(c.runtime, q.runtime)),
  );
  const ok = all.filter((c) => c.status === 'ok');
  const chosen = q.runtime || ok.length === 0 ? ok : nowCells(ok) || mostMeasured(ok);
  if (!q.keepFailed) return chosen;
  const runtimes = new Set(chosen.map((c) => c.runtime));
  return all.filter((c) => runtimes.has(c.runtime) && c.status !== 'skipped');
}

function mostMeasured(ok) {
  const counts = new Map();
  for (const c of ok) counts.set(c.runtime, (counts.get(c.runtime) || 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  return ok.filter((c) => c.runtime === best);
}

// Cells -> Map variant -> [[x, median, min, max, reps], ...], skipping cells
// without the metric. `pick` reads the metric's summary from a cell, `x` the
// point's position (n unless told).
function groupPoints(cells, pick, x = (c) => c.n) {
  const byVariant = new Map();
  for (const cell of cells) {
    const s = summary(pick(cell));
    if (!s) continue;
    if (!byVariant.has(cell.variant)) byVariant.set(cell.variant, []);
    byVariant.get(cell.variant).push([x(cell), ...s]);
  }
  return byVariant;
}

// Map key -> points -> chart series, rounded (site/format.js) and sorted by x,
// the series sorted by label. `label` turns a key into the series' label.
function toSeries(byVariant, label = (key) => key) {
  return [...byVariant]
    .map(([key, points]) => ({ label: label(key), data: points.map((p) => [p[0], round(p[1]), round(p[2]), round(p[3]), p[4]]).sort((a, b) => a[0] - b[0]) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

module.exports = { FLOOR_ID, FLOOR_LABEL, MODES, perfCells, variantsOf, summary, selectCells, groupPoints, toSeries };
