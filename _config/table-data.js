'use strict';
// Data files -> table models for the build-time tables (complexity, n
// parallel calls, debuggability), sorted the way the 2013 article sorted
// them. A table model: { id, caption, columns: [{key, title, unit?, num?}],
// rows: [{...}], env, source, incomplete }.
const { selectCells, perfEnv, summary, incompleteNote, MODES, FLOOR_ID, FLOOR_LABEL } = require('./chart-data');
const format = require('../assets/js/chart-format');
const { BASELINE } = require('../scripts/lib/manifest');
const { debuggabilityView, debuggabilityRuntimes } = require('./debuggability-view');
const { NOW_RUNTIME } = require('./runtime-match');
const { machinesNote } = require('./machines-note');

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
  // The headline (upload and what it needs) is what the 2013 table counted;
  // the whole file and the 2013 counterpart sit beside it.
  const rows = list(data, 'complexity.json').map((v) => ({
    name: v.id,
    tokens: v.headlineTokens,
    complexity: v.headlineComplexity,
    file: v.tokens,
    file2013: v.file2013,
    tokens2013: v.tokens2013,
    ratio2013: v.ratio2013,
    depth: v.depth,
  }));
  const header = data.sharedHeader;
  const unpaired = (data.pairing2013 && data.pairing2013.unpaired) || [];
  return {
    caption: 'Complexity: Esprima tokens of the upload function and what it needs, relative to the smallest, beside the 2013 count of the same style' +
      (header ? `; not counted: the ${header.tokens}-token shared header (${header.variant}; ${header.min}–${header.max} across variants) and the parallel-only code` : '') +
      (unpaired.length ? `. 2013 files with no variant here: ${unpaired.join(', ')}` : ''),
    columns: [
      { key: 'name', title: 'Variant' },
      { key: 'tokens', title: 'Tokens', num: true },
      { key: 'complexity', title: 'Complexity', unit: '×', num: true },
      { key: 'file', title: 'Whole file', num: true },
      { key: 'file2013', title: '2013 file' },
      { key: 'tokens2013', title: '2013 tokens', num: true },
      { key: 'ratio2013', title: 'Now / 2013', unit: '×', num: true },
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
  // The floor workload is no style: it has its own table (aboveFloor).
  const cells = selectCells(data, { ...q, maxN: n }).filter((c) => c.n === n && summary(c.time) && c.variant !== FLOOR_ID);
  const rows = cells
    .map((c) => ({ name: c.variant, t: summary(c.time), m: summary(c.memory) }))
    .sort((a, b) => a.t[0] - b.t[0])
    .map((r) => ({ name: r.name, time: format.range(r.t, 1), memory: format.range(r.m, 2) }));
  return {
    caption: `${n} parallel calls, ${MODES[q.mode] || q.mode}: median time and peak memory (min–max over repetitions), fastest first`,
    columns: [{ key: 'name', title: 'Variant' }, { key: 'time', title: 'Time', unit: 'ms', num: true }, { key: 'memory', title: 'Peak memory', unit: 'MB', num: true }],
    rows,
    notes: [machinesNote(data, cells)].filter(Boolean),
    env: cells.length ? perfEnv(data, cells) : '',
    source: null,
    incomplete: incompleteNote(hit),
  };
}

// Each style's cost above the empirical floor at one n (cell.aboveFloor,
// written by scripts/harness/above-floor.js), cheapest first, beside the
// plain ratio to the baseline. Data from before the floor have no such
// figures: the table is then empty and says the floor is not measured yet.
function aboveFloor(args, load) {
  const n = Number(args.n || 1000);
  const q = { runtime: args.runtime, scenario: args.scenario || 'upload', mode: args.mode || 'cpu' };
  const hit = load('perf');
  const { data } = hit;
  const cells = selectCells(data, { ...q, maxN: n }).filter((c) => c.n === n);
  const floor = cells.find((c) => c.variant === FLOOR_ID && summary(c.time));
  const measured = cells.filter((c) => c.aboveFloor && c.variant !== FLOOR_ID);
  const interval = (ci, digits) => (ci ? `${ci[0].toFixed(digits)} to ${ci[1].toFixed(digits)}` : '–');
  const rows = measured
    .sort((a, b) => a.aboveFloor.costMs - b.aboveFloor.costMs || a.variant.localeCompare(b.variant))
    .map((c) => {
      const a = c.aboveFloor;
      return {
        name: c.variant,
        time: c.time.median,
        plain: a.plainRatio === null ? '–' : `${a.plainRatio.toFixed(2)}×`,
        cost: a.costMs,
        costCi: interval(a.costCi95, 1),
        ratio: a.ratio === null ? '–' : `${a.ratio.toFixed(2)}×`,
        ratioCi: interval(a.ratioCi95, 2),
      };
    });
  return {
    caption: `${n} parallel calls, ${MODES[q.mode] || q.mode}: each style’s cost above the ${FLOOR_LABEL} line` +
      (floor ? ` (${format.measurement(floor.time.median)} ms)` : '') + ', cheapest first, with 95 % bootstrap intervals',
    columns: [
      { key: 'name', title: 'Variant' },
      { key: 'time', title: 'Median', unit: 'ms', num: true },
      { key: 'plain', title: `Plain ratio to ${BASELINE}`, num: true },
      { key: 'cost', title: 'Above floor', unit: 'ms', num: true },
      { key: 'costCi', title: '95 % interval', unit: 'ms', num: true },
      { key: 'ratio', title: `Ratio to ${BASELINE}, above floor`, num: true },
      { key: 'ratioCi', title: '95 % interval', num: true },
    ],
    rows,
    empty: 'The floor has not been measured yet: these data come from runs made before the harness measured the floor workload. The next full benchmark run fills this table.',
    notes: [machinesNote(data, measured)].filter(Boolean),
    env: measured.length ? perfEnv(data, measured) : '',
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
  // One runtime: runtime= names it, else "now" (the current LTS).
  const data = debuggabilityView(hit.data, args.runtime);
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
    ...scoreToday(v),
  })).filter((r) => typeof r.total === 'number' && !Number.isNaN(r.total)); // a variant that crashed is not scored
  // What each of the three injected failures left in the trace, so a reader
  // sees why a level was given, not just the level.
  // Today's score first: it is the sort order, and what separates the styles
  // the saturated 2013 levels no longer do.
  const measured = [
    columns[0],
    { key: 'score', title: 'Score', unit: '0–25', num: true },
    { key: 'points', title: 'Points: I/O error · rejected · I/O throws · call · resume' },
    { key: 'reject', title: 'Rejected promise' },
    { key: 'sourceMaps', title: 'Maps', unit: '1–5', num: true },
    { key: 'stackTraces', title: 'Stacks', unit: '1–5', num: true },
    { key: 'withSwitch', title: 'Long stacks' },
    { key: 'callback', title: 'I/O error' },
    { key: 'throw', title: 'Throw in call' },
    { key: 'poison', title: 'Throw after resume' },
    { key: 'caught', title: 'Throws caught' },
  ]; // the total (maps + stacks) breaks ties, not a column: the table must fit a phone-wide scroll less
  const byScore = (a, b) => (typeof b.score === 'number' ? b.score : -1) - (typeof a.score === 'number' ? a.score : -1) || byTotal(a, b);
  // Variants this runtime cannot run are named with the reason, never scored 0.
  const notTraced = (data.skipped || []).map((v) => `${v.id} (${v.reason})`).join('; ');
  const caption = 'Debuggability: today’s score from measured facts (0–25, five injected failures), the 2013 source-map and stack-trace levels beside it, and where each failure’s trace points' +
    (notTraced ? `. Not traced on this runtime: ${notTraced}` : '');
  return { caption, columns: measured, rows: rows.sort(byScore), env: envText(data.env), source: null, incomplete: incompleteNote(hit) };
}

// Today's score of every variant on every runtime the file holds, side by
// side (runtimes in the file's order, which is the order they were asked
// for). A variant a runtime cannot run shows why in its cell, never a 0.
function debuggabilityRuntimesTable(args, load) {
  const hit = load('debuggability');
  const runtimes = debuggabilityRuntimes(hit.data);
  const label = (r) => (r.profile ? `${r.profile} (${r.version})` : `${r.runtime} ${r.version}`);
  const columns = [{ key: 'name', title: 'Variant' }].concat(runtimes.map((r, i) => ({ key: `r${i}`, title: label(r), unit: '0–25', num: true })));
  const ids = [];
  for (const r of runtimes) for (const v of r.variants.concat(r.skipped)) if (!ids.includes(v.id)) ids.push(v.id);
  const cell = (r, id) => {
    const v = r.variants.find((x) => x.id === id);
    if (v) {
      if (!v.score) return NOT_MEASURED;
      return v.score.scoreWithSwitch !== null && v.score.scoreWithSwitch !== v.score.score
        ? `${v.score.score} (${v.score.scoreWithSwitch} with ${v.longStackTraces})` : v.score.score;
    }
    const skip = r.skipped.find((x) => x.id === id);
    return skip ? `not run: ${skip.reason.split(/[:;(]/)[0].trim()}` : '–';
  };
  const rows = ids.map((id) => Object.assign({ name: id }, ...runtimes.map((r, i) => ({ [`r${i}`]: cell(r, id) }))));
  const now = runtimes.findIndex((r) => r.profile === NOW_RUNTIME || (r.id || '').startsWith(`${NOW_RUNTIME}@`));
  const key = now >= 0 ? `r${now}` : 'r0';
  const value = (row) => (typeof row[key] === 'number' ? row[key] : parseInt(row[key], 10) || -1);
  rows.sort((a, b) => value(b) - value(a) || a.name.localeCompare(b.name));
  const caption = 'Debuggability across runtimes: today’s score (0–25, five injected failures) of each variant on each runtime, with the long-stack switch’s score in brackets where it changes it; a variant a runtime cannot run names the reason';
  const failed = (hit.data.failedRuntimes || []).map((f) => f.profile);
  return { caption: failed.length ? `${caption}. Could not run: ${failed.join(', ')}` : caption, columns, rows, env: envText(hit.data.env), source: null, incomplete: incompleteNote(hit) };
}

// One variant's trace of one failure on two runtimes, line for line: what a
// developer saw in 2013 beside what they see now (the trimmed excerpts).
function debuggabilityTraceTable(args, load) {
  const hit = load('debuggability');
  const variant = args.variant || BASELINE;
  const way = args.way || 'callback';
  const names = String(args.runtimes || `node-0.11,${NOW_RUNTIME}`).split(',').map((x) => x.trim()).filter(Boolean);
  const caption = `The "${way}" failure of ${variant} on ${names.join(' and ')}`;
  // A file written without one of these runtimes (npm run debuggability
  // alone traces on one) leaves the table empty and says how to fill it.
  const missing = names.filter((name) => { try { debuggabilityView(hit.data, name); return false; } catch (err) { return true; } });
  if (missing.length) {
    return { caption, columns: [{ key: 'line', title: '#' }], rows: [], env: envText(hit.data.env), source: null, incomplete: incompleteNote(hit),
      empty: `No traces from ${missing.join(', ')} in data/debuggability.json yet: run npm run debuggability -- --runtimes ${names.join(',')}` };
  }
  const picked = names.map((name) => {
    const view = debuggabilityView(hit.data, name);
    const v = view.variants.find((x) => x.id === variant);
    if (!v) throw new Error(`tables: ${variant} was not traced on ${view.id} in debuggability.json`);
    const t = (v.traces || []).find((x) => x.way === way && !x.longStack);
    if (!t) throw new Error(`tables: ${variant} on ${view.id} has no "${way}" trace in debuggability.json`);
    return { name, view, lines: t.excerpt || [`(run failed: ${t.failed})`], quality: t.failed ? 'failed' : t.quality };
  });
  const columns = [{ key: 'line', title: '#', num: true }].concat(picked.map((p, i) => ({ key: `t${i}`, title: `${p.name} (${p.view.runtime ? p.view.runtime.version : ''}): ${p.quality}` })));
  const height = Math.max(...picked.map((p) => p.lines.length));
  const rows = [];
  for (let k = 0; k < height; k++) rows.push(Object.assign({ line: k + 1 }, ...picked.map((p, i) => ({ [`t${i}`]: p.lines[k] === undefined ? '' : p.lines[k] }))));
  return {
    caption: `The "${way}" failure of ${variant}, traced on ${picked.map((p) => p.view.id).join(' and ')}: the stack that reached the caller, trimmed as in data/debuggability.json`,
    columns, rows, env: envText(hit.data.env), source: null, incomplete: incompleteNote(hit),
  };
}

// "exact" (the failing line), "file" (the file, another line) or "absent".
// Whether a throw reached the callback or escaped is the "Throws reach done"
// column (the manifest's catchesThrows, which the tests hold true).
function traceOutcome(v, way) {
  const t = (v.traces || []).find((x) => x.way === way && !x.longStack);
  return t ? t.quality : '–';
}

// Today's score (data/SCHEMA.md, "debuggability score"); data written before
// it existed say so instead of showing a blank.
const NOT_MEASURED = 'not measured yet';
const SCORED = ['callback', 'reject', 'throw-at-io', 'throw', 'poison'];
function scoreToday(v) {
  if (!v.score) return { score: NOT_MEASURED, points: NOT_MEASURED, reject: NOT_MEASURED };
  const t = (v.traces || []).find((x) => x.way === 'reject' && !x.longStack);
  const reject = !t ? '–' : t.failed ? 'run failed' : `${t.quality}${t.asyncVariantFrames > 0 ? ', at async' : ''}`;
  return {
    score: v.score.score,
    points: SCORED.map((w) => (v.score.byFailure[w] ? v.score.byFailure[w].points : '–')).join(' · '),
    reject,
  };
}

// chains, chains-2013: the Promises/A+ chains post (_config/chains-data.js).
const chains = (args, load) => require('./chains-data').chainsTable(args, load);
const chains2013 = (args, load) => require('./chains-data').chainsReferenceTable(args, load);
// streamline-modes, streamline-2013: the streamline modes post (_config/streamline-modes-data.js).
const slModes = (args, load) => require('./streamline-modes-data').streamlineModesTable(args, load);
const sl2013 = (args, load) => require('./streamline-modes-data').streamlineReferenceTable(args, load);
// delegation, delegation-2014, delegation-ratios: the generator delegation post (_config/delegation-data.js).
const delegation = (name) => (args, load) => require('./delegation-data')[name](args, load);
// matrix, reproduction2013: the runtime matrix (_config/matrix-data.js).
const matrix = (args, load) => require('./matrix-data').matrixTable(args, load);
const reproduction2013 = (args, load) => require('./matrix-data').reproduction2013(args, load);
const TABLES = { complexity, parallel, debuggability, 'debuggability-runtimes': debuggabilityRuntimesTable, 'debuggability-trace': debuggabilityTraceTable, aboveFloor, chains, 'chains-2013': chains2013,
  delegation: delegation('delegationTable'), 'delegation-2014': delegation('delegationReferenceTable'), 'delegation-ratios': delegation('delegationRatios'),
  'streamline-modes': slModes, 'streamline-2013': sl2013, matrix, reproduction2013 };

function tableModel(kind, args, load) {
  const build = TABLES[kind];
  if (!build) throw new Error(`tables: unknown table "${kind}"; use one of ${Object.keys(TABLES).join(', ')}.`);
  const model = build(args, load);
  return { id: args.id || `table-${kind}${args.era ? `-${args.era}` : ''}`, incomplete: '', ...model };
}

module.exports = { tableModel };
