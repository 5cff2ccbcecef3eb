'use strict';
// Data files -> table models for the build-time tables (complexity, n
// parallel calls, debuggability), sorted the way the 2013 article sorted
// them. A table model: { id, caption, columns: [{key, title, unit?, num?}],
// rows: [{...}], env, source, incomplete }.
const { selectCells, perfEnv, summary, incompleteNote, MODES } = require('./chart-data');
const format = require('../assets/js/chart-format');

function envText(e = {}) {
  const esprima = (e.versions && e.versions.esprima) || e.esprima;
  return [
    e.runtime && `${e.runtime} ${String(e.runtimeVersion || e.version || '').replace(/^v/, '')}`.trim(),
    esprima && `Esprima ${esprima}`,
    e.cpu && `${e.cpu}${e.cores ? ` (${e.cores} cores)` : ''}`,
    e.date && String(e.date).slice(0, 10),
    e.commit && `commit ${String(e.commit).slice(0, 10)}${e.dirty ? ' (uncommitted changes)' : ''}`,
  ]
    .filter(Boolean)
    .join(', ');
}

function list(data, file) {
  const rows = data.variants || data.rows;
  if (!Array.isArray(rows)) throw new Error(`tables: ${file} has no "variants" array; has the schema changed? Update _config/table-data.js.`);
  return rows;
}

function reference(load) {
  const { data } = load('reference-2013');
  return { data, source: { text: `${data.source.author}, “${data.source.title}” (${data.source.published})`, url: data.source.url } };
}

// Fewest tokens first: the article's ranking by succinctness.
function complexity(args, load) {
  if (args.era === '2013') {
    const { data, source } = reference(load);
    return {
      caption: 'Complexity in 2013: Esprima tokens per variant, relative to the smallest',
      columns: [{ key: 'name', title: 'Variant' }, { key: 'tokens', title: 'Tokens', num: true }, { key: 'complexity', title: 'Complexity', unit: '×', num: true }],
      rows: [...data.complexity.rows].sort((a, b) => a.tokens - b.tokens),
      env: data.source.runtime,
      source,
    };
  }
  const hit = load('complexity');
  const { data } = hit;
  const rows = list(data, 'complexity.json').map((v) => ({ name: v.id, tokens: v.tokens, complexity: v.complexity, lines: v.lines, depth: v.depth }));
  return {
    caption: 'Complexity: Esprima tokens in each variant’s own code, relative to the smallest',
    columns: [
      { key: 'name', title: 'Variant' },
      { key: 'tokens', title: 'Tokens', num: true },
      { key: 'complexity', title: 'Complexity', unit: '×', num: true },
      { key: 'lines', title: 'Lines', num: true },
      { key: 'depth', title: 'Max nesting', num: true },
    ],
    rows: rows.sort((a, b) => a.tokens - b.tokens || a.name.localeCompare(b.name)),
    env: envText(data.env),
    source: null,
    incomplete: incompleteNote(hit),
  };
}

// Fastest first, as the 2013 table of 1000 parallel calls.
function parallel(args, load) {
  if (args.era === '2013') {
    const { data, source } = reference(load);
    return {
      caption: `Parallel calls in 2013: ${data.parallel1000.description}`,
      columns: [{ key: 'name', title: 'Variant' }, { key: 'time', title: 'Time', unit: 'ms', num: true }, { key: 'memory', title: 'Memory', unit: 'MB', num: true }],
      rows: [...data.parallel1000.rows].sort((a, b) => a.timeMs - b.timeMs).map((r) => ({ name: r.file, time: r.timeMs, memory: r.memoryMb })),
      env: data.source.runtime,
      source,
    };
  }
  const n = Number(args.n || 1000);
  const q = { runtime: args.runtime, scenario: args.scenario || 'upload', mode: args.mode || 'io' };
  const hit = load('perf');
  const { data } = hit;
  const cells = selectCells(data, { ...q, maxN: n }).filter((c) => c.n === n && summary(c.time));
  const rows = cells
    .map((c) => ({ name: c.variant, t: summary(c.time), m: summary(c.memory) }))
    .sort((a, b) => a.t[0] - b.t[0])
    .map((r) => ({ name: r.name, time: format.range(r.t, 1), memory: format.range(r.m, 2) }));
  return {
    caption: `${n} parallel calls, ${MODES[q.mode] || q.mode}: median time and peak memory (min–max over repetitions), fastest first`,
    columns: [{ key: 'name', title: 'Variant' }, { key: 'time', title: 'Time', unit: 'ms', num: true }, { key: 'memory', title: 'Peak memory', unit: 'MB', num: true }],
    rows,
    env: cells.length ? perfEnv(data, cells) : '',
    source: null,
    incomplete: incompleteNote(hit),
  };
}

const level = (x) => (x && typeof x === 'object' ? x.level : x);

// Best total first; ties keep the better stack traces on top.
function debuggability(args, load) {
  const byTotal = (a, b) => b.total - a.total || b.stackTraces - a.stackTraces || a.name.localeCompare(b.name);
  const columns = [
    { key: 'name', title: 'Variant' },
    { key: 'sourceMaps', title: 'Source maps', unit: '1–5', num: true },
    { key: 'stackTraces', title: 'Stack traces', unit: '1–5', num: true },
    { key: 'total', title: 'Total', num: true },
  ];
  if (args.era === '2013') {
    const { data, source } = reference(load);
    return { caption: `Debuggability in 2013: ${data.debuggability.description}, scored by hand`, columns, rows: [...data.debuggability.rows].sort(byTotal), env: data.source.runtime, source };
  }
  const hit = load('debuggability');
  const { data } = hit;
  const rows = list(data, 'debuggability.json').map((v) => ({
    name: v.id,
    sourceMaps: level(v.sourceMaps),
    stackTraces: level(v.stackTraces),
    withSwitch: v.stackTraces && typeof v.stackTraces.levelWithSwitch === 'number' ? `${v.stackTraces.levelWithSwitch} (${v.longStackTraces})` : '–',
    caught: v.catchesThrows ? 'yes' : 'no',
    callback: traceOutcome(v, 'callback'),
    throw: traceOutcome(v, 'throw'),
    poison: traceOutcome(v, 'poison'),
    total: typeof v.total === 'number' ? v.total : level(v.sourceMaps) + level(v.stackTraces),
  })).filter((r) => typeof r.total === 'number' && !Number.isNaN(r.total)); // a variant that crashed is not scored
  // What each of the three injected failures left in the trace, so a reader
  // sees why a level was given, not just the level.
  const measured = [
    columns[0],
    { key: 'sourceMaps', title: 'Maps', unit: '1–5', num: true },
    { key: 'stackTraces', title: 'Stacks', unit: '1–5', num: true },
    { key: 'withSwitch', title: 'Long stacks' },
    { key: 'callback', title: 'I/O error' },
    { key: 'throw', title: 'Throw in call' },
    { key: 'poison', title: 'Throw after resume' },
    { key: 'caught', title: 'Throws caught' },
  ]; // the total (maps + stacks) is the sort order, not a column: the table must fit a phone-wide scroll less
  return { caption: 'Debuggability: source-map and stack-trace levels, measured, and where each injected failure’s trace points', columns: measured, rows: rows.sort(byTotal), env: envText(data.env), source: null, incomplete: incompleteNote(hit) };
}

// "exact" (the failing line), "file" (the file, another line) or "absent".
// Whether a throw reached the callback or escaped is the "Throws reach done"
// column (the manifest's catchesThrows, which the tests hold true).
function traceOutcome(v, way) {
  const t = (v.traces || []).find((x) => x.way === way && !x.longStack);
  return t ? t.quality : '–';
}

// chains, chains-2013: the Promises/A+ chains post (_config/chains-data.js).
const chains = (args, load) => require('./chains-data').chainsTable(args, load);
const chains2013 = (args, load) => require('./chains-data').chainsReferenceTable(args, load);
const TABLES = { complexity, parallel, debuggability, chains, 'chains-2013': chains2013 };

function tableModel(kind, args, load) {
  const build = TABLES[kind];
  if (!build) throw new Error(`tables: unknown table "${kind}"; use one of ${Object.keys(TABLES).join(', ')}.`);
  const model = build(args, load);
  return { id: args.id || `table-${kind}${args.era ? `-${args.era}` : ''}`, incomplete: '', ...model };
}

module.exports = { tableModel };
