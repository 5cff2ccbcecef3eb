'use strict';
// The streamline modes post's data -> chart and table models (the shapes
// site/models/index.js documents):
//   data/streamline-modes.json          asyncbench/streamline-modes@1, npm run bench -- --scenario streamline-modes
//   data/reference-streamline-2013.json the 2013 post's findings, transcribed
// Until data/streamline-modes.json exists its charts and tables are empty
// figures that say so, and the build goes on; an invalid file still stops it.
// A cell whose program failed (stack overflow, timeout, crash) is no point
// on a chart: its series label says at which moduli and why, and the table
// shows the outcome in its place.
//
//   {% chart "streamline-modes", mode="setImmediate", runtime="node-14" %}   time vs modulo, one series per variant
//   {% dataTable "streamline-modes", mode="setImmediate", runtime="node-14" %} medians by modulo, outcomes in place
//   {% dataTable "streamline-2013" %}                                       the 2013 findings beside ours
const { round, citation } = require('../format');
const { selectCells, summary, groupPoints, toSeries } = require('../lib/cells');
const { perfEnv, incompleteNote, perfCommands } = require('../lib/provenance');
const { drawOneHost, oneHost, runFlags } = require('../lib/host-guard');
const { scenarioStyleName, styleName, inSentence } = require('../lib/style-names');
const { runtimeMatches } = require('../lib/runtime-match');
const { scenarioData } = require('../lib/measured');
const { ProseNumberError } = require('../lib/lookup');
const { SCENARIO_METRICS } = require('../lib/perf-metrics');
const { estimateOf, versusEstimates } = require('../lib/one-rule');

const NAME = 'streamline-modes';
const PRIMITIVES = {
  setImmediate: 'setImmediate',
  setTimeout: 'setTimeout (0 ms)',
  readFile: 'a 1 KB file read',
};
const METRICS = {
  time: { title: 'Time for 10,000 steps', unit: 'ms', pick: (c) => c.time },
  memory: { title: 'Peak memory', unit: 'MB', pick: (c) => c.memory },
};
const OUTCOMES = { 'stack-overflow': 'stack overflow', timeout: 'timeout', crash: 'crash', oom: 'out of memory' };
const label = (variant) => variant.replace(/^slmodes-/, '');

const { measured, option } = scenarioData(NAME);

// The ok cells of one primitive on one runtime (the page's, or "now"), and
// the failed cells of that same runtime.
function cellsOf(data, mode, runtime) {
  const ok = selectCells(data, { scenario: NAME, mode, runtime });
  const shown = runtime || (ok[0] && ok[0].runtime);
  const failed = data.cells.filter((c) => c.scenario === NAME && c.mode === mode && OUTCOMES[c.status] &&
    (runtime ? runtimeMatches(c.runtime, runtime) : !shown || c.runtime === shown));
  return { ok, failed };
}

// "stack overflow at modulo 1000, 5000" for a variant's failed cells.
function outcomeNote(failed) {
  const by = new Map();
  for (const c of failed) {
    const what = OUTCOMES[c.status];
    if (!by.has(what)) by.set(what, []);
    by.get(what).push(c.n);
  }
  return [...by].map(([what, ns]) => `${what} at modulo ${ns.sort((a, b) => a - b).join(', ')}`).join('; ');
}

function streamlineModesChart(args, load) {
  const metric = option(args.metric || 'time', METRICS, 'metric');
  const mode = args.mode || 'setImmediate';
  const primitive = option(mode, PRIMITIVES, 'mode');
  const hit = measured(load);
  const model = {
    title: `Every n-th step waits for ${primitive}: ${metric.title.toLowerCase()}${hit ? '' : ' (not measured yet)'}`,
    x: { title: 'Modulo (one step in n waits)', unit: '' },
    y: { title: metric.title, unit: metric.unit },
    series: [], env: '', source: null, incomplete: '',
  };
  if (!hit) return model;
  // One host per chart (site/lib/host-guard.js), its caption naming what it left out.
  const found = cellsOf(hit.data, mode, args.runtime);
  const drawn = drawOneHost(hit, found.ok.concat(found.failed));
  const kept = new Set(drawn.cells);
  const ok = found.ok.filter((c) => kept.has(c));
  const failed = found.failed.filter((c) => kept.has(c));
  const byVariant = groupPoints(ok, metric.pick);
  for (const cell of failed) if (!byVariant.has(cell.variant)) byVariant.set(cell.variant, []);
  // Labelled with the outcome where one failed; named as everywhere, with the same note.
  const noteOf = (variant) => {
    const note = outcomeNote(failed.filter((c) => c.variant === variant));
    return note ? ` (${note})` : '';
  };
  const names = new Map([...byVariant.keys()].map((v) => [`${label(v)}${noteOf(v)}`, `${scenarioStyleName('streamline-modes', label(v))}${noteOf(v)}`]));
  model.series = toSeries(byVariant, (variant) => `${label(variant)}${noteOf(variant)}`).map((s) => ({ ...s, name: names.get(s.label) }));
  const all = ok.concat(failed);
  model.notes = [drawn.note, ...runFlags(hit.data, all)].filter(Boolean);
  model.env = all.length ? perfEnv(hit.data, all) : '';
  model.commands = perfCommands(hit.data, all);
  model.incomplete = incompleteNote(hit);
  return model;
}

// One row per variant, one column per modulo: the median, or the outcome.
function streamlineModesTable(args, load) {
  const metric = option(args.metric || 'time', METRICS, 'metric');
  const mode = args.mode || 'setImmediate';
  const primitive = option(mode, PRIMITIVES, 'mode');
  const hit = measured(load);
  const caption = `${metric.title} when every n-th step waits for ${primitive}, median of the repetitions; ` +
    `a failed program shows its outcome${hit ? '' : ' (not measured yet)'}`;
  if (!hit) return { caption, columns: [{ key: 'variant', title: 'Variant' }], rows: [], env: '', source: null };
  const { ok, failed } = cellsOf(hit.data, mode, args.runtime);
  const all = ok.concat(failed);
  // Times side by side over the moduli: one host.
  oneHost(hit, ok, `the streamline-modes table (${mode})`);
  const ns = [...new Set(all.map((c) => c.n))].sort((a, b) => a - b);
  const columns = [{ key: 'variant', title: 'Variant', style: 'streamline-modes' }, ...ns.map((n) => ({ key: `n${n}`, title: `modulo ${n}`, unit: metric.unit, num: true }))];
  const rows = new Map();
  const row = (variant) => {
    if (!rows.has(variant)) rows.set(variant, { variant: label(variant) });
    return rows.get(variant);
  };
  for (const cell of ok) {
    const s = summary(metric.pick(cell));
    row(cell.variant)[`n${cell.n}`] = s ? round(s[0]) : '–';
  }
  for (const cell of failed) row(cell.variant)[`n${cell.n}`] = OUTCOMES[cell.status];
  for (const r of rows.values()) for (const c of columns) if (!(c.key in r)) r[c.key] = '–';
  return {
    caption, columns,
    rows: [...rows.values()].sort((a, b) => a.variant.localeCompare(b.variant)),
    notes: runFlags(hit.data, all),
    env: all.length ? perfEnv(hit.data, all) : '',
    commands: perfCommands(hit.data, all),
    source: null,
    incomplete: incompleteNote(hit),
  };
}

// The 2013 findings, each beside what our data say for the same question.
// A range of times is given as the spread within it (the slowest over the
// fastest): the 2013 loop and ours differ in length, so their milliseconds
// are not set side by side.
function streamlineReferenceTable(args, load) {
  const { data } = load('reference-streamline-2013');
  const hit = measured(load);
  const source = citation(data.source);
  const rows = data.findings.map((f) => ({
    finding: f.what,
    then: f.kind === 'outcome' ? `${OUTCOMES[f.outcome]} ${f.comparison === 'near' ? 'near' : 'below'} modulo ${f.modulo}`
      : f.kind === 'range' ? `${f.low}–${f.high} ${f.unit} over a loop of unstated length: the slowest ${spread(f.high / f.low)} the fastest`
        : `${f.low === f.high ? f.low : `${f.low}–${f.high}`}× faster`,
    now: hit ? ours(f, hit.data, args.runtime) : 'not measured yet',
  }));
  return {
    // The 2013 runtime is named in the line under the table (env).
    caption: `The 2013 post's findings and ours for the same question${args.runtime ? ` on ${args.runtime.replace(/^node-/, 'Node ')}` : ''}`,
    columns: [{ key: 'finding', title: 'Finding', wrap: true }, { key: 'then', title: '2013', wrap: true }, { key: 'now', title: 'Measured here', wrap: true }],
    rows, env: data.source.runtime, source,
  };
}

const spread = (r) => `${Number(r.toFixed(2))}×`;
const nameOf = (id) => inSentence(styleName(id));
const okReps = (c) => c.samples.filter((x) => x.status === 'ok').length;

// What our cells say about one 2013 finding, in the finding's terms; a ratio
// of two medians is ranked by the one rule (site/lib/one-rule.js), which
// needs a 95 % interval of each.
function ours(f, data, runtime) {
  const cells = data.cells.filter((c) => c.scenario === NAME && (!runtime || runtimeMatches(c.runtime, runtime)));
  if (f.kind === 'outcome') {
    const bad = cells.filter((c) => c.variant === f.variant && c.status === f.outcome).map((c) => c.n);
    const okNs = cells.filter((c) => c.variant === f.variant && c.status === 'ok').map((c) => c.n);
    if (!bad.length && !okNs.length) return 'not measured';
    if (!bad.length) return `no ${OUTCOMES[f.outcome]} up to modulo ${Math.max(...okNs)}`;
    return `${OUTCOMES[f.outcome]} from modulo ${Math.min(...bad)}`;
  }
  const p = f.params || {};
  const pick = (variant) => cells.filter((c) => c.variant === variant && c.status === 'ok' && (!p.primitive || c.mode === p.primitive) &&
    (!p.modulo || c.n === p.modulo) && c.time && typeof c.time.median === 'number');
  if (f.kind === 'range') {
    const ok = cells.filter((c) => c.status === 'ok' && c.mode === p.primitive && (!p.modulo || c.n === p.modulo) && c.time && typeof c.time.median === 'number');
    if (!ok.length) return 'not measured';
    const ts = ok.map((c) => c.time.median);
    const loop = [...new Set(ok.map((c) => c.loop).filter(Boolean))];
    return `over ${loop.length === 1 ? `${loop[0].toLocaleString('en-GB')} steps` : 'our loop'}: the slowest median ${spread(Math.max(...ts) / Math.min(...ts))} the fastest`;
  }
  const pairs = [];
  for (const fast of pick(f.faster)) {
    for (const slowId of f.slower) {
      for (const slow of pick(slowId)) if (slow.n === fast.n && slow.runtime === fast.runtime) pairs.push([slow, fast]);
    }
  }
  if (!pairs.length) {
    // No pair ran: say which side failed, and how, rather than "not measured".
    const failed = cells.filter((c) => [f.faster, ...f.slower].includes(c.variant) && OUTCOMES[c.status] &&
      (!p.primitive || c.mode === p.primitive) && (!p.modulo || c.n === p.modulo));
    return failed.length ? [...new Set(failed.map((c) => `${nameOf(c.variant)}: ${OUTCOMES[c.status]}`))].join('; ') : 'not measured';
  }
  const ratios = pairs.map(([slow, fast]) => slow.time.median / fast.time.median);
  const lo = round(Math.min(...ratios)), hi = round(Math.max(...ratios));
  const verdicts = pairs.map(([slow, fast]) => versusEstimates(...[slow, fast].map((c) => estimateOf(c, SCENARIO_METRICS.time, { allowFew: true }))).apart);
  const reading = verdicts.includes(null) ? `medians of ${Math.min(...pairs.flat().map(okReps))} runs, too few for an interval: not ranked`
    : verdicts.every(Boolean) ? 'every pair apart' : `${verdicts.filter((v) => !v).length} of ${pairs.length} pairs tied`;
  return `${lo === hi ? lo : `${lo}–${hi}`}× (above 1: ${nameOf(f.faster)} faster; ${reading})`;
}

// ---- the prose ------------------------------------------------------------
// Sentences are written in the post and checked by {% claim %}
// (site/prose/claims.js, source="streamline-modes"); figures come from
// {% num "streamline-modes", ... %}. What neither gives:
//   {% streamlineFirstFailure "slmodes-raw-callbacks", mode="setImmediate", runtime="node-24" %}
//     the smallest modulo at which the variant's program failed ("200")
function streamlineFirstFailure(load, [id], kw) {
  option(kw.mode || '(none)', PRIMITIVES, 'mode');
  const hit = measured(load);
  // A draft post without its data reads "(not measured yet)", as its charts do.
  if (!hit) return '(not measured yet)';
  const mine = hit.data.cells.filter((c) => c.scenario === NAME && c.mode === kw.mode && c.variant === id && (!kw.runtime || runtimeMatches(c.runtime, kw.runtime)));
  if (!mine.length) throw new ProseNumberError(`${hit.shown} has no cells of ${id} (${kw.mode}${kw.runtime ? `, ${kw.runtime}` : ''})`);
  const bad = mine.filter((c) => OUTCOMES[c.status]).map((c) => c.n);
  if (!bad.length) throw new ProseNumberError(`${id} (${kw.mode}${kw.runtime ? `, ${kw.runtime}` : ''}) failed at no modulo; say it finished everywhere ({% claim "outcome", outcome="ok" %})`);
  return Math.min(...bad).toLocaleString('en-GB');
}

module.exports = {
  prose: { streamlineFirstFailure },
  charts: { 'streamline-modes': streamlineModesChart },
  tables: { 'streamline-modes': streamlineModesTable, 'streamline-2013': streamlineReferenceTable },
  PRIMITIVES, METRICS, OUTCOMES,
};
