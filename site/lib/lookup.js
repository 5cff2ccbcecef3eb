'use strict';
// How a figure in prose finds its row in the data: narrowing by each key a
// shortcode gives, and failing with what the data do hold. Anything the data
// do not hold (a variant, a runtime, a scenario, an n, a field) stops the
// build with the post, the key and what exists (_config/prose.js adds the
// post and the call).
const { escapeHtml } = require('../format');
const { buildManifest } = require('./per-build');
const { styleName, inSentence } = require('./style-names');
const { runtimeMatches, nowCells, NOW_RUNTIME } = require('./runtime-match');
const { perfFile, DEFAULT_PERF } = require('./perf-files');

class ProseNumberError extends Error {}

const list = (values) => [...new Set(values.map(String))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).join(', ') || '(nothing)';

// Narrows `rows` by each [key, wanted, of(row)] in turn; the first key that
// leaves nothing fails, naming what the rows still had for that key.
function narrow(rows, steps, where) {
  let left = rows;
  const chosen = [];
  for (const [key, wanted, of] of steps) {
    if (wanted === undefined || wanted === null || wanted === '') continue;
    const hit = left.filter((r) => of(r, wanted));
    if (!hit.length) {
      const scope = chosen.length ? ` with ${chosen.join(', ')}` : '';
      throw new ProseNumberError(`no ${key} "${wanted}" in ${where}${scope}; it has: ${list(left.map((r) => r[key]))}`);
    }
    chosen.push(`${key} ${wanted}`);
    left = hit;
  }
  return left;
}

const same = (key) => (r, v) => String(r[key]) === String(v);
const runtimeMatch = (r, v) => runtimeMatches(r.runtime, v);

// The perf@1 file a figure in prose reads: file= as given (perf-sweep,
// perf-node-20), else the file of its runtime= or of "now"
// (site/lib/perf-files.js). file="perf", the one file of every runtime
// before issue 28, is retired.
function perfHit(load, kw) {
  if (kw.file !== undefined) {
    const file = String(kw.file);
    if (file === 'perf') {
      throw new ProseNumberError(`file="perf" is retired: the performance data are one file per runtime profile, data/perf-<profile>.json; ` +
        `leave file= out and name the runtime with runtime= (unnamed: ${NOW_RUNTIME}), or give file="${DEFAULT_PERF}"`);
    }
    if (!file.startsWith('perf-')) throw new ProseNumberError(`file="${file}" is not a perf file; use perf-<profile> (e.g. ${DEFAULT_PERF}) or perf-sweep`);
    return load(file);
  }
  let name;
  try {
    name = perfFile(kw.runtime);
  } catch (err) {
    if (err.code === 'ERR_UNKNOWN_RUNTIME') throw new ProseNumberError(err.message);
    throw err;
  }
  return load(name);
}

// The one cell a perf query names.
function perfCell(hit, kw) {
  for (const k of ['mode', 'n']) if (kw[k] === undefined) throw new ProseNumberError(`${k}= is required for "perf" (it has: ${list(hit.data.cells.map((c) => c[k]))})`);
  const cells = narrow(hit.data.cells, [
    ['scenario', kw.scenario || 'upload', same('scenario')],
    ['runtime', kw.runtime, runtimeMatch],
    ['mode', kw.mode, same('mode')],
    ['variant', kw.variant, same('variant')],
    ['n', kw.n, same('n')],
  ], hit.shown);
  const runtimes = [...new Set(cells.map((c) => c.runtime))];
  // Unnamed, the runtime is "now" (the current LTS) where it is measured, as on the charts.
  if (runtimes.length > 1 && !kw.runtime && nowCells(cells)) return perfCell(hit, { ...kw, runtime: NOW_RUNTIME });
  if (runtimes.length > 1) throw new ProseNumberError(`${hit.shown} holds several runtimes for this; name one with runtime= (${list(runtimes)})`);
  if (!kw.variant) throw new ProseNumberError(`variant= is required for "perf" (it has: ${list(cells.map((c) => c.variant))})`);
  const cell = cells[0];
  if (cell.status !== 'ok') throw new ProseNumberError(`${hit.shown} cell ${cell.key} has status ${cell.status}${cell.error ? ` (${cell.error})` : ''}, so no figure to print`);
  return cell;
}

// The one cell a companion post's query names, in its own file (hit: the
// loaded data/<scenario>.json): variant= (the full id, "delegation-suspend"),
// mode=, n= ("max": the most the file measured in that mode and runtime) and
// runtime= (unnamed, "now", as on the charts). A failed cell (a stack
// overflow, a timeout) has no figure and stops the build here.
function scenarioCell(hit, scenario, kw) {
  return perfCell(hit, { ...kw, scenario, n: scenarioN(hit, scenario, kw) });
}

// n= as given, or for "max" the most the file measured at that mode and runtime.
function scenarioN(hit, scenario, kw) {
  if (kw.n !== 'max') return kw.n;
  const ns = narrow(hit.data.cells.filter((c) => c.scenario === scenario && c.status === 'ok'), [
    ['runtime', kw.runtime || NOW_RUNTIME, runtimeMatch], ['mode', kw.mode, same('mode')],
  ], `${hit.shown} (measured cells)`).map((c) => c.n);
  return Math.max(...ns);
}

// A link to a variant's page, named as everywhere (site/lib/style-names.js).
// mid: the name inside a sentence ("nested callbacks"), where it does not start one.
function variantLink(id, { mid = false } = {}) {
  const [v] = narrow(buildManifest().variants, [['id', id || '(none given)', same('id')]], 'examples/manifest.json');
  const name = styleName(v.id);
  return `<a href="/variants/${v.id}/">${escapeHtml(mid ? inSentence(name) : name)}</a>`;
}

// Styles in a sentence (issue 43): a list longer than MAX_NAMED reads as a
// dump of the data, so it is given as its count, linked to the table that
// lists them when the shortcode names one (table="table-costPerCall").
const MAX_NAMED = 3;
function styleList(ids, { table, link = variantLink } = {}) {
  if (!ids.length) throw new ProseNumberError('no style to name');
  if (ids.length > MAX_NAMED) {
    const count = `${ids.length} styles`;
    return table ? `<a href="#${escapeHtml(String(table))}">${count}</a>` : count;
  }
  const names = ids.map((id) => link(id));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
}

module.exports = { ProseNumberError, list, narrow, same, runtimeMatch, perfHit, perfCell, scenarioCell, scenarioN, variantLink, styleList, MAX_NAMED };
