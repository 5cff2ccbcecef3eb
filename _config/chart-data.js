'use strict';
// Data files -> chart and table models. Everything that knows the shape of
// data/perf.json, data/complexity.json, data/debuggability.json and
// data/reference-2013.json lives here, so a schema change is a local edit.
//
// A chart model is what the browser draws and the build-time table shows:
//   { id, title, x: {title, unit}, y: {title, unit}, log, logToggle,
//     filter: {mode: 'hide'|'show', regex}, env, source, placeholder,
//     series: [{ label, data: [[x, median, min, max, reps], ...] }] }
// min/max are null and reps is 1 when a point was measured once.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const DATA_DIR = path.join(ROOT, 'data');
const FIXTURE_DIR = path.join(ROOT, 'test', 'fixtures', 'charts');

// Real data win; a fixture of the same shape stands in (and is labelled as a
// placeholder on the page) until the harness and analyzers commit theirs.
function makeLoader({ dataDir = DATA_DIR, fixtureDir = FIXTURE_DIR } = {}) {
  const cache = new Map();
  return function load(name) {
    if (cache.has(name)) return cache.get(name);
    let hit = null;
    for (const [dir, placeholder] of [[dataDir, false], [fixtureDir, true]]) {
      if (!dir) continue;
      const file = path.join(dir, `${name}.json`);
      if (!fs.existsSync(file)) continue;
      try {
        hit = { data: JSON.parse(fs.readFileSync(file, 'utf8')), placeholder, file };
      } catch (err) {
        throw new Error(`charts: cannot parse ${path.relative(ROOT, file)}: ${err.message}. Regenerate it with its npm script.`);
      }
      break;
    }
    if (!hit) {
      throw new Error(`charts: no data file "${name}.json" in ${path.relative(ROOT, dataDir)}/ (nor a fixture). Run the script that writes it.`);
    }
    cache.set(name, hit);
    return hit;
  };
}

// ---- perf.json adapter: the only code that reads its cells and env --------

const METRICS = {
  time: { title: 'Time for all n calls', unit: 'ms', pick: (c) => c.time },
  memory: { title: 'Peak memory', unit: 'MB', pick: (c) => c.memory },
  'latency-p50': { title: 'Per-call latency, median', unit: 'ms', pick: (c) => c.latency && c.latency.p50 },
  'latency-p99': { title: 'Per-call latency, 99th percentile', unit: 'ms', pick: (c) => c.latency && c.latency.p99 },
};

const MODES = { cpu: 'CPU-bound', io: 'I/O-bound', scale: 'scale sweep' };

function perfCells(perf) {
  if (!Array.isArray(perf.results)) throw new Error('charts: perf data has no "results" array; has the schema changed? Update _config/chart-data.js.');
  return perf.results;
}

function perfEnv(perf) {
  const e = perf.env || {};
  const parts = [
    e.runtime && `${e.runtime} ${e.version || ''}`.trim(),
    e.flags && e.flags.length ? `flags ${e.flags.join(' ')}` : null,
    e.cpu && `${e.cpu}${e.cores ? ` (${e.cores} cores)` : ''}`,
    e.os,
    e.date,
    e.commit && `commit ${String(e.commit).slice(0, 10)}`,
  ];
  return parts.filter(Boolean).join(', ');
}

function summary(m) {
  if (!m || typeof m.median !== 'number') return null;
  const reps = m.count || (m.samples ? m.samples.length : 1);
  return reps > 1 ? [m.median, m.min, m.max, reps] : [m.median, null, null, 1];
}

function selectCells(perf, q) {
  return perfCells(perf).filter(
    (c) =>
      c.status === 'ok' &&
      (!q.runtime || c.runtime === q.runtime) &&
      (!q.scenario || c.scenario === q.scenario) &&
      (!q.mode || c.mode === q.mode),
  );
}

// ---- chart builders --------------------------------------------------------

function perfChart(args, load) {
  const metric = METRICS[args.metric || 'time'];
  if (!metric) throw new Error(`charts: unknown metric "${args.metric}"; use one of ${Object.keys(METRICS).join(', ')}.`);
  const { data, placeholder } = load('perf');
  const q = { runtime: args.runtime, scenario: args.scenario || 'upload', mode: args.mode || 'cpu' };
  const byVariant = new Map();
  for (const cell of selectCells(data, q)) {
    const s = summary(metric.pick(cell));
    if (!s) continue;
    if (!byVariant.has(cell.variant)) byVariant.set(cell.variant, []);
    byVariant.get(cell.variant).push([cell.n, ...s]);
  }
  if (byVariant.size === 0) {
    throw new Error(`charts: no "ok" cells in perf data for ${JSON.stringify(q)}; check the shortcode arguments against the data.`);
  }
  return {
    title: `${MODES[q.mode] || q.mode}: ${metric.title.toLowerCase()}`,
    x: { title: 'Parallel calls (n)', unit: '' },
    y: { title: metric.title, unit: metric.unit },
    series: toSeries(byVariant),
    env: perfEnv(data),
    source: null,
    placeholder,
  };
}

const REF_SETS = { cpu: 'cpuBound', io: 'ioBound', memory: 'memory' };

function referenceChart(args, load) {
  const key = REF_SETS[args.set || 'cpu'];
  if (!key) throw new Error(`charts: unknown 2013 set "${args.set}"; use one of ${Object.keys(REF_SETS).join(', ')}.`);
  const { data } = load('reference-2013');
  const set = data[key];
  const byVariant = new Map(set.series.map((s) => [s.label, s.points.map((p) => [p.n, p.value, null, null, 1])]));
  return {
    title: `2013: ${set.description}`,
    x: { title: 'Parallel calls (n)', unit: '' },
    y: { title: key === 'memory' ? 'Peak memory' : 'Time for all n calls', unit: set.unit },
    series: toSeries(byVariant),
    env: data.source.runtime,
    source: { text: `${data.source.author}, “${data.source.title}” (${data.source.published})`, url: data.source.url },
    placeholder: false,
  };
}

function toSeries(byVariant) {
  return [...byVariant]
    .map(([label, points]) => ({ label, data: points.sort((a, b) => a[0] - b[0]) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

const CHARTS = { perf: perfChart, 2013: referenceChart };

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
  const id = args.id || [source, args.set, args.mode, args.metric, args.scenario !== 'upload' && args.scenario, args.runtime]
    .filter(Boolean).join('-');
  const values = model.series.flatMap((s) => s.data.map((p) => p[1])).filter((v) => v > 0);
  const spread = values.length ? Math.max(...values) / Math.min(...values) : 1;
  return {
    id: id.replace(/[^a-z0-9-]+/gi, '-').toLowerCase(),
    ...model,
    title: args.title || model.title,
    filter: { mode: args.include ? 'show' : 'hide', regex: args.include || args.exclude || '' },
    log: args.log === true || args.log === 'true',
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

module.exports = { makeLoader, chartModel, visibleSeries, selectCells, perfEnv, summary, METRICS, MODES };
