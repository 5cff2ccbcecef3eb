'use strict';
// The models: one module per data file, each turning its file into the
// models of the charts and tables that draw from it. This registry finds
// them (every other module of this folder, and the model.js of each scenario
// folder added with ASYNCBENCH_SCENARIO_DIRS, scripts/lib/scenario-dirs.js),
// loads them all up front and finds the one a shortcode names:
//   {% chart "<source>", ... %}    -> chartModel(source, args, load)
//   {% dataTable "<kind>", ... %}  -> tableModel(kind, args, load)
// A new data file gets a model in this folder, named after it (chains.js for
// data/chains.json): a module exporting
//   { charts: { <source>: (args, load) => chart model }, tables: { <kind>: (args, load) => table model } }
// `load(name)` returns the checked data file (site/lib/data-files.js).
//
// A chart model is what the browser draws and the build-time table shows:
//   { id, title, x: {title, unit}, y: {title, unit}, log, xlog, logToggle,
//     filter: {mode: 'hide'|'show', regex}, env, source, incomplete, notes,
//     series: [{ label, data: [[x, median, min, max, reps], ...] }],
//     floor: null | { label, data: same }, categories?, empty? }
// min/max are null and reps is 1 when a point was measured once; with
// `categories` (the runtime matrix) x is an index into them; `empty` says why
// a chart without series draws nothing.
// A table model: { id, caption, columns: [{key, title, unit?, num?}],
//   rows: [{...}], env, source, incomplete, notes?, footnotes?, empty?,
//   sort?, rebase? } (rows' raw, sort and rebase: site/render/table-sort.js)
const fs = require('node:fs');
const path = require('node:path');
const { addedScenarioFiles } = require('../../scripts/lib/scenario-dirs');
const { styleName } = require('../lib/style-names');

// file (relative to the repository) -> model. No model requires this registry:
// it loads them by name, so an import circle through it would not show.
const ROOT = path.join(__dirname, '..', '..');
const MODEL_FILES = fs.readdirSync(__dirname).filter((f) => f.endsWith('.js') && f !== 'index.js').sort()
  .map((f) => path.join(__dirname, f))
  .concat(addedScenarioFiles('model.js').map((m) => m.file));
const MODELS = Object.fromEntries(MODEL_FILES.map((file) => [path.relative(ROOT, file), require(file)]));

// name -> builder, over every model; two models claiming one name is a bug.
function collect(kind) {
  const out = {};
  for (const [file, model] of Object.entries(MODELS)) {
    for (const [name, build] of Object.entries(model[kind] || {})) {
      if (out[name]) throw new Error(`Internal error: two models define the ${kind.slice(0, -1)} "${name}" (one of them is ${file}).`);
      out[name] = build;
    }
  }
  return out;
}
const CHARTS = collect('charts');
const TABLES = collect('tables');
// Prose shortcodes a model answers itself: name -> (load, args, kw) => text.
const PROSE = collect('prose');

function chartModel(source, args = {}, load) {
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
    // The author's filter: include= or exclude=, else the model's own, else none.
    filter: args.include || args.exclude || !model.filter
      ? { mode: args.include ? 'show' : 'hide', regex: args.include || args.exclude || '' }
      : model.filter,
    log: args.log === true || args.log === 'true',
    xlog: args.xlog === true || args.xlog === 'true', // for n spread over decades (the scale sweep)
    logToggle: spread >= 20, // a log axis only helps when values span orders of magnitude
  };
}

function tableModel(kind, args, load) {
  const build = TABLES[kind];
  if (!build) throw new Error(`tables: unknown table "${kind}"; use one of ${Object.keys(TABLES).join(', ')}.`);
  const model = build(args, load);
  // sortable=true: the reader may sort it and pick its baseline row (site/render/table-sort.js).
  const sortable = args.sortable === true || args.sortable === 'true';
  return { id: args.id || `table-${kind}${args.era ? `-${args.era}` : ''}`, incomplete: '', ...model, sortable };
}

// Labels the author's filter keeps (what the chart first plots and the
// table and CSV show). A series matches by its label or by the name readers
// see (assets/js/flot-regex-filter.js matches the same way).
function visibleSeries(model) {
  if (!model.filter.regex) return model.series;
  const re = new RegExp(model.filter.regex);
  const hit = (s) => re.test(s.label) || re.test(s.name || styleName(s.label));
  return model.series.filter((s) => hit(s) === (model.filter.mode === 'show'));
}

module.exports = { chartModel, tableModel, visibleSeries, CHARTS, TABLES, PROSE, MODEL_FILES };
