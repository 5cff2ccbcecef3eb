'use strict';
// Numbers in prose, read from data/ by key, so a rerun and rebuild updates the
// text and nothing numeric is typed by hand. The shortcodes (_config/prose.js):
//
//   {% num "perf", variant="original", mode="cpu", n=1000 %}            median time, ms
//   {% num "perf", variant="original", mode="io", n=1000, metric="memory", stat="p75", unit=true %}
//   {% ratio "perf", variant="original", over="async-await", mode="cpu", n=1000 %}
//   {% num "complexity", variant="original", field="tokens" %}         also uploadTokens, lines, depth, ...
//   {% num "debuggability", variant="original", field="total" %}        also sourceMaps, stackTraces; runtime= (default node-24)
//   {% num "2013", set="cpu", variant="co.js", n=1000 %}               a 2013 chart point
//   {% num "2013", table="complexity", variant="co.js", field="tokens" %}
//   {% num "delegation", variant="delegation-suspend", mode="flat", n=10000, metric="throughput" %}
//       also "streamline-modes" and "chains": a companion post's file, its
//       metrics time, memory, throughput (delegation), after-first (chains)
//   {% count "perf", of="variant", mode="cpu" %}                        distinct measured variants
//   {% runtimeVersion "node-20" %}                                      "20.20.2", from perf-node-20.json
//   {% v8Version "chromium" %}                                          "14.3", the V8 its runs recorded
//   {% nearestV8 "chromium" %}                                          "Node 26 (V8 14.6)": the Node whose V8 is nearest
//   {% variantRef "async-await" %}                                      link to the variant's page
//   {% compare "perf", a="original", b="async-await", mode="cpu", n=1000 %}   see compare.js
//
// perf takes scenario= (default upload) and runtime= (a runtime profile,
// "node-20": its file data/perf-node-20.json; unnamed, "now", node-24), and
// file= to read another perf file (perf-sweep); file="perf" is retired
// (site/lib/lookup.js perfHit). count "perf", of="runtime" counts over
// every profile's file. Anything the data do not hold (a variant, a
// runtime, a scenario, an n, a field) stops the build with the post, the key
// and what the data do hold.
const { figure, ratioText } = require('../format');
const { PERF_METRICS, SCENARIO_METRICS } = require('../lib/perf-metrics');
const { scenarioData } = require('../lib/measured');
const { FLOOR_ID } = require('../lib/cells');
const { nowCells } = require('../lib/runtime-match');
const { everyProfile } = require('../lib/perf-files');
const { debuggabilityView } = require('../models/debuggability');
const { REF_SETS } = require('../models/reference-2013');
const { ProseNumberError, narrow, same, runtimeMatch, perfHit, perfCell, scenarioCell } = require('../lib/lookup');
const { oneHost } = require('../lib/host-guard');

const STATS = ['median', 'min', 'max', 'p25', 'p75', 'iqr', 'mad', 'mean', 'cv', 'count'];

function statOf(kw) {
  const stat = kw.stat || 'median';
  if (!STATS.includes(stat)) throw new ProseNumberError(`unknown stat "${stat}"; use one of ${STATS.join(', ')}`);
  return stat;
}

// A cell's figure by metric (PERF_METRICS or SCENARIO_METRICS) and stat=.
function cellFigure(cell, metric, kw) {
  const stat = statOf(kw);
  const summary = cell[metric.key];
  const value = summary && summary[stat];
  if (typeof value !== 'number') throw new ProseNumberError(`${cell.key} has no ${kw.metric || 'time'} ${stat}`);
  return { value, unit: stat === 'count' || stat === 'cv' ? '' : metric.unit };
}

function metricIn(table, kw) {
  const metric = table[kw.metric || 'time'];
  if (!metric) throw new ProseNumberError(`unknown metric "${kw.metric}"; use one of ${Object.keys(table).join(', ')}`);
  return metric;
}

function perfValue(load, kw) {
  const metric = metricIn(PERF_METRICS, kw);
  statOf(kw);
  const hit = perfHit(load, kw);
  const cell = perfCell(hit, kw);
  // The cell and its file, for a ratio to check that its two cells share a host.
  return { ...cellFigure(cell, metric, kw), cell, hit };
}

// A companion post's file (data/delegation.json, streamline-modes.json,
// chains.json): the same keys as perf, variant= its full id, n="max" the
// most it measured. Without the file (the post is then a draft) the figure
// reads "(not measured yet)", as the post's charts do.
const NOT_MEASURED = '(not measured yet)';
function scenarioValue(name) {
  const { measured } = scenarioData(name);
  return (load, kw) => {
    const metric = metricIn(SCENARIO_METRICS, kw);
    statOf(kw);
    const hit = measured(load);
    if (!hit) return { text: NOT_MEASURED };
    const cell = scenarioCell(hit, name, kw);
    return { ...cellFigure(cell, metric, kw), cell, hit };
  };
}

function fieldOf(row, field, fields, where) {
  if (!fields.includes(field)) throw new ProseNumberError(`field= must be one of ${fields.join(', ')} for ${where} (got ${JSON.stringify(field)})`);
  const v = field.includes('.') ? field.split('.').reduce((o, k) => (o ? o[k] : undefined), row) : row[field];
  if (typeof v !== 'number') throw new ProseNumberError(`${where} has no number for ${field} of ${row.id || row.name || row.file} (it is ${JSON.stringify(v)})`);
  return v;
}

const COMPLEXITY_FIELDS = ['tokens', 'headlineTokens', 'headlineComplexity', 'ratio2013', 'uploadTokens', 'lines', 'depth', 'complexity', 'uploadComplexity', 'tokens2013', 'complexity2013'];
const DEBUG_FIELDS = ['total', 'sourceMaps', 'stackTraces'];

function complexityValue(load, kw) {
  const hit = load('complexity');
  const [row] = narrow(hit.data.variants, [['id', kw.variant || '(none given)', same('id')]], hit.shown);
  return { value: fieldOf(row, kw.field || 'tokens', COMPLEXITY_FIELDS, hit.shown), unit: '' };
}

function debuggabilityValue(load, kw) {
  const hit = load('debuggability');
  // runtime= picks one runtime of a file that holds several; unnamed, "now".
  let view;
  try {
    view = debuggabilityView(hit.data, kw.runtime);
  } catch (err) {
    throw new ProseNumberError(`${hit.shown}: ${err.message}`);
  }
  const [row] = narrow(view.variants, [['id', kw.variant || '(none given)', same('id')]], hit.shown);
  const field = kw.field || 'total';
  const shaped = { ...row, sourceMaps: row.sourceMaps && row.sourceMaps.level, stackTraces: row.stackTraces && row.stackTraces.level };
  return { value: fieldOf(shaped, field, [...DEBUG_FIELDS, 'score.score', 'score.max'], hit.shown), unit: '' };
}

const REF_TABLES = { complexity: ['name', ['tokens', 'complexity']], parallel1000: ['file', ['timeMs', 'memoryMb']], debuggability: ['name', DEBUG_FIELDS] };

function referenceValue(load, kw) {
  const hit = load('reference-2013');
  if (kw.set) {
    const set = hit.data[REF_SETS[kw.set]];
    if (!set) throw new ProseNumberError(`unknown 2013 set "${kw.set}"; use one of ${Object.keys(REF_SETS).join(', ')}`);
    const points = set.series.flatMap((s) => s.points.map((p) => ({ label: s.label, n: p.n, value: p.value })));
    const [p] = narrow(points, [['label', kw.variant || '(none given)', same('label')], ['n', kw.n === undefined ? '(none given)' : kw.n, same('n')]], `${hit.shown} ${REF_SETS[kw.set]}`);
    return { value: p.value, unit: set.unit };
  }
  const table = REF_TABLES[kw.table];
  if (!table) throw new ProseNumberError(`give set= (${Object.keys(REF_SETS).join(', ')}) or table= (${Object.keys(REF_TABLES).join(', ')}) for "2013"`);
  const [key, fields] = table;
  const [row] = narrow(hit.data[kw.table].rows, [[key, kw.variant || '(none given)', same(key)]], `${hit.shown} ${kw.table}`);
  return { value: fieldOf(row, kw.field || fields[0], fields, `${hit.shown} ${kw.table}`), unit: '' };
}

const SOURCES = {
  perf: perfValue, complexity: complexityValue, debuggability: debuggabilityValue, 2013: referenceValue,
  chains: scenarioValue('chains'), delegation: scenarioValue('delegation'), 'streamline-modes': scenarioValue('streamline-modes'),
};

function value(load, source, kw) {
  const get = SOURCES[source];
  if (!get) throw new ProseNumberError(`unknown source "${source}"; use one of ${Object.keys(SOURCES).join(', ')}`);
  return get(load, kw);
}

// {% ratio %}: one variant's figure over another's (over=).
function ratio(load, source, kw) {
  if (!kw.over) throw new ProseNumberError('over= names the variant to divide by');
  const x = value(load, source, kw);
  const y = value(load, source, { ...kw, variant: kw.over });
  if (x.text || y.text) return x.text || y.text;
  // Two raw figures divided: one host (site/lib/host-guard.js).
  if (x.cell && y.cell) oneHost(x.hit, [x.cell, y.cell], `{% ratio %} of ${kw.variant} over ${kw.over}`);
  const a = x.value;
  const b = y.value;
  if (b === 0) throw new ProseNumberError(`the figure of ${kw.over} is 0; a ratio over it means nothing`);
  return ratioText(a / b);
}

const COUNT_OF = ['variant', 'runtime', 'n', 'scenario', 'mode'];
function count(load, source, kw) {
  if (source !== 'perf' && !String(source).startsWith('perf-')) throw new ProseNumberError(`count reads perf files only (got "${source}")`);
  if (!COUNT_OF.includes(kw.of)) throw new ProseNumberError(`of= must be one of ${COUNT_OF.join(', ')} (got ${JSON.stringify(kw.of)})`);
  // "perf": the runtime profiles' files; counting runtimes reads every one.
  const hit = source !== 'perf' ? load(source) : kw.of === 'runtime' && !kw.runtime ? everyProfile(load).hit : perfHit(load, kw);
  const ok = hit.data.cells.filter((c) => c.status === 'ok');
  const cells = narrow(ok, [
    ['scenario', kw.scenario, same('scenario')],
    ['runtime', kw.runtime, runtimeMatch],
    ['mode', kw.mode, same('mode')],
    ['n', kw.n, same('n')],
  ], `${hit.shown} (measured cells)`);
  // Unnamed, the runtime is "now" where it is measured, as on the charts;
  // the floor workload is not a variant.
  // Counting runtimes means every runtime.
  const shown = (!kw.runtime && kw.of !== 'runtime' && nowCells(cells)) || cells;
  return new Set(shown.filter((c) => kw.of !== 'variant' || c.variant !== FLOOR_ID).map((c) => c[kw.of])).size;
}

function runtimeRecord(load, id, file) {
  const hit = perfHit(load, { file, runtime: id || '(none given)' });
  const runtimes = Object.values(hit.data.runs).flatMap((r) => Object.values(r.runtimes || {}));
  const [rt] = narrow(runtimes.map((r) => ({ ...r, runtime: r.id })), [['runtime', id || '(none given)', runtimeMatch]], hit.shown);
  return { rt, hit };
}

function runtimeVersion(load, id, file) {
  return runtimeRecord(load, id, file).rt.version;
}

// V8's major and minor ("14.3.127" -> [14, 3]); its minor runs 0 to 9, so
// 10 × major + minor counts releases.
function v8Release(version) {
  const m = /^(\d+)\.(\d+)/.exec(String(version || ''));
  return m ? { text: `${m[1]}.${m[2]}`, index: Number(m[1]) * 10 + Number(m[2]) } : null;
}

function v8Version(load, id) {
  const { rt, hit } = runtimeRecord(load, id);
  const v8 = v8Release(rt.v8);
  if (!v8) throw new ProseNumberError(`${hit.shown} records no V8 version for ${rt.id}`);
  return v8.text;
}

// The Node profile whose V8 is nearest the given runtime's, of every
// profile's file present: "Node 26 (V8 14.6)". Two equally near name both.
function nearestV8(load, id) {
  const own = v8Release(v8Version(load, id));
  const nodes = new Map();
  for (const part of everyProfile(load).hit.parts) {
    for (const run of Object.values(part.data.runs || {})) {
      for (const rt of Object.values(run.runtimes || {})) {
        const v8 = rt.name === 'node' && v8Release(rt.v8);
        if (v8) nodes.set(String(rt.version).split('.')[0], v8);
      }
    }
  }
  if (!nodes.size) throw new ProseNumberError('no Node runtime in data/perf-<profile>.json records its V8 version');
  const gap = (v8) => Math.abs(v8.index - own.index);
  const least = Math.min(...[...nodes.values()].map(gap));
  return [...nodes].filter(([, v8]) => gap(v8) === least).map(([major, v8]) => `Node ${major} (V8 ${v8.text})`).join(' and ');
}

// A value as {% num %} prints it: complexity ratios with up to two
// decimals, every other figure as site/format.js figure() writes it.
const TWO_DECIMALS = ['complexity', 'uploadComplexity', 'complexity2013', 'headlineComplexity', 'ratio2013'];
function numText(v, kw) {
  if (v.text) return v.text;
  const text = TWO_DECIMALS.includes(kw.field) ? String(Number(v.value.toFixed(2))) : figure(v.value);
  return kw.unit === true && v.unit ? `${text} ${v.unit}` : text;
}

module.exports = { value, ratio, count, runtimeVersion, v8Version, nearestV8, numText, ProseNumberError };
