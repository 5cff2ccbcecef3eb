'use strict';
// The generator delegation post's data -> chart and table models (the shapes
// site/models/index.js documents):
//   data/delegation.json                asyncbench/delegation@1, npm run bench -- --scenario delegation
//   data/reference-delegation-2013.json  the 2014 post's figures, transcribed
// Until data/delegation.json exists its charts and tables are empty figures
// that say so, and the build goes on; an invalid file still stops the build.
//
//   {% chart "delegation", by="depth", n=10000, metric="throughput" %}  x: levels of delegation
//   {% chart "delegation", by="n", mode="flat", metric="time", xlog=true %}  x: coroutines in parallel
//   {% dataTable "delegation", metric="throughput", n=10000, id="..." %}  runners × depths
//   {% dataTable "delegation-2014", set="delegation", id="..." %}        the 2014 figures as published
//   {% dataTable "delegation-ratios", n=10000, id="..." %}               2014 ratios beside ours
const { round, citation } = require('../format');
const { selectCells, summary, groupPoints, toSeries } = require('../lib/cells');
const { perfEnv, incompleteNote, perfCommands } = require('../lib/provenance');
const { drawOneHost, oneHost, runFlags } = require('../lib/host-guard');
const { scenarioStyleName, styleName } = require('../lib/style-names');
const { scenarioData } = require('../lib/measured');
const { SCENARIO_METRICS } = require('../lib/perf-metrics');
const { estimateOf, versusEstimates, closeMedians, TIE_MARGIN_PCT } = require('../lib/one-rule');
const { runtimesOfCells } = require('../../scripts/lib/runtime-id');

const METRICS = {
  throughput: { title: 'Coroutines finished per second', unit: 'ops/s', pick: (c) => c.throughput },
  time: { title: 'Time for all n coroutines', unit: 'ms', pick: (c) => c.time },
  memory: { title: 'Peak memory', unit: 'MB', pick: (c) => c.memory },
};
const MODES = { flat: 'no delegation', d1: '1 level of delegation', d2: '2 levels of delegation', d5: '5 levels of delegation' };
const DEPTH = { flat: 0, d1: 1, d2: 2, d5: 5 };
const REF_SETS = ['delegation', 'runners'];
const label = (variant) => variant.replace(/^delegation-/, '');

const { measured, option } = scenarioData('delegation');

const coroutines = (n) => `${Number(n).toLocaleString('en-US')} coroutine${Number(n) === 1 ? '' : 's'}`;

// by="depth": one point per depth at one n; by="n": one point per n at one depth.
function delegationChart(args, load) {
  const metric = option(args.metric || 'throughput', METRICS, 'metric');
  const by = args.by || 'depth';
  if (!['depth', 'n'].includes(by)) throw new Error(`charts: unknown by "${by}" for delegation; use depth or n.`);
  const mode = args.mode || 'flat';
  option(mode, MODES, 'mode');
  const n = Number(args.n || 10000);
  const hit = measured(load);
  const what = by === 'depth' ? `${coroutines(n)} in parallel` : MODES[mode];
  const model = {
    title: `Coroutine runners, ${what}: ${metric.title.toLowerCase()}${args.runtime ? `, ${args.runtime}` : ''}${hit ? '' : ' (not measured yet)'}`,
    x: by === 'depth' ? { title: 'Levels of delegation', unit: '' } : { title: 'Coroutines in parallel (n)', unit: '' },
    y: { title: metric.title, unit: metric.unit },
    series: [], env: '', source: null, incomplete: '',
  };
  if (!hit) return model;
  // One host per chart (site/lib/host-guard.js), its caption naming what it left out.
  const drawn = drawOneHost(hit, selectCells(hit.data, { scenario: 'delegation', runtime: args.runtime, mode: by === 'n' ? mode : undefined })
    .filter((c) => by === 'n' || c.n === n));
  const { cells } = drawn;
  model.series = toSeries(groupPoints(cells, metric.pick, (c) => (by === 'depth' ? DEPTH[c.mode] : c.n)), label)
    .map((s) => ({ ...s, name: scenarioStyleName('delegation', s.label) }));
  model.notes = [drawn.note, ...runFlags(hit.data, cells)].filter(Boolean);
  model.env = cells.length ? perfEnv(hit.data, cells) : '';
  model.commands = perfCommands(hit.data, cells);
  model.incomplete = incompleteNote(hit);
  return model;
}

function reference(load) {
  const { data } = load('reference-delegation-2013');
  return { data, source: citation(data.source) };
}

// Medians at one n: variant -> mode -> value.
function medians(hit, metric, n, runtime) {
  const cells = selectCells(hit.data, { scenario: 'delegation', runtime }).filter((c) => c.n === n);
  const out = new Map();
  for (const cell of cells) {
    const s = summary(metric.pick(cell));
    if (!out.has(cell.variant)) out.set(cell.variant, {});
    out.get(cell.variant)[cell.mode] = s ? s[0] : null;
  }
  return { cells, values: out };
}

// One row per runner, one column per depth, and the share of the flat
// throughput left at depth 1 and 5.
function delegationTable(args, load) {
  const metric = option(args.metric || 'throughput', METRICS, 'metric');
  const n = Number(args.n || 10000);
  const hit = measured(load);
  const columns = [{ key: 'variant', title: 'Runner', style: 'delegation' },
    ...Object.keys(MODES).map((m) => ({ key: m, title: m === 'flat' ? 'flat' : `${DEPTH[m]} level${DEPTH[m] > 1 ? 's' : ''}`, unit: metric.unit, num: true }))];
  const relative = metric === METRICS.throughput;
  if (relative) columns.push({ key: 'd1-share', title: '1 level / flat', unit: '', num: true }, { key: 'd5-share', title: '5 levels / flat', unit: '', num: true });
  const caption = `${metric.title}, ${coroutines(n)} in parallel, median per delegation depth${args.runtime ? `, ${args.runtime}` : ''}${hit ? '' : ' (not measured yet)'}`;
  if (!hit) return { caption, columns, rows: [], env: '' };
  const { cells, values } = medians(hit, metric, n, args.runtime);
  // Rows ranked and depths divided: one host.
  oneHost(hit, cells, `the delegation table (${metric.title.toLowerCase()}, n = ${n})`);
  const rows = [...values].map(([variant, v]) => {
    const row = { variant: label(variant) };
    for (const m of Object.keys(MODES)) row[m] = typeof v[m] === 'number' ? round(v[m]) : '–';
    if (relative) {
      for (const m of ['d1', 'd5']) row[`${m}-share`] = typeof v[m] === 'number' && v.flat ? Number((v[m] / v.flat).toFixed(2)) : '–';
    }
    return row;
  });
  const key = (r) => (typeof r.flat === 'number' ? r.flat : -Infinity);
  rows.sort((a, b) => (relative ? key(b) - key(a) : key(a) - key(b)));
  return { caption, columns, rows, notes: runFlags(hit.data, cells), env: cells.length ? perfEnv(hit.data, cells) : '', commands: perfCommands(hit.data, cells), incomplete: incompleteNote(hit) };
}

// The 2014 figures as the post published them.
function delegationReferenceTable(args, load) {
  const set = args.set || 'delegation';
  if (!REF_SETS.includes(set)) throw new Error(`tables: unknown delegation-2014 set "${set}"; use one of ${REF_SETS.join(', ')}.`);
  const { data, source } = reference(load);
  const t = data[set];
  const first = set === 'delegation' ? { key: 'case', title: 'Case' } : { key: 'runner', title: 'Runner' };
  return {
    caption: `2014: ${t.description}; ${data.unit}, ± benchmark.js's relative margin of error`,
    columns: [{ key: 'runtime', title: 'Runtime' }, first, { key: 'opsPerSec', title: 'runs/s', unit: '', num: true }, { key: 'rme', title: '±', unit: '' }],
    rows: t.rows.map((r) => ({ runtime: r.runtime, case: MODES[r.mode], runner: r.runner, opsPerSec: r.opsPerSec, rme: `${r.rmePct} %` })),
    env: data.source.runtime,
    source,
  };
}

// The two claims of the 2014 post as ratios, which survive the change of
// machine and unit: the throughput left with one level of delegation, and
// Bluebird's coroutine against co's. Ours at the same concurrency, on each
// runtime measured, under the one rule of every comparison on the site
// (site/lib/one-rule.js): "faster" or "slower" only when the
// two medians' 95 % intervals are apart, "tied" when they overlap ("the same"
// with medians within its margin), and no verdict without intervals.
// hit: the file the cells come from; the two cells divided must share a
// host (site/lib/host-guard.js).
function ratioOf(hit, cells, [a, b]) {
  const find = ([variant, mode]) => cells.find((c) => c.variant === variant && c.mode === mode && c.status === 'ok');
  const pair = [find(a), find(b)];
  if (!pair[0] || !pair[1]) return null;
  oneHost(hit, pair, `the delegation ratio of ${a.join(':')} over ${b.join(':')}`);
  const [x, y] = pair.map((c) => estimateOf(c, SCENARIO_METRICS.throughput, { allowFew: true, what: 'throughput' }));
  if (!(y.median > 0)) return null;
  const v = versusEstimates(x, y, { what: 'throughput', b: b.join(':') });
  // The range the two intervals allow the ratio (each end over the far end
  // of the other), tied or not.
  const range = x.lo === null || y.lo === null ? null : [x.lo / y.hi, x.hi / y.lo];
  return { ratio: x.median / y.median, range, apart: v.apart, close: closeMedians(x.median, y.median), reps: Math.min(x.reps || Infinity, y.reps || Infinity) };
}

// A throughput ratio: two significant digits when small, two decimals else.
const t = (v) => (v < 0.1 ? v.toPrecision(2) : v.toFixed(2));

function ratioText(r) {
  if (!r) return '–';
  if (r.apart === null) return `${t(r.ratio)} (${r.reps} runs: no interval)`;
  const reading = r.apart ? (r.ratio > 1 ? 'faster' : 'slower') : r.close ? 'the same' : 'tied';
  return `${t(r.ratio)} (${t(r.range[0])}–${t(r.range[1])}): ${reading}`;
}

function delegationRatios(args, load) {
  const n = Number(args.n || 10000);
  const { data, source } = reference(load);
  const hit = measured(load);
  const ref = (set, runtime, pick) => {
    const rows = data[set].rows.filter((r) => r.runtime === runtime);
    const a = rows.find(pick[0]), b = rows.find(pick[1]);
    return a && b ? Number((a.opsPerSec / b.opsPerSec).toFixed(2)) : '–';
  };
  const claims = [
    { claim: `1 level of delegation / flat (${styleName('delegation-co-3-thunks')})`, set: 'delegation', pick: [(r) => r.mode === 'd1', (r) => r.mode === 'flat'],
      ours: [['delegation-co-3-thunks', 'd1'], ['delegation-co-3-thunks', 'flat']] },
    { claim: `1 level of delegation / flat (${styleName('delegation-co-thunks')})`, set: null, ours: [['delegation-co-thunks', 'd1'], ['delegation-co-thunks', 'flat']] },
    { claim: `${styleName('delegation-bluebird-0-9')} / ${styleName('delegation-co-3-thunks')}, flat`, set: 'runners', pick: [(r) => r.runner === 'Bluebird Promise.coroutine (prepared)', (r) => r.runner === 'co (prepared)'],
      ours: [['delegation-bluebird-0-9', 'flat'], ['delegation-co-3-thunks', 'flat']] },
    { claim: `${styleName('delegation-bluebird')} / ${styleName('delegation-co-promises')}, flat`, set: null, ours: [['delegation-bluebird', 'flat'], ['delegation-co-promises', 'flat']] },
  ];
  // Every runtime's cells: selectCells alone would keep only "now"'s.
  const all = hit ? hit.data.cells.filter((c) => c.scenario === 'delegation' && c.n === n) : [];
  // Every runtime the file holds, oldest release first, as its own column.
  const runtimes = hit ? runtimesOfCells(hit.data, all.filter((c) => !args.runtime || c.runtime.startsWith(args.runtime))) : [];
  const columns = [{ key: 'claim', title: 'Ratio of throughputs' }, { key: 'node', title: '2014, Node 0.11.10', unit: '', num: true },
    { key: 'firefox', title: '2014, Firefox 30', unit: '', num: true },
    ...runtimes.map((r) => ({ key: r.id, title: `Ours, ${r.label} (95 % intervals)`, unit: '', num: true }))];
  const rows = claims.map((c) => {
    const row = { claim: c.claim, node: c.set ? ref(c.set, 'Node 0.11.10', c.pick) : '–', firefox: c.set ? ref(c.set, 'Firefox Nightly 30.0a1', c.pick) : '–' };
    for (const r of runtimes) row[r.id] = ratioText(ratioOf(hit, all.filter((x) => x.runtime === r.id), c.ours));
    return row;
  });
  const used = all.filter((x) => claims.some((c) => c.ours.some(([v, m]) => x.variant === v && x.mode === m)));
  return {
    caption: `The 2014 post's two findings as ratios, beside ours at ${coroutines(n)} in parallel on each runtime measured (above 1: the first is faster). ` +
      `Ours give the ratio of medians and the range their 95 % intervals allow it: "faster" or "slower" where the two intervals are apart, ` +
      `"tied" where they overlap, "the same" when the medians are also within ${TIE_MARGIN_PCT} %${hit ? '' : ' (ours not measured yet)'}`,
    columns, rows,
    env: used.length ? perfEnv(hit.data, used) : '',
    commands: hit ? perfCommands(hit.data, used) : [],
    source,
    incomplete: hit ? incompleteNote(hit) : '',
  };
}

module.exports = {
  ratioOf, ratioText,
  charts: { delegation: delegationChart },
  tables: { delegation: delegationTable, 'delegation-2014': delegationReferenceTable, 'delegation-ratios': delegationRatios },
  METRICS, MODES,
};
