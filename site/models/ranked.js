'use strict';
// The ranked chart: the headline comparison at one n, one row per style
// sorted by median time, with the median's 95 % interval (cell.timeCi, see
// data/SCHEMA.md "Noise") as whiskers, so a reader sees at a glance which
// styles are faster and which could not be told apart (overlapping whiskers).
//
//   {% chart "ranked", mode="cpu", n=1000 %}   (metric=warm, scenario=, runtime=, exclude= or include=)
//   runtime= reads that profile's file (perf-node-20); unnamed, "now" (site/lib/perf-files.js)
//
// The model has the shape of the other chart models (site/models/index.js):
// each series is a style with the one point [n, median, interval low,
// interval high, repetitions], sorted fastest first, and `floor` the floor
// workload's point; `kind: 'ranked'` tells the page and site/render/ranked-html.js
// to draw rows instead of lines.
const { selectCells, FLOOR_ID, FLOOR_LABEL, MODES } = require('../lib/cells');
const { perfProvenance } = require('../lib/provenance');
const { oneHost } = require('../lib/host-guard');
const { perfFile } = require('../lib/perf-files');
const { round } = require('../format');

const ZOOM_BELOW = 1.5; // slowest / fastest median under which the axis leaves out zero

// [n, median, low, high, reps]; low and high are null when the cell has no
// interval (too few repetitions for 95 %).
// metric: the cold time (time, timeCi) or the warm one (warm, warmCi).
const RANKED = {
  time: { figure: 'time', ci: 'timeCi', words: 'time for all n calls' },
  warm: { figure: 'warm', ci: 'warmCi', words: 'warm time for all n calls' },
};
function point(cell, m = RANKED.time) {
  const c = cell[m.ci];
  const ci = c && typeof c.lo === 'number' && typeof c.hi === 'number' ? c : null;
  return [cell.n, round(cell[m.figure].median), ci ? round(ci.lo) : null, ci ? round(ci.hi) : null, cell[m.figure].count || 1];
}

function rankedChart(args, load) {
  const mode = args.mode || 'cpu';
  if (!MODES[mode]) throw new Error(`charts: unknown mode "${mode}" for the ranked chart; use one of ${Object.keys(MODES).join(', ')}.`);
  const m = RANKED[args.metric || 'time'];
  if (!m) throw new Error(`charts: the ranked chart ranks time or warm (its whiskers are the median's 95 % interval); got metric="${args.metric}".`);
  const n = Number(args.n || 1000);
  const hit = load(perfFile(args.runtime));
  const { data } = hit;
  const cells = selectCells(data, { runtime: args.runtime, scenario: args.scenario || 'upload', mode, maxN: null })
    .filter((c) => c.n === n && c[m.figure] && typeof c[m.figure].median === 'number');
  const keep = args.include ? new RegExp(args.include) : null;
  const drop = args.exclude ? new RegExp(args.exclude) : null;
  const styles = cells.filter((c) => c.variant !== FLOOR_ID && (!keep || keep.test(c.variant)) && !(drop && drop.test(c.variant)));
  const series = styles
    .map((c) => ({ label: c.variant, data: [point(c, m)] }))
    .sort((a, b) => a.data[0][1] - b.data[0][1] || a.label.localeCompare(b.label));
  const floorCell = cells.find((c) => c.variant === FLOOR_ID);
  // A ranking compares raw times: every row from one host (site/lib/host-guard.js).
  oneHost(hit, cells, `the ranked chart (${args.scenario || 'upload'}, ${mode}, n = ${n}, ${hit.shown})`);
  // A zero-based axis keeps the ratios honest; where every style is within
  // half again of the fastest (the I/O-bound case), it would squeeze the
  // rows into one column and hide which whiskers overlap, so the axis then
  // starts near the fastest, and its title says so.
  const medians = series.map((s) => s.data[0][1]).filter((v) => v > 0);
  const zeroBased = !medians.length || Math.max(...medians) / Math.min(...medians) >= ZOOM_BELOW;
  const scenario = args.scenario && args.scenario !== 'upload' ? ` (${args.scenario} scenario)` : '';
  return {
    kind: 'ranked',
    title: `${MODES[mode]}${scenario}: ${m.words} at n = ${n}, ranked`,
    x: { title: 'Parallel calls (n)', unit: '' },
    y: { title: m.words[0].toUpperCase() + m.words.slice(1), unit: 'ms' },
    series,
    floor: floorCell && floorCell[m.figure] ? { label: FLOOR_LABEL, data: [point(floorCell, m)] } : null,
    rangeNames: ['95 % low', '95 % high'],
    zeroBased,
    ...perfProvenance(hit, cells, { metric: args.metric }),
  };
}

module.exports = { charts: { ranked: rankedChart }, tables: {}, rankedChart, ZOOM_BELOW };
