'use strict';
// The 2013 run reproduced: on Node 0.11, the configuration of 2013, each style paired
// with the file it corresponds to in the 2013 code gets a rank in our data and
// a rank in the 2013 figures, with a verdict per style.
//
//   {% dataTable "reproduction2013", set="cpu" %}    (cpu | io | memory, on node-0.11; runtime=, n=)
//   {% dataTable "reproduction2013Summary" %}        the three at a glance, with Spearman's ρ
//
// Ranks compare raw figures, so the cells ranked must come from one host
// (site/lib/host-guard.js).
const manifest = require('../../examples/manifest.json');
const { measurement, citation } = require('../format');
const { spearman } = require('../../scripts/lib/stats');
const { perfCells, summary } = require('../lib/cells');
const { perfEnv, machinesNote, incompleteNote, perfCommands } = require('../lib/provenance');
const { runtimeMatches } = require('../lib/runtime-match');
const { perfFile } = require('../lib/perf-files');
const { oneHost, runFlags } = require('../lib/host-guard');
const { cellReason } = require('./matrix');

const DEFAULT_N = 1000;

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
  // Ranks compare raw figures: one host (site/lib/host-guard.js).
  oneHost(hit, measured, `the 2013 reproduction (${set.title}, ${runtime}, n = ${n})`);
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
    notes: [machinesNote(data, measured), ...runFlags(data, measured)].filter(Boolean),
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
  charts: {}, tables: { reproduction2013, reproduction2013Summary },
  reproduction2013, rankRange, verdict, spread2013,
};
