'use strict';
// The runtime matrix ("then and now") -> chart and table models: every style
// on every runtime, from every data/perf-<profile>.json present (one file per
// runtime profile, site/lib/perf-files.js), runtimes in release order; the
// profiles without a file are named under the figure.
//
//   {% chart "matrix", scenario="upload", mode="cpu", metric="time" %}   (time | ratio | memory)
//   {% dataTable "matrix", scenario="upload", mode="cpu" %}              (which style runs where)
//   {% dataTable "reproduction2013", set="cpu" %}                         (cpu | io | memory, on node-0.11)
//
// Chart models are those of site/models/index.js with x = the runtime's
// index and `categories` naming each index; a cell that did not run leaves
// its series a gap there, never a zero.
const { BASELINE } = require('../../scripts/lib/manifest');
const { styleName, inSentence } = require('../lib/style-names');
const manifest = require('../../examples/manifest.json');
const { round, measurement, citation } = require('../format');
const { spearman } = require('../../scripts/lib/stats');
const { fromPackage } = require('../../scripts/lib/paths');
const { PERF_METRICS } = require('../lib/perf-metrics');
const { FLOOR_ID, FLOOR_LABEL, MODES, perfCells, summary } = require('../lib/cells');
const { perfEnv, machinesNote, incompleteNote, perfCommands, commitText } = require('../lib/provenance');
const { runtimeMatches, NOW_RUNTIME } = require('../lib/runtime-match');
const { runtimesOfCells, exactName } = require('../../scripts/lib/runtime-id');
const { everyProfile, perfFile } = require('../lib/perf-files');
const { readerReason } = require('../lib/skip-reason');

const ENGINES = { v8: 'V8', jsc: 'JavaScriptCore' };
const DEFAULT_N = 1000;

// "not comparable across engines" where the runtimes shown run on more than
// one JavaScript engine (V8 for Node and Deno, JavaScriptCore for Bun).
function engineNote(runtimes) {
  const engines = [...new Set(runtimes.map((r) => r.engine).filter(Boolean))];
  if (engines.length < 2) return '';
  const names = (e) => [...new Set(runtimes.filter((r) => r.engine === e).map((r) => r.label.split(' ')[0]))].join(', ');
  const which = engines.map((e) => `${ENGINES[e] || e}: ${names(e)}`).join('; ');
  return `Peak memory is not comparable across engines (${which}): each engine sizes its heap in its own way.`;
}

// Chromium in the matrix (the chromium profile, "Chromium (V8 in a browser)"):
// its V8 is a sibling of Node 24's, so its figures say what the same engine
// does with the same worker bundles inside a browser; but a repetition there
// also holds the browser's Worker and timers (worker.js hops each timer's
// callback through a message task), and its memory is no process's resident
// set. The note says so under every matrix figure that shows it.
function browserNote(runtimes, metric) {
  const browsers = runtimes.filter((r) => r.browser);
  if (!browsers.length) return '';
  const now = runtimes.find((r) => runtimeMatches(r.id, NOW_RUNTIME) && !r.browser);
  return browsers.map((b) => {
    const engines = `V8${b.v8 ? ` ${b.v8}` : ''}${now ? `, beside ${now.label}’s V8${now.v8 ? ` ${now.v8}` : ''}` : ''}`;
    if (metric === 'memory') {
      return `${b.label}: memory not measured (the browser gives a page no worker’s peak memory here), and not comparable with Node’s peak resident set in any case.`;
    }
    return `${b.label} runs the worker bundles of “Run it in your browser”, one fresh page and Web Worker per repetition, in headless Chromium ${b.version} (${engines}). ` +
      `Its figures relate to ${now ? now.label : 'Node'}’s as one V8 to another, but they also hold the browser’s worker and timer machinery: ` +
      'compare its ratios to callbacks with Node’s, not its milliseconds; its memory is not measured and would not compare with Node’s.';
  }).join(' ');
}

// "Measured on" for many runtimes at once: perfEnv's one description per
// run would repeat the machine for every runtime. Runtimes with their exact
// versions and flags, then each machine, the dates, commits and repetitions.
function matrixEnv(perf, cells, runtimes) {
  if (!cells.length) return '';
  const runs = [...new Set(cells.map((c) => c.run))].map((id) => (perf.runs || {})[id]).filter(Boolean);
  const flags = (id) => {
    const run = runs.find((r) => r.runtimes && r.runtimes[id]);
    return run ? run.runtimes[id].flags : [];
  };
  const shown = new Set(cells.map((c) => c.runtime));
  const versions = runtimes.filter((r) => shown.has(r.id)).map((r) => exactName({ name: r.name, version: r.version, flags: flags(r.id) })).join(', ');
  const hosts = [...new Set(runs.map((r) => r.host).filter(Boolean).map((h) => [h.cpu && `${h.cpu}${h.cores ? ` (${h.cores} cores)` : ''}`, h.os].filter(Boolean).join(', ')))];
  const dates = [...new Set(runs.map((r) => r.date && String(r.date).slice(0, 10)).filter(Boolean))].sort();
  const commits = [...new Set(runs.map((r) => commitText(r.git)).filter(Boolean))];
  const held = cells.map((c) => (Array.isArray(c.samples) ? c.samples.filter((x) => x.status === 'ok').length : c.time && c.time.count)).filter((k) => k > 0);
  const lo = Math.min(...held), hi = Math.max(...held);
  return [
    versions,
    hosts.join('; '),
    dates.length && (dates.length > 1 ? `${dates[0]} to ${dates[dates.length - 1]}` : dates[0]),
    commits.length && `commit${commits.length > 1 ? 's' : ''} ${commits.join(', ')}`,
    held.length && `${lo === hi ? lo : `${lo}–${hi}`} repetition${hi > 1 ? 's' : ''} per point`,
  ].filter(Boolean).join('; ');
}

function selectMatrix(perf, args) {
  const mode = args.mode || 'cpu';
  if (!MODES[mode]) throw new Error(`matrix: unknown mode "${mode}"; use one of ${Object.keys(MODES).join(', ')}.`);
  const scenario = args.scenario || 'upload';
  const n = Number(args.n || DEFAULT_N);
  const cells = perfCells(perf).filter((c) => c.scenario === scenario && c.mode === mode && c.n === n);
  return { mode, scenario, n, cells };
}

// The profiles the matrix cannot show, in one sentence, or ''.
function missingNote(missing) {
  if (!missing.length) return '';
  return `Not shown, for want of a data file: ${missing.join(', ')} (make one with npm run bench -- --runtimes PROFILE --out data/perf-PROFILE.json).`;
}

const MATRIX_METRICS = {
  time: { title: PERF_METRICS.time.title, unit: PERF_METRICS.time.unit, pick: (c) => summary(c.time) },
  memory: { title: PERF_METRICS.memory.title, unit: PERF_METRICS.memory.unit, pick: (c) => summary(c.memory) },
  // Each style's median over the nested callbacks' median on the same
  // runtime: what the style costs there, whatever the runtime's own speed.
  ratio: { title: `Time relative to ${inSentence(styleName(BASELINE))} on the same runtime`, unit: '×', pick: null },
};

function matrixChart(args, load) {
  const metric = MATRIX_METRICS[args.metric || 'time'];
  if (!metric) throw new Error(`charts: unknown matrix metric "${args.metric}"; use one of ${Object.keys(MATRIX_METRICS).join(', ')}.`);
  const { hit, missing } = everyProfile(load);
  const { data } = hit;
  const { mode, scenario, n, cells } = selectMatrix(data, args);
  const runtimes = runtimesOfCells(data, cells);
  const index = new Map(runtimes.map((r, i) => [r.id, i]));
  const ok = cells.filter((c) => c.status === 'ok');
  const baseline = new Map(ok.filter((c) => c.variant === BASELINE && summary(c.time)).map((c) => [c.runtime, c.time.median]));
  const pick = metric.pick || ((c) => {
    const base = baseline.get(c.runtime);
    return base > 0 && summary(c.time) ? [c.time.median / base, null, null, 1] : null;
  });
  const byVariant = new Map();
  const floor = [];
  const used = [];
  for (const c of ok) {
    const s = pick(c);
    if (!s) continue;
    used.push(c);
    const point = [index.get(c.runtime), ...s.map((v, i) => (i < 3 ? round(v) : v))];
    if (c.variant === FLOOR_ID) {
      floor.push(point);
      continue;
    }
    if (!byVariant.has(c.variant)) byVariant.set(c.variant, []);
    byVariant.get(c.variant).push(point);
  }
  const series = [...byVariant]
    .map(([label, points]) => ({ label, data: points.sort((a, b) => a[0] - b[0]) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const notes = [
    metric === MATRIX_METRICS.memory ? engineNote(runtimes) : '',
    browserNote(runtimes, metric === MATRIX_METRICS.memory ? 'memory' : 'time'),
    machinesNote(data, used),
    missingNote(missing),
  ].filter(Boolean);
  return {
    title: `Then and now, ${MODES[mode]}${scenario === 'upload' ? '' : ` (${scenario} scenario)`}, n = ${n}: ${metric.title.toLowerCase()}`,
    x: { title: 'Runtime, in release order', unit: '' },
    y: { title: metric.title, unit: metric.unit },
    categories: runtimes.map((r) => r.label),
    series,
    floor: metric === MATRIX_METRICS.time && floor.length ? { label: FLOOR_LABEL, data: floor.sort((a, b) => a[0] - b[0]) } : null,
    notes,
    env: matrixEnv(data, used, runtimes),
    commands: perfCommands(data, used),
    source: null,
    incomplete: incompleteNote(hit),
  };
}

// ---- which style runs where ------------------------------------------------

const STATUS_WORDS = { timeout: 'timed out', crash: 'crashed', oom: 'out of memory', skipped: 'skipped' };

// The reason a cell has no figure, in full (without the "(runtime id,
// probed)" tail the harness adds, so one reason reads the same on every
// runtime) and shortened to its first clause for the table cell.
function cellReason(cell) {
  const word = STATUS_WORDS[cell.status] || cell.status;
  const full = readerReason(fromPackage(String(cell.error || '').replace(/\s*\([^()]*\b(?:probed|browser)\)\s*$/, ''))).trim();
  if (cell.status !== 'skipped') return { short: word, full: full ? `${word}: ${full}` : word };
  const first = full.split(/[;:(]/)[0].trim();
  return { short: first || word, full: full || word };
}

function matrixTable(args, load) {
  const { hit, missing } = everyProfile(load);
  const { data } = hit;
  const { mode, scenario, n, cells } = selectMatrix(data, args);
  const runtimes = runtimesOfCells(data, cells);
  const at = new Map(cells.map((c) => [`${c.variant}|${c.runtime}`, c]));
  const variants = [...new Set(cells.map((c) => c.variant))].filter((v) => v !== FLOOR_ID);
  // Manifest order: the order the article introduces the styles in.
  const order = new Map(manifest.variants.map((v, i) => [v.id, i]));
  variants.sort((a, b) => (order.has(a) ? order.get(a) : 1e9) - (order.has(b) ? order.get(b) : 1e9) || a.localeCompare(b));
  const notes = [];
  const noteOf = (text) => {
    if (!notes.includes(text)) notes.push(text);
    return notes.indexOf(text) + 1;
  };
  const rows = variants.map((v) => {
    const row = { name: v };
    for (const r of runtimes) {
      const c = at.get(`${v}|${r.id}`);
      if (!c) row[r.id] = { text: '', title: 'not in this run' };
      else if (c.status === 'ok' && summary(c.time)) row[r.id] = measurement(c.time.median);
      else {
        const why = cellReason(c);
        row[r.id] = { text: why.short, title: why.full, note: noteOf(why.full), gap: true };
      }
    }
    return row;
  });
  const shown = cells.filter((c) => c.status === 'ok');
  return {
    id: args.id || `table-matrix-${mode}${scenario === 'upload' ? '' : `-${scenario}`}`,
    caption: `Which style runs where, ${MODES[mode]}${scenario === 'upload' ? '' : `, ${scenario} scenario`}, n = ${n}: median time in ms, or why a cell has none`,
    columns: [{ key: 'name', title: 'Variant' }, ...runtimes.map((r) => ({ key: r.id, title: r.label, num: true }))],
    rows,
    footnotes: notes,
    notes: [browserNote(runtimes, 'time'), machinesNote(data, cells), missingNote(missing)].filter(Boolean),
    env: matrixEnv(data, shown, runtimes),
    commands: perfCommands(data, shown),
    source: null,
    incomplete: incompleteNote(hit),
  };
}

// ---- the 2013 reproduction -------------------------------------------------

const REPRO_SETS = {
  cpu: { key: 'cpuBound', mode: 'cpu', metric: 'time', title: 'CPU-bound time' },
  io: { key: 'ioBound', mode: 'io', metric: 'time', title: 'I/O-bound time' },
  memory: { key: 'memory', mode: 'cpu', metric: 'memory', title: 'peak memory (CPU-bound runs)' },
};

// Our spread of a cell: the median's 95 % interval where the harness
// computed one, else the interquartile range.
function spreadOf(cell, metric) {
  const m = cell[metric];
  if (metric === 'time' && cell.timeCi && typeof cell.timeCi.lo === 'number') return { lo: cell.timeCi.lo, hi: cell.timeCi.hi, kind: '95 % interval' };
  if (typeof m.p25 === 'number' && typeof m.p75 === 'number') return { lo: m.p25, hi: m.p75, kind: 'IQR' };
  return { lo: m.median, hi: m.median, kind: 'single run' };
}

// Ranks a spread allows: 1 + the styles surely faster, up to the count less
// the styles surely slower. Values without spread (the 2013 single runs)
// give equal values the same range.
function rankRange(rows, i, lo, hi) {
  const me = rows[i];
  let better = 0, worse = 0;
  rows.forEach((r, j) => {
    if (j === i) return;
    if (hi(r) < lo(me)) better++;
    else if (lo(r) > hi(me)) worse++;
  });
  return [better + 1, rows.length - worse];
}

// A single 2013 run is one draw of the distribution we sample many times,
// so it gets the spread one of our processes has: the interquartile range
// of our samples of the same style, relative to their median. Without it,
// every 2013 figure is a point and only a style whose rank our interval
// pins to one number could ever agree.
function spread2013(then, cell, metric) {
  const m = cell[metric];
  if (typeof m.p25 !== 'number' || typeof m.p75 !== 'number' || !(m.median > 0)) return { lo: then, hi: then };
  return { lo: (then * m.p25) / m.median, hi: (then * m.p75) / m.median };
}

// ours, then: rank ranges [lo, hi]; oursAt, thenAt: each side's rank from
// its median alone. agrees: each side's own rank is one the other side's
// spread allows; differs: the two ranges share no rank; otherwise they
// overlap but one side's rank lies outside the other's range, which the
// spread can neither confirm nor refute.
function verdict(ours, then, oursAt = ours[0], thenAt = then[0]) {
  if (ours[1] < then[0] || ours[0] > then[1]) return 'differs';
  const inside = (r, range) => r >= range[0] && r <= range[1];
  if (inside(oursAt, then) && inside(thenAt, ours)) return 'agrees';
  return 'tied within spread';
}

// The rank of each row by one value alone (ties share the better rank).
function pointRanks(values) {
  return values.map((v) => 1 + values.filter((w) => w < v).length);
}

const rankText = (r) => (r[0] === r[1] ? String(r[0]) : `${r[0]}–${r[1]}`);

function reproduction2013(args, load) {
  const set = REPRO_SETS[args.set || 'cpu'];
  if (!set) throw new Error(`tables: unknown 2013 set "${args.set}"; use one of ${Object.keys(REPRO_SETS).join(', ')}.`);
  const ref = load('reference-2013').data;
  const runtime = args.runtime || 'node-0.11';
  const hit = load(perfFile(runtime));
  const { data } = hit;
  const mode = args.mode || set.mode;
  const then = new Map(ref[set.key].series.map((s) => [s.label, new Map(s.points.map((p) => [p.n, p.value]))]));
  const pairs = new Map(manifest.variants.filter((v) => v.article2013 && then.has(v.article2013)).map((v) => [v.id, v.article2013]));
  const cells = perfCells(data).filter((c) => c.scenario === 'upload' && c.mode === mode && runtimeMatches(c.runtime, runtime) && pairs.has(c.variant));
  // The n both have: the one asked for, else 1000 if both have it, else the largest.
  const common = [...new Set(cells.map((c) => c.n))].filter((n) => [...then.values()].some((pts) => pts.has(n))).sort((a, b) => a - b);
  const n = args.n ? Number(args.n) : common.includes(DEFAULT_N) ? DEFAULT_N : common[common.length - 1];
  const measured = cells.filter((c) => c.n === n && c.status === 'ok' && summary(c[set.metric]) && then.get(pairs.get(c.variant)).has(n));
  const missing = cells.filter((c) => c.n === n && c.status !== 'ok').map((c) => `${c.variant} (${cellReason(c).short})`);
  const rows = measured.map((c) => {
    const value = then.get(pairs.get(c.variant)).get(n);
    return { cell: c, then: value, spread: spreadOf(c, set.metric), thenSpread: spread2013(value, c, set.metric) };
  });
  const ours = rows.map((_, i) => rankRange(rows, i, (r) => r.spread.lo, (r) => r.spread.hi));
  const thens = rows.map((_, i) => rankRange(rows, i, (r) => r.thenSpread.lo, (r) => r.thenSpread.hi));
  const oursAt = pointRanks(rows.map((r) => r.cell[set.metric].median));
  const thensAt = pointRanks(rows.map((r) => r.then));
  const out = rows
    .map((r, i) => ({
      name: r.cell.variant,
      file2013: pairs.get(r.cell.variant),
      median: measurement(r.cell[set.metric].median),
      spread: `${measurement(r.spread.lo)}–${measurement(r.spread.hi)}`,
      rank: rankText(ours[i]),
      then: r.then,
      rank2013: rankText(thens[i]),
      verdict: verdict(ours[i], thens[i], oursAt[i], thensAt[i]),
      sort: r.cell[set.metric].median,
    }))
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
  const unit = set.metric === 'memory' ? 'MB' : 'ms';
  const kinds = [...new Set(rows.map((r) => r.spread.kind))].join(' or ');
  // How far the two orders agree overall, whatever the spread: Spearman's ρ
  // of our medians against the 2013 figures (null under 3 styles).
  const rho = spearman(rows.map((r) => r.cell[set.metric].median), rows.map((r) => r.then));
  return {
    id: args.id || `table-reproduction-2013-${args.set || 'cpu'}`,
    rho,
    n,
    caption: `The 2013 run reproduced on ${runtime}, ${set.title} at n = ${n}: the verdict, then our rank beside the 2013 rank, per style, ${set.metric === 'memory' ? 'smallest' : 'fastest'} first. ` +
      `A rank is a range where the spread does not separate neighbours: ours is the ${kinds || 'none'}, and a 2013 figure, a single run, gets the interquartile range of our runs of the style. ` +
      'Agrees: each side’s rank is one the other side allows; differs: the two ranges share no rank; tied within spread: neither' +
      (missing.length ? `. Not measured here: ${missing.join(', ')}` : ''),
    // The verdict and the two ranks first: the table is wider than the text
    // column and scrolls sideways, and the answer should not be off-screen.
    columns: [
      { key: 'name', title: 'Variant' },
      { key: 'verdict', title: 'Verdict' },
      { key: 'rank', title: 'Rank', num: true },
      { key: 'rank2013', title: '2013 rank', num: true },
      { key: 'median', title: 'Median', unit, num: true },
      { key: 'spread', title: 'Spread', unit, num: true },
      { key: 'then', title: '2013', unit, num: true },
      { key: 'file2013', title: '2013 file' },
    ],
    rows: out,
    notes: [machinesNote(data, measured)].filter(Boolean),
    empty: `No cells of ${runtime} at an n the 2013 article also measured: run npm run bench -- --runtimes node-0.11.`,
    env: measured.length ? perfEnv(data, measured) : '',
    commands: perfCommands(data, measured),
    source: citation(ref.source),
    incomplete: incompleteNote(hit),
  };
}

// The three reproductions at a glance: per set, the styles compared, each
// verdict's count, and Spearman's ρ of our medians against 2013's.
//   {% dataTable "reproduction2013Summary" %}   (runtime=node-0.11, n=)
function reproduction2013Summary(args, load) {
  const tables = Object.keys(REPRO_SETS).map((set) => ({ set, t: reproduction2013({ ...args, set, id: undefined }, load) }));
  const count = (t, v) => t.rows.filter((r) => r.verdict === v).length;
  const rows = tables.filter(({ t }) => t.rows.length).map(({ set, t }) => ({
    set: REPRO_SETS[set].title,
    n: String(t.n),
    styles: String(t.rows.length),
    decided: String(count(t, 'agrees') + count(t, 'differs')),
    agrees: String(count(t, 'agrees')),
    differs: String(count(t, 'differs')),
    tied: String(count(t, 'tied within spread')),
    rho: t.rho === null ? '–' : t.rho.toFixed(2),
  }));
  const first = tables.find(({ t }) => t.rows.length);
  return {
    id: args.id || 'table-reproduction-2013-summary',
    caption: `The 2013 reproduction on ${args.runtime || 'node-0.11'}, per figure: how many styles each verdict covers, and Spearman’s ρ ` +
      'of our medians against the 2013 figures (1: the same order; 0: no relation)',
    columns: [
      { key: 'set', title: 'Figure' },
      { key: 'n', title: 'n', num: true },
      { key: 'styles', title: 'Styles', num: true },
      { key: 'decided', title: 'Decided', num: true },
      { key: 'agrees', title: 'Agrees', num: true },
      { key: 'differs', title: 'Differs', num: true },
      { key: 'tied', title: 'Tied within spread', num: true },
      { key: 'rho', title: 'Spearman ρ', num: true },
    ],
    rows,
    empty: first ? '' : tables[0].t.empty,
    notes: first ? first.t.notes : [],
    env: first ? first.t.env : '',
    source: first ? first.t.source : null,
    incomplete: first ? first.t.incomplete : '',
  };
}

module.exports = {
  charts: { matrix: matrixChart }, tables: { matrix: matrixTable, reproduction2013, reproduction2013Summary },
  reproduction2013, engineNote, browserNote, cellReason, rankRange, verdict, spread2013,
};
