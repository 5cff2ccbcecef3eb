'use strict';
// The Promises/A+ chains post's data -> chart and table models (the shapes
// chart-data.js and table-data.js document):
//   data/chains.json              asyncbench/chains@1, npm run bench -- --scenario chains
//   data/reference-chains-2013.json  the 2013 post's tables, transcribed
// Until data/chains.json exists its charts and tables are empty figures that
// say so, and the build goes on; an invalid file still stops the build.
//
//   {% chart "chains", mode="async", metric="after-first", exclude="q" %}
//   {% dataTable "chains", metric="time", n=1, id="..." %}   ours beside the 2013 figures
//   {% dataTable "chains-2013", set="total", id="..." %}     the 2013 table as published
const { selectCells, perfEnv, summary, incompleteNote } = require('./chart-data');

const METRICS = {
  time: { title: 'Time for all n chains', unit: 'ms', pick: (c) => c.time, ref: 'total' },
  'after-first': { title: 'Time from the first resolution to the end', unit: 'ms', pick: (c) => c.afterFirst, ref: 'afterFirst' },
  memory: { title: 'Peak memory', unit: 'MB', pick: (c) => c.memory, ref: null },
};
const MODES = { sync: 'Synchronous steps', mixed: 'Every second step asynchronous', async: 'Every step asynchronous' };
const REF_SETS = ['total', 'afterFirst', 'memory'];
const label = (variant) => variant.replace(/^chains-/, '');

// The measured file, or null while it has not been made yet.
function measured(load) {
  try {
    return load('chains');
  } catch (err) {
    if (err.name === 'DataCheckError' && /chains\.json: missing;/.test(err.message) && !/chains\.json: (?!missing)/.test(err.message)) return null;
    throw err;
  }
}

function option(value, table, what) {
  if (!table[value]) throw new Error(`charts: unknown ${what} "${value}" for chains; use one of ${Object.keys(table).join(', ')}.`);
  return table[value];
}

function chainsChart(args, load) {
  const metric = option(args.metric || 'time', METRICS, 'metric');
  const mode = args.mode || 'async';
  option(mode, MODES, 'mode');
  const hit = measured(load);
  const model = {
    title: `Chains of 500 links, ${MODES[mode].toLowerCase()}: ${metric.title.toLowerCase()}${hit ? '' : ' (not measured yet)'}`,
    x: { title: 'Parallel chains (n)', unit: '' },
    y: { title: metric.title, unit: metric.unit },
    series: [], env: '', source: null, incomplete: '',
  };
  if (!hit) return model;
  const cells = selectCells(hit.data, { scenario: 'chains', mode, runtime: args.runtime });
  const byVariant = new Map();
  for (const cell of cells) {
    const s = summary(metric.pick(cell));
    if (!s) continue;
    if (!byVariant.has(cell.variant)) byVariant.set(cell.variant, []);
    byVariant.get(cell.variant).push([cell.n, ...s]);
  }
  const round = (v) => (typeof v !== 'number' ? v : Math.abs(v) >= 1000 ? Math.round(v) : Number(v.toPrecision(3)));
  model.series = [...byVariant]
    .map(([variant, points]) => ({ label: label(variant), data: points.map((p) => [p[0], round(p[1]), round(p[2]), round(p[3]), p[4]]).sort((a, b) => a[0] - b[0]) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  model.env = cells.length ? perfEnv(hit.data, cells) : '';
  model.incomplete = incompleteNote(hit);
  return model;
}

function reference(load) {
  const { data } = load('reference-chains-2013');
  return { data, source: { text: `${data.source.author}, “${data.source.title}” (${data.source.published})`, url: data.source.url } };
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
  const columns = [{ key: 'variant', title: 'Variant' }, ...modeColumns('', metric.unit)];
  if (ref) columns.push(...modeColumns('ref-', metric.unit, '2013 '));
  const caption = `${metric.title}, one run of ${n} chain${n > 1 ? 's' : ''} of 500 links, median${ref ? '; the 2013 figures beside' : ''}${hit ? '' : ' (not measured yet)'}`;
  if (!hit) return { caption, columns, rows: [], env: '', source: ref && ref.source };
  const cells = selectCells(hit.data, { scenario: 'chains', runtime: args.runtime }).filter((c) => c.n === n);
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
    env: cells.length ? perfEnv(hit.data, cells) : '',
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

module.exports = { chainsChart, chainsTable, chainsReferenceTable, METRICS, MODES };
