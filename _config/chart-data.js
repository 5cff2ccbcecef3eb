'use strict';
// Data files -> chart and table models. Everything that knows the shape of
// data/perf.json, data/complexity.json, data/debuggability.json and
// data/reference-2013.json lives here, so a schema change is a local edit.
//
// A chart model is what the browser draws and the build-time table shows:
//   { id, title, x: {title, unit}, y: {title, unit}, log, xlog, logToggle,
//     filter: {mode: 'hide'|'show', regex}, env, source, incomplete,
//     series: [{ label, data: [[x, median, min, max, reps], ...] }],
//     floor: null | { label, data: same } }
// min/max are null and reps is 1 when a point was measured once. `floor` is
// the harness's floor workload (cells of variant "floor"), drawn on time
// charts as a reference line apart from the styles: never a series, so the
// reader's filter and the legend's toggles never count it as a style.
const { makeLoader } = require('./data-files');
const { runtimeMatches, nowCells } = require('./runtime-match');
const { machinesNote } = require('./machines-note');

// What a model says about data that are not final (a draft build with
// ASYNCBENCH_ALLOW_INCOMPLETE=1): "data/perf.json: 1 unfinished run", or ''.
const incompleteNote = (hit) => (hit.incomplete ? `${hit.shown}: ${hit.incomplete}` : '');

// ---- perf.json adapter (asyncbench/perf@1, data/schema/perf.schema.json) --

const METRICS = {
  time: { title: 'Time for all n calls', unit: 'ms', pick: (c) => c.time },
  memory: { title: 'Peak memory', unit: 'MB', pick: (c) => c.memory },
  heap: { title: 'JS heap in use at the end', unit: 'MB', pick: (c) => c.heap },
  'latency-p50': { title: 'Per-call latency, median', unit: 'ms', pick: (c) => c.latencyP50 },
  'latency-p99': { title: 'Per-call latency, 99th percentile', unit: 'ms', pick: (c) => c.latencyP99 },
};

const MODES = { cpu: 'CPU-bound', io: 'I/O-bound' };
// The floor workload's cells (scripts/harness/plan.js FLOOR) and its label.
const FLOOR_ID = 'floor';
const FLOOR_LABEL = 'floor (no style)';
const DEFAULT_MAX_N = 2000; // the article's n; larger n belong to the scale sweep

function perfCells(perf) {
  if (!Array.isArray(perf.cells)) throw new Error('charts: perf data has no "cells" array; has the schema changed? Update _config/chart-data.js.');
  return perf.cells;
}

// "Measured on ..." for the runs the given cells came from.
function perfEnv(perf, cells = perfCells(perf)) {
  const runIds = [...new Set(cells.map((c) => c.run))];
  // Runs that differ only in the commit (a late variant measured with
  // --resume) share one description listing their commits.
  const groups = new Map();
  for (const id of runIds) {
    const run = (perf.runs || {})[id];
    if (!run) continue;
    const rt = (run.runtimes || {})[id.split('/').pop()] || Object.values(run.runtimes || {})[0] || {};
    const flags = [...(rt.flags || [])];
    const h = run.host || {};
    const text = [
      rt.name && `${rt.name} ${rt.version || ''}`.trim() + (flags.length ? ` ${flags.join(' ')}` : ''),
      h.cpu && `${h.cpu}${h.cores ? ` (${h.cores} cores)` : ''}`,
      h.os,
      run.date && String(run.date).slice(0, 10),
    ].filter(Boolean).join(', ');
    // What the cells hold, not the run's base setting: adaptive passes add
    // repetitions where the spread is wide (scripts/harness/adaptive.js).
    const held = cells.filter((c) => c.run === id && Array.isArray(c.samples)).map((c) => c.samples.filter((x) => x.status === 'ok').length).filter((k) => k > 0);
    const lo = held.length ? Math.min(...held) : run.harness && run.harness.reps;
    const hi = held.length ? Math.max(...held) : lo;
    const reps = lo && `${lo === hi ? lo : `${lo}–${hi}`} repetition${hi > 1 ? 's' : ''} per point`;
    const key = `${text}|${reps || ''}`;
    if (!groups.has(key)) groups.set(key, { text, reps, commits: [] });
    if (run.git && run.git.commit) {
      const c = run.git.commit.slice(0, 10) + (run.git.dirty ? ' (uncommitted changes)' : '');
      if (!groups.get(key).commits.includes(c)) groups.get(key).commits.push(c);
    }
  }
  return [...groups.values()].map((g) => [
    g.text,
    g.commits.length && `commit${g.commits.length > 1 ? 's' : ''} ${g.commits.join(' and ')}`,
    g.reps,
  ].filter(Boolean).join(', ')).join('; ');
}

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
function selectCells(perf, q) {
  const ok = perfCells(perf).filter(
    (c) =>
      c.status === 'ok' &&
      (!q.scenario || c.scenario === q.scenario) &&
      (!q.mode || c.mode === q.mode) &&
      (!q.maxN || c.n <= q.maxN) &&
      (!q.runtime || runtimeMatches(c.runtime, q.runtime)),
  );
  if (q.runtime || ok.length === 0) return ok;
  const now = nowCells(ok);
  if (now) return now;
  const counts = new Map();
  for (const c of ok) counts.set(c.runtime, (counts.get(c.runtime) || 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  return ok.filter((c) => c.runtime === best);
}

// ---- chart builders --------------------------------------------------------

function perfChart(args, load) {
  const metric = METRICS[args.metric || 'time'];
  if (!metric) throw new Error(`charts: unknown metric "${args.metric}"; use one of ${Object.keys(METRICS).join(', ')}.`);
  const mode = args.mode || 'cpu';
  if (!MODES[mode]) throw new Error(`charts: unknown mode "${mode}"; use one of ${Object.keys(MODES).join(', ')}.`);
  const sweep = args.sweep === true || args.sweep === 'true';
  // The scale sweep has its own file (npm run bench:sweep), so a rerun of the
  // article's n range never has to redo the slow large-n cells.
  const hit = load(sweep ? 'perf-sweep' : 'perf');
  const { data } = hit;
  const q = { runtime: args.runtime, scenario: args.scenario || 'upload', mode, maxN: sweep ? null : Number(args.maxN || DEFAULT_MAX_N) };
  const cells = selectCells(data, q);
  const byVariant = new Map();
  const floorPoints = [];
  for (const cell of cells) {
    const s = summary(metric.pick(cell));
    if (!s) continue;
    if (cell.variant === FLOOR_ID) {
      floorPoints.push([cell.n, ...s]);
      continue;
    }
    if (!byVariant.has(cell.variant)) byVariant.set(cell.variant, []);
    byVariant.get(cell.variant).push([cell.n, ...s]);
  }
  // Only time has a floor to compare with: memory and latency per call are
  // not a sum of what every style pays.
  const floor = metric === METRICS.time && floorPoints.length ? toSeries(new Map([[FLOOR_LABEL, floorPoints]]))[0] : null;
  const scenario = q.scenario === 'upload' ? '' : ` (${q.scenario} scenario)`;
  return {
    title: `${MODES[mode]}${sweep ? ' scale sweep' : ''}${scenario}: ${metric.title.toLowerCase()}`,
    x: { title: 'Parallel calls (n)', unit: '' },
    y: { title: metric.title, unit: metric.unit },
    series: toSeries(byVariant),
    floor,
    notes: [machinesNote(data, cells)].filter(Boolean),
    env: cells.length ? perfEnv(data, cells) : '',
    source: null,
    incomplete: incompleteNote(hit),
  };
}

const REF_SETS = { cpu: 'cpuBound', io: 'ioBound', memory: 'memory' };

function referenceChart(args, load) {
  const key = REF_SETS[args.set || 'cpu'];
  if (!key) throw new Error(`charts: unknown 2013 set "${args.set}"; use one of ${Object.keys(REF_SETS).join(', ')}.`);
  const hit = load('reference-2013');
  const { data } = hit;
  const set = data[key];
  const byVariant = new Map(set.series.map((s) => [s.label, s.points.map((p) => [p.n, p.value, null, null, 1])]));
  return {
    title: `2013: ${set.description}`,
    x: { title: 'Parallel calls (n)', unit: '' },
    y: { title: key === 'memory' ? 'Peak memory' : 'Time for all n calls', unit: set.unit },
    series: toSeries(byVariant),
    floor: null,
    env: data.source.runtime,
    source: { text: `${data.source.author}, “${data.source.title}” (${data.source.published})`, url: data.source.url },
    incomplete: incompleteNote(hit),
  };
}

// Three significant digits (whole numbers from 1000 up): run-to-run noise is
// far larger than that, and every extra digit is page weight.
const round = (v) => (typeof v !== 'number' ? v : Math.abs(v) >= 1000 ? Math.round(v) : Number(v.toPrecision(3)));

function toSeries(byVariant) {
  return [...byVariant]
    .map(([label, points]) => ({ label, data: points.map((p) => [p[0], round(p[1]), round(p[2]), round(p[3]), p[4]]).sort((a, b) => a[0] - b[0]) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

// chains: the Promises/A+ chains post (_config/chains-data.js, loaded when used).
// delegation: the generator delegation post (_config/delegation-data.js).
const CHARTS = { perf: perfChart, 2013: referenceChart, chains: (args, load) => require('./chains-data').chainsChart(args, load),
  delegation: (args, load) => require('./delegation-data').delegationChart(args, load),
  // the streamline modes post (_config/streamline-modes-data.js)
  'streamline-modes': (args, load) => require('./streamline-modes-data').streamlineModesChart(args, load),
  // matrix: every runtime side by side (_config/matrix-data.js, loaded when used).
  matrix: (args, load) => require('./matrix-data').matrixChart(args, load),
  // ranked: one row per style at one n, sorted, with 95 % intervals (_config/ranked-data.js).
  ranked: (args, load) => require('./ranked-data').rankedChart(args, load) };

function chartModel(source, args = {}, load = makeLoader()) {
  const build = CHARTS[source];
  if (!build) throw new Error(`charts: unknown chart source "${source}"; use one of ${Object.keys(CHARTS).join(', ')}.`);
  if (args.include && args.exclude) throw new Error('charts: give either include= or exclude=, not both.');
  for (const k of ['include', 'exclude']) {
    if (args[k]) {
      try {
        new RegExp(args[k]);
      } catch (err) {
        throw new Error(`charts: ${k}="${args[k]}" is not a valid regular expression (${err.message}).`);
      }
    }
  }
  const model = build(args, load);
  const id = args.id || [source, args.set, args.mode, args.metric, args.scenario !== 'upload' && args.scenario, args.sweep && 'sweep', args.runtime]
    .filter(Boolean).join('-');
  const values = model.series.flatMap((s) => s.data.map((p) => p[1])).filter((v) => v > 0);
  const spread = values.length ? Math.max(...values) / Math.min(...values) : 1;
  return {
    id: id.replace(/[^a-z0-9-]+/gi, '-').toLowerCase(),
    ...model,
    title: args.title || model.title,
    filter: { mode: args.include ? 'show' : 'hide', regex: args.include || args.exclude || '' },
    log: args.log === true || args.log === 'true',
    xlog: args.xlog === true || args.xlog === 'true', // for n spread over decades (the scale sweep)
    logToggle: spread >= 20, // a log axis only helps when values span orders of magnitude
  };
}

// Labels the author's filter keeps (what the chart first plots and the
// table and CSV show).
function visibleSeries(model) {
  if (!model.filter.regex) return model.series;
  const re = new RegExp(model.filter.regex);
  return model.series.filter((s) => re.test(s.label) === (model.filter.mode === 'show'));
}

module.exports = { FLOOR_ID, FLOOR_LABEL, makeLoader, incompleteNote, chartModel, visibleSeries, selectCells, perfEnv, summary, METRICS, MODES, DEFAULT_MAX_N };
