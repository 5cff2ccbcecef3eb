'use strict';
// The Promises/A+ chains post's data -> chart and table models (the shapes
// site/models/index.js documents):
//   data/chains.json              asyncbench/chains@1, npm run bench -- --scenario chains
//   data/reference-chains-2013.json  the 2013 post's tables, transcribed
// Until data/chains.json exists its charts and tables are empty figures that
// say so, and the build goes on; an invalid file still stops the build.
//
//   {% chart "chains", mode="async", metric="after-first", exclude="q" %}
//   {% dataTable "chains", metric="time", n=1, id="..." %}   ours beside the 2013 figures
//   {% dataTable "chains-2013", set="total", id="..." %}     the 2013 table as published
//
// and the numbers in the post's prose (chainsProse, shortcode "chains" in
// _config/prose.js), each "(not measured yet)" while data/chains.json is missing:
//   {% chains "reps" %}        repetitions per cell, "5" or "5–7"
//   {% chains "runtimes" %}    the runtimes measured, with versions and flags
//   {% chains "shown" %}       the runtime of figures that name none ("Node.js 24.21.0")
//   {% chains "machine" %}     the host of the run (CPU and kernel build, scripts/lib/host-identity.js), cores and OS
//   {% chains "value", variant="chains-async", mode="sync", n=1, metric="after-first", runtime="node-0.11" %}
//   {% chains "ratio", variant="chains-q", over="chains-async", mode="sync", n=1 %}
//     n="max": the most chains the data hold in that mode (and runtime=), the same n for both of a ratio
//   {% chains "2013", set="total", variant="chains-async", mode="sync" %}   the 2013 post's figure
const { citation, ratioText, figure } = require('../format');
const { selectCells, summary, groupPoints, toSeries } = require('../lib/cells');
const { perfEnv, incompleteNote, perfCommands } = require('../lib/provenance');
const { runtimeMatches } = require('../lib/runtime-match');
const { scenarioData } = require('../lib/measured');
const { ProseNumberError } = require('../lib/lookup');
const { hostLabel } = require('../../scripts/lib/host-identity');
const { drawOneHost, oneHost, runFlags } = require('../lib/host-guard');
const { scenarioStyleName } = require('../lib/style-names');

const METRICS = {
  time: { title: 'Time for all n chains', unit: 'ms', pick: (c) => c.time, ref: 'total' },
  'after-first': { title: 'Time from the first resolution to the end', unit: 'ms', pick: (c) => c.afterFirst, ref: 'afterFirst' },
  memory: { title: 'Peak memory', unit: 'MB', pick: (c) => c.memory, ref: null },
};
const MODES = { sync: 'Synchronous steps', mixed: 'Every second step asynchronous', async: 'Every step asynchronous' };
const REF_SETS = ['total', 'afterFirst', 'memory'];
const label = (variant) => variant.replace(/^chains-/, '');

const { measured, option } = scenarioData('chains');

function chainsChart(args, load) {
  const metric = option(args.metric || 'time', METRICS, 'metric');
  const mode = args.mode || 'async';
  option(mode, MODES, 'mode');
  const hit = measured(load);
  const model = {
    title: `Chains of 500 links, ${MODES[mode].toLowerCase()}: ${metric.title.toLowerCase()}${args.runtime ? `, ${args.runtime}` : ''}${hit ? '' : ' (not measured yet)'}`,
    x: { title: 'Parallel chains (n)', unit: '' },
    y: { title: metric.title, unit: metric.unit },
    series: [], env: '', source: null, incomplete: '',
  };
  if (!hit) return model;
  // One host per chart (site/lib/host-guard.js), its caption naming what it left out.
  const drawn = drawOneHost(hit, selectCells(hit.data, { scenario: 'chains', mode, runtime: args.runtime }));
  const { cells } = drawn;
  // Keyed by the short label (the post's filters), named as everywhere.
  model.series = toSeries(groupPoints(cells, metric.pick), label).map((s) => ({ ...s, name: scenarioStyleName('chains', s.label) }));
  model.notes = [drawn.note, ...runFlags(hit.data, cells)].filter(Boolean);
  model.env = cells.length ? perfEnv(hit.data, cells) : '';
  model.commands = perfCommands(hit.data, cells);
  model.incomplete = incompleteNote(hit);
  return model;
}

function reference(load) {
  const { data } = load('reference-chains-2013');
  return { data, source: citation(data.source) };
}

const modeColumns = (prefix, unit, titlePrefix = '') =>
  Object.keys(MODES).map((m) => ({ key: `${prefix}${m}`, title: `${titlePrefix}${m}`, unit, num: true }));

// Ours at one n (default 1, the 2013 post's single chain), one row per
// variant, with the 2013 figure of the same library beside it where the post
// measured one.
function chainsTable(args, load) {
  const metric = option(args.metric || 'time', METRICS, 'metric');
  const n = Number(args.n || 1);
  const hit = measured(load);
  const ref = metric.ref ? reference(load) : null;
  const columns = [{ key: 'variant', title: 'Variant', style: 'chains' }, ...modeColumns('', metric.unit)];
  if (ref) columns.push(...modeColumns('ref-', metric.unit, '2013 '));
  const caption = `${metric.title}, one run of ${n} chain${n > 1 ? 's' : ''} of 500 links, median${args.runtime ? `, ${args.runtime}` : ''}${ref ? '; the 2013 figures beside' : ''}${hit ? '' : ' (not measured yet)'}`;
  if (!hit) return { caption, columns, rows: [], env: '', source: ref && ref.source };
  const cells = selectCells(hit.data, { scenario: 'chains', runtime: args.runtime }).filter((c) => c.n === n);
  // The rows are ranked by their times: one host.
  oneHost(hit, cells, `the chains table (${metric.title.toLowerCase()}, n = ${n})`);
  const rows = new Map();
  for (const cell of cells) {
    if (!rows.has(cell.variant)) rows.set(cell.variant, { variant: label(cell.variant) });
    const s = summary(metric.pick(cell));
    rows.get(cell.variant)[cell.mode] = s ? s[0] : null;
  }
  if (ref) {
    for (const r of ref.data[metric.ref].rows) {
      if (!r.variant || !rows.has(r.variant)) continue;
      for (const m of Object.keys(MODES)) if (typeof r[m] === 'number') rows.get(r.variant)[`ref-${m}`] = r[m];
    }
  }
  for (const row of rows.values()) for (const c of columns) if (!(c.key in row)) row[c.key] = '–';
  return {
    caption, columns,
    rows: [...rows.values()].sort((a, b) => (typeof a.sync === 'number' ? a.sync : Infinity) - (typeof b.sync === 'number' ? b.sync : Infinity)),
    notes: runFlags(hit.data, cells),
    env: cells.length ? perfEnv(hit.data, cells) : '',
    commands: perfCommands(hit.data, cells),
    source: ref && ref.source,
    incomplete: incompleteNote(hit),
  };
}

// The 2013 post's table as it published it.
function chainsReferenceTable(args, load) {
  const set = args.set || 'total';
  if (!REF_SETS.includes(set)) throw new Error(`tables: unknown chains-2013 set "${set}"; use one of ${REF_SETS.join(', ')}.`);
  const { data, source } = reference(load);
  const t = data[set];
  const modes = Object.keys(MODES).filter((m) => t.rows.some((r) => typeof r[m] === 'number'));
  return {
    caption: `2013: ${t.description}${t.note ? `. ${t.note}` : ''}`,
    columns: [{ key: 'library', title: 'Library' }, { key: 'version', title: 'Version' },
      ...modes.map((m) => ({ key: m, title: m, unit: t.unit, num: true }))],
    rows: t.rows.map((r) => Object.assign({ version: '–' }, r, r.version ? {} : { version: '–' })),
    env: data.source.runtime,
    source,
  };
}

// A ProseNumberError, so the prose shortcodes name the post and the call.
class ChainsProseError extends ProseNumberError {}
const NOT_MEASURED = '(not measured yet)';
const listOf = (items) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : items.join(''));

// The median of one cell, by the same runtime rule as the charts. A runtime
// the run left out, or a cell that failed there, reads as such in the text
// (a run on fewer runtimes still builds); a cell the data never planned
// stops the build.
// → { value } or { text } (not measured, or failed), and the cell read.
function proseValue(data, kw) {
  for (const k of ['variant', 'mode', 'n']) if (kw[k] === undefined) throw new ChainsProseError(`${k}= is required`);
  option(kw.mode, MODES, 'mode');
  if (kw.n === 'max') {
    const ns = selectCells(data, { scenario: 'chains', mode: kw.mode, runtime: kw.runtime }).map((c) => c.n);
    if (!ns.length) return { text: kw.runtime ? `(not measured on ${kw.runtime})` : '(not measured)' };
    return proseValue(data, { ...kw, n: Math.max(...ns) });
  }
  const metric = option(kw.metric || 'time', METRICS, 'metric');
  const where = `${kw.variant}, ${kw.mode}, n = ${kw.n}${kw.runtime ? ` on ${kw.runtime}` : ''}`;
  if (kw.runtime && !data.cells.some((c) => runtimeMatches(c.runtime, kw.runtime))) return { text: `(not measured on ${kw.runtime})` };
  const cells = selectCells(data, { scenario: 'chains', mode: kw.mode, runtime: kw.runtime })
    .filter((c) => c.variant === kw.variant && c.n === Number(kw.n));
  if (cells.length !== 1) {
    const planned = data.cells.find((c) => c.variant === kw.variant && c.mode === kw.mode && c.n === Number(kw.n) && (!kw.runtime || runtimeMatches(c.runtime, kw.runtime)));
    if (planned) return { text: `(${planned.status})` };
    throw new ChainsProseError(`chains.json holds no cell for ${where}`);
  }
  const s = summary(metric.pick(cells[0]));
  if (!s) throw new ChainsProseError(`${where} has no ${kw.metric || 'time'} median`);
  return { value: s[0], cell: cells[0] };
}

// what: reps | runtimes | machine | value | ratio | 2013; format(number) -> text.
function chainsProse(load, what, kw, format) {
  if (what === '2013') {
    const set = kw.set || 'total';
    if (!REF_SETS.includes(set)) throw new ChainsProseError(`unknown 2013 set "${set}"; use one of ${REF_SETS.join(', ')}`);
    const row = reference(load).data[set].rows.find((r) => r.variant === kw.variant && (!kw.version || r.version === kw.version));
    if (!row || typeof row[kw.mode] !== 'number') throw new ChainsProseError(`the 2013 ${set} table has no ${kw.mode} figure for ${kw.variant}`);
    return format(row[kw.mode]);
  }
  const hit = measured(load);
  if (!['reps', 'runtimes', 'shown', 'machine', 'value', 'ratio'].includes(what)) {
    throw new ChainsProseError(`unknown "${what}"; use reps, runtimes, shown, machine, value, ratio or 2013`);
  }
  if (!hit) return NOT_MEASURED;
  const { data } = hit;
  const runs = Object.values(data.runs || {});
  if (what === 'reps') {
    const held = data.cells.filter((c) => c.status === 'ok').map((c) => c.samples.filter((x) => x.status === 'ok').length);
    const lo = Math.min(...held), hi = Math.max(...held);
    return lo === hi ? String(lo) : `${lo}–${hi}`;
  }
  if (what === 'runtimes' || what === 'shown') {
    const shown = what === 'shown' && selectCells(data, { scenario: 'chains' })[0];
    const seen = new Map();
    for (const run of runs) {
      for (const rt of Object.values(run.runtimes || {})) {
        const name = rt.name === 'node' ? 'Node.js' : rt.name === 'bun' ? 'Bun' : rt.name === 'deno' ? 'Deno' : rt.name;
        seen.set(rt.id, `${name} ${rt.version}${rt.flags && rt.flags.length ? ` (${rt.flags.join(' ')})` : ''}`);
      }
    }
    if (shown) return (seen.get(shown.runtime) || shown.runtime).replace(/ \(.*\)$/, '');
    return listOf([...seen.values()]);
  }
  if (what === 'machine') {
    const hosts = [...new Set(runs.map((r) => r.host && [r.host.cpu && `${hostLabel(r.host)}${r.host.cores ? ` (${r.host.cores} cores)` : ''}`, r.host.os].filter(Boolean).join(', ')).filter(Boolean))];
    return listOf(hosts);
  }
  const v = proseValue(data, kw);
  if (what === 'value') return v.cell ? format(v.value) : v.text;
  if (!kw.over) throw new ChainsProseError('over= names the variant to divide by');
  const b = proseValue(data, { ...kw, variant: kw.over });
  if (!v.cell) return v.text;
  if (!b.cell) return b.text;
  // Two raw figures divided: one host (site/lib/host-guard.js).
  oneHost(hit, [v.cell, b.cell], `{% chains "ratio" %} of ${kw.variant} over ${kw.over}`);
  if (b.value === 0) throw new ChainsProseError(`the figure of ${kw.over} is 0; a ratio over it means nothing`);
  return ratioText(v.value / b.value);
}

module.exports = {
  charts: { chains: chainsChart }, tables: { chains: chainsTable, 'chains-2013': chainsReferenceTable },
  prose: { chains: (load, [what], kw) => chainsProse(load, String(what), kw, figure) },
  chainsProse, ChainsProseError, METRICS, MODES, NOT_MEASURED,
};
