'use strict';
// data/perf-<profile>.json (asyncbench/perf@1, data/schema/perf.schema.json,
// one file per runtime profile; the scale sweep's data/perf-sweep.json has
// the same shape) -> the performance charts, the tables of parallel calls and
// a variant's figures for its page (the floor's costs are retired: data/SCHEMA.md).
//
//   {% chart "perf", mode="cpu", metric="time", runtime="node-20", exclude="qasync|rx" %}
//     metric: time | memory | heap | latency-p50 | latency-p99; sweep=true reads perf-sweep
//     runtime= reads that profile's file (perf-node-20); unnamed, "now" (site/lib/perf-files.js)
//   {% dataTable "parallel", n=1000, mode="io" %}     {% dataTable "parallel", era="2013" %}
//
// A chart's `floor` is the harness's floor workload (cells of variant
// "floor"), drawn on time charts as a reference line apart from the styles:
// never a series, so the reader's filter and the legend's toggles never
// count it as a style.
//
// A chart over n draws the cells of one host (site/lib/host-guard.js
// drawOneHost: a file's sizes may come from runs on different hosts, whose
// raw figures do not compare), and its caption names what it left out; the
// parallel table ranks the styles, so its cells must be one host.
const { range } = require('../format');
const { PERF_METRICS } = require('../lib/perf-metrics');
const { FLOOR_ID, FLOOR_LABEL, MODES, selectCells, summary, groupPoints, toSeries } = require('../lib/cells');
const { perfEnv, perfProvenance, hostOf } = require('../lib/provenance');
const { drawOneHost, oneHost, runFlags } = require('../lib/host-guard');
const { reference } = require('./reference-2013');
const { perfFile, DEFAULT_PERF } = require('../lib/perf-files');
const { NOW_RUNTIME } = require('../lib/runtime-match');
const { runtimesOfCells, exactName } = require('../../scripts/lib/runtime-id');
const { engineNote } = require('./matrix');
const { readerReason } = require('../lib/skip-reason');

const DEFAULT_MAX_N = 2000; // the article's n; larger n belong to the scale sweep

function perfChart(args, load) {
  const metric = PERF_METRICS[args.metric || 'time'];
  if (!metric) throw new Error(`charts: unknown metric "${args.metric}"; use one of ${Object.keys(PERF_METRICS).join(', ')}.`);
  const mode = args.mode || 'cpu';
  if (!MODES[mode]) throw new Error(`charts: unknown mode "${mode}"; use one of ${Object.keys(MODES).join(', ')}.`);
  const sweep = args.sweep === true || args.sweep === 'true';
  // The scale sweep has its own file (npm run bench:sweep), so a rerun of the
  // article's n range never has to redo the slow large-n cells.
  const hit = load(sweep ? 'perf-sweep' : perfFile(args.runtime));
  const { data } = hit;
  const q = { runtime: args.runtime, scenario: args.scenario || 'upload', mode, maxN: sweep ? null : Number(args.maxN || DEFAULT_MAX_N) };
  const drawn = drawOneHost(hit, selectCells(data, q));
  const { cells } = drawn;
  const byVariant = groupPoints(cells, (c) => c[metric.key]);
  const floorPoints = byVariant.get(FLOOR_ID);
  byVariant.delete(FLOOR_ID);
  // Only time has a floor to compare with: memory and latency per call are
  // not a sum of what every style pays.
  const floor = metric === PERF_METRICS.time && floorPoints ? toSeries(new Map([[FLOOR_LABEL, floorPoints]]))[0] : null;
  const scenario = q.scenario === 'upload' ? '' : ` (${q.scenario} scenario)`;
  return {
    title: `${MODES[mode]}${sweep ? ' scale sweep' : ''}${scenario}: ${metric.title.toLowerCase()}`,
    x: { title: 'Parallel calls (n)', unit: '' },
    y: { title: metric.title, unit: metric.unit },
    series: toSeries(byVariant),
    floor,
    ...withNote(perfProvenance(hit, cells, { metric: args.metric }), drawn.note),
  };
}

// The provenance fields with one more note first (what a one-host chart left out).
const withNote = (prov, note) => (note ? { ...prov, notes: [note, ...prov.notes] } : prov);

// Fastest first, as the 2013 table of 1000 parallel calls.
function parallel(args, load) {
  if (args.era === '2013') {
    const { data, source } = reference(load);
    return {
      caption: `Parallel calls in 2013: ${data.parallel1000.description}`,
      columns: [{ key: 'name', title: 'Variant' }, { key: 'time', title: 'Time', unit: 'ms', num: true }, { key: 'memory', title: 'Memory', unit: 'MB', num: true }],
      rows: [...data.parallel1000.rows].sort((a, b) => a.timeMs - b.timeMs).map((r) => ({ name: r.file, time: r.timeMs, memory: r.memoryMb, raw: { time: r.timeMs, memory: r.memoryMb } })),
      sort: { by: 'time' },
      env: data.source.runtime,
      source,
    };
  }
  const n = Number(args.n || 1000);
  const q = { runtime: args.runtime, scenario: args.scenario || 'upload', mode: args.mode || 'io' };
  const hit = load(perfFile(args.runtime));
  const { data } = hit;
  // The floor workload is no style, and its costs are not published (data/SCHEMA.md).
  const cells = selectCells(data, { ...q, maxN: n }).filter((c) => c.n === n && summary(c.time) && c.variant !== FLOOR_ID);
  oneHost(hit, cells, `the parallel table (${q.mode}, n = ${n}, ${hit.shown})`);
  const rows = cells
    .map((c) => ({ name: c.variant, t: summary(c.time), m: summary(c.memory) }))
    .sort((a, b) => a.t[0] - b.t[0])
    // raw: the medians the cells start with, which a sortable table sorts by (site/render/table-sort.js).
    .map((r) => ({ name: r.name, time: range(r.t, 1), memory: range(r.m, 2), raw: { time: r.t[0], memory: r.m ? r.m[0] : null } }));
  return {
    caption: `${n} parallel calls, ${MODES[q.mode] || q.mode}: median time and peak memory (min–max over repetitions), fastest first`,
    columns: [{ key: 'name', title: 'Variant' }, { key: 'time', title: 'Time', unit: 'ms', num: true }, { key: 'memory', title: 'Peak memory', unit: 'MB', num: true }],
    rows,
    sort: { by: 'time' },
    ...perfProvenance(hit, cells),
  };
}


// ---- one variant's figures (the variant pages) -----------------------------

function runtimeLabel(perf, cell) {
  const run = (perf.runs || {})[cell.run];
  const rt = run && run.runtimes && run.runtimes[cell.runtime];
  if (!rt || !rt.name) return cell.runtime;
  return exactName(rt);
}

// Rows per runtime, runtimes in release order (scripts/lib/runtime-id.js, the
// order of the runtime matrix), and per mode in MODES order. A cell that did
// not finish keeps its status. The variant pages pass every profile's file
// at once (site/lib/perf-files.js), so the data's own order says nothing.
function perfOf(perf, id, { n, scenario = 'upload' }) {
  const cells = (perf && Array.isArray(perf.cells) ? perf.cells : [])
    .filter((c) => c.variant === id && c.scenario === scenario && c.n === n);
  const runtimes = new Map();
  for (const info of runtimesOfCells(perf || {}, cells)) runtimes.set(info.id, { id: info.id, engine: info.engine, info, label: null, rows: [] });
  for (const c of cells) {
    const r = runtimes.get(c.runtime);
    r.label = r.label || runtimeLabel(perf, c);
    r.rows.push({
      mode: c.mode,
      modeLabel: MODES[c.mode] || c.mode,
      // Each row names its host: the runtimes' rows side by side come from
      // different hosts, whose times do not compare (site/lib/host-guard.js).
      host: hostOf(perf, c),
      status: c.status,
      error: c.error ? readerReason(c.error) : null,
      time: c.time && typeof c.time.median === 'number' ? c.time : null,
      memory: c.memory && typeof c.memory.median === 'number' ? c.memory : null,
      ioFloorMs: c.ioFloorMs,
      t: c.t,
      noisy: c.noisy === true,
    });
  }
  const order = Object.keys(MODES);
  for (const r of runtimes.values()) r.rows.sort((a, b) => order.indexOf(a.mode) - order.indexOf(b.mode));
  const shown = [...runtimes.values()];
  // "Measured on" names the runtimes in the table's order.
  const rank = new Map(shown.map((r, i) => [r.id, i]));
  const measured = cells.filter((c) => c.status === 'ok').sort((a, b) => rank.get(a.runtime) - rank.get(b.runtime));
  // Memory beside memory from another engine says it is not comparable
  // (the project's rule, worded once in the matrix model).
  const withMemory = shown.filter((r) => r.rows.some((x) => x.memory)).map((r) => r.info);
  // What measures a variant added since the last run, on "now".
  const measure = `npm run bench -- --runtimes ${NOW_RUNTIME} --variants '^${id}$' --resume --out data/${DEFAULT_PERF}.json`;
  return {
    n, scenario,
    runtimes: shown.map(({ info, ...r }) => r),
    env: measured.length ? perfEnv(perf, measured) : '',
    flags: runFlags(perf, measured),
    engineNote: engineNote(withMemory),
    measure,
  };
}

module.exports = { charts: { perf: perfChart }, tables: { parallel }, perfOf, DEFAULT_MAX_N };
