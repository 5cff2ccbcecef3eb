'use strict';
// The runtime matrix ("then and now") -> chart and table models, runtimes in
// release order, each drawn within one host (site/lib/host-guard.js):
//   - metric="ratio" and the table: every style on every runtime, as its
//     median over nested callbacks' on the same runtime and host, from every
//     data/perf-<profile>.json present (one file per runtime profile,
//     site/lib/perf-files.js), each runtime's host named; the profiles
//     without a file are named under the figure. Those files were measured on
//     different hosts, so their times meet only as these ratios.
//   - metric="time" and "memory": raw figures across runtimes, from
//     data/perf-then-and-now.json alone, one run that measured every runtime
//     on one host, named with its anchor's verdict; until that file exists
//     the figure says it awaits it and draws nothing.
//
//   {% chart "matrix", scenario="upload", mode="cpu", metric="time" %}   (time | ratio | memory)
//   {% dataTable "matrix", scenario="upload", mode="cpu" %}              (which style runs where)
//
// The 2013 reproduction on Node 0.11 is site/models/reproduction-2013.js.
//
// Chart models are those of site/models/index.js with x = the runtime's
// index and `categories` naming each index; a cell that did not run leaves
// its series a gap there, never a zero.
const { BASELINE } = require('../../scripts/lib/manifest');
const { styleName, inSentence } = require('../lib/style-names');
const manifest = require('../../examples/manifest.json');
const { round } = require('../format');
const { fromPackage } = require('../../scripts/lib/paths');
const { PERF_METRICS } = require('../lib/perf-metrics');
const { FLOOR_ID, FLOOR_LABEL, MODES, perfCells, summary } = require('../lib/cells');
const { incompleteNote, perfCommands, commitText } = require('../lib/provenance');
const { runtimeMatches, NOW_RUNTIME } = require('../lib/runtime-match');
const { runtimesOfCells, exactName, profileName } = require('../../scripts/lib/runtime-id');
const { hostLabel } = require('../../scripts/lib/host-identity');
const { everyProfile, thenAndNow, PROFILES, THEN_AND_NOW } = require('../lib/perf-files');
const { oneHost, ratioHostsNote, hostsOfCells, runFlags, anchorWords, hostRecordOf } = require('../lib/host-guard');
const { ratio: times } = require('../../assets/js/cost-format');
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
  // Each host by its label (CPU and kernel build) with the dates measured there.
  const byHost = new Map();
  for (const c of cells) {
    const h = hostRecordOf(perf, c);
    const run = (perf.runs || {})[c.run];
    if (!h) continue;
    const text = [h.cpu && `${hostLabel(h)}${h.cores ? ` (${h.cores} cores)` : ''}`, h.os].filter(Boolean).join(', ');
    if (!byHost.has(text)) byHost.set(text, new Set());
    if (run && run.date) byHost.get(text).add(String(run.date).slice(0, 10));
  }
  const span = (ds) => (ds.length > 1 ? `${ds[0]} to ${ds[ds.length - 1]}` : ds[0]);
  const hosts = [...byHost].map(([text, ds]) => [text, ds.size && span([...ds].sort())].filter(Boolean).join(', '));
  const commits = [...new Set(runs.map((r) => commitText(r.git)).filter(Boolean))];
  const held = cells.map((c) => (Array.isArray(c.samples) ? c.samples.filter((x) => x.status === 'ok').length : c.time && c.time.count)).filter((k) => k > 0);
  const lo = Math.min(...held), hi = Math.max(...held);
  return [
    versions,
    hosts.join('; '),
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
  // Named when a figure asks, not at load: the name comes from the build's
  // one read of the manifest (site/lib/per-build.js), renewed per build.
  ratio: { get title() { return `Time relative to ${inSentence(styleName(BASELINE))} on the same runtime`; }, unit: '×', pick: null },
};

// Each style's ratio to nested callbacks on its runtime, both cells from
// one host (checked: site/lib/host-guard.js), keyed by cell.
function ratiosOf(hit, cells, what) {
  const base = new Map(cells.filter((c) => c.status === 'ok' && c.variant === BASELINE && summary(c.time)).map((c) => [c.runtime, c]));
  const out = new Map();
  for (const c of cells) {
    const b = base.get(c.runtime);
    if (c.status !== 'ok' || !b || !(b.time.median > 0) || !summary(c.time)) continue;
    if (c !== b) oneHost(hit, [c, b], `${what}: ${c.variant} over ${BASELINE} on ${c.runtime}`);
    out.set(c, c.time.median / b.time.median);
  }
  return out;
}

// Where the raw figures across runtimes would come from, while they do not:
// the figure says so and draws nothing (site/lib/perf-files.js THEN_AND_NOW).
function awaitingNote(hit, scenario, mode, n) {
  const single = `one run that measured every runtime on one host (data/${THEN_AND_NOW}.json)`;
  const why = 'the runtimes’ own files were measured on different hosts, whose raw times do not compare';
  if (!hit) return `Raw figures across runtimes come only from ${single}, which is not in the data yet: ${why}. The ratio to nested callbacks on each runtime compares the styles across runtimes meanwhile.`;
  return `Raw figures across runtimes come only from ${single}, and that run measured no ${scenario} cells ${MODES[mode]} at n = ${n}: ${why}. The ratio to nested callbacks on each runtime compares the styles across runtimes.`;
}

// The host and anchor of the one run behind the raw figures, for the caption.
function singleRunNote(data, cells) {
  const ids = [...new Set(cells.map((c) => c.run))];
  return ids.map((id) => {
    const run = data.runs[id] || {};
    const h = hostRecordOf(data, cells.find((c) => c.run === id));
    return `Raw figures across runtimes from one run on one host: ${h ? hostLabel(h) : 'an unrecorded host'}${run.date ? `, ${String(run.date).slice(0, 10)}` : ''}; ${anchorWords(run)}.`;
  }).join(' ');
}

function matrixChart(args, load) {
  const metric = MATRIX_METRICS[args.metric || 'time'];
  if (!metric) throw new Error(`charts: unknown matrix metric "${args.metric}"; use one of ${Object.keys(MATRIX_METRICS).join(', ')}.`);
  const raw = metric !== MATRIX_METRICS.ratio;
  // Ratios from every profile's file; raw figures from the one run alone.
  const single = raw ? thenAndNow(load) : null;
  const { hit, missing } = raw ? { hit: single, missing: [] } : everyProfile(load);
  const { mode, scenario, n, cells } = selectMatrix(hit ? hit.data : { cells: [] }, args);
  const title = `Then and now, ${MODES[mode]}${scenario === 'upload' ? '' : ` (${scenario} scenario)`}, n = ${n}: ${metric.title.toLowerCase()}`;
  const ok = cells.filter((c) => c.status === 'ok');
  if (raw && !ok.length) {
    const note = awaitingNote(hit, scenario, mode, n);
    return {
      title, x: { title: 'Runtime, in release order', unit: '' }, y: { title: metric.title, unit: metric.unit },
      categories: [], series: [], floor: null, notes: [note],
      empty: hit ? 'Nothing drawn: the one run of every runtime measured no cells here.' : 'Nothing drawn until the one run of every runtime on one host is in the data.',
      env: '', commands: [], source: null, incomplete: hit ? incompleteNote(hit) : '',
    };
  }
  const { data } = hit;
  if (raw) oneHost(hit, ok, `the then-and-now chart (${metric.title.toLowerCase()}, ${scenario}, ${mode}, n = ${n})`);
  const runtimes = runtimesOfCells(data, cells);
  const index = new Map(runtimes.map((r, i) => [r.id, i]));
  const ratios = raw ? null : ratiosOf(hit, ok, `the then-and-now ratio chart (${scenario}, ${mode}, n = ${n})`);
  const pick = metric.pick || ((c) => (ratios.has(c) ? [ratios.get(c), null, null, 1] : null));
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
  // The one run's runtimes: the profiles it did not measure are named.
  const inRun = new Set(runtimes.map((r) => profileName(r.id)));
  const notMeasured = raw ? PROFILES.filter((p) => !inRun.has(p)) : [];
  const notes = [
    raw ? singleRunNote(data, used) : ratioHostsNote(hit, used, runtimes),
    metric === MATRIX_METRICS.memory ? engineNote(runtimes) : '',
    browserNote(runtimes, metric === MATRIX_METRICS.memory ? 'memory' : 'time'),
    ...runFlags(data, used, { except: raw ? ['anchor'] : [] }),
    missingNote(missing),
    notMeasured.length ? `Not in that run: ${notMeasured.join(', ')}.` : '',
  ].filter(Boolean);
  return {
    title,
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
  // The runtimes' files come from different hosts: each figure is a ratio
  // within its runtime's host, never a time set beside another host's.
  const ratios = ratiosOf(hit, cells, `the which-style-runs-where table (${scenario}, ${mode}, n = ${n})`);
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
      else if (ratios.has(c)) row[r.id] = times(ratios.get(c));
      else if (c.status === 'ok') row[r.id] = { text: '–', title: `no figure of ${inSentence(styleName(BASELINE))} on this runtime to divide by` };
      else {
        const why = cellReason(c);
        row[r.id] = { text: why.short, title: why.full, note: noteOf(why.full), gap: true };
      }
    }
    return row;
  });
  const shown = cells.filter((c) => ratios.has(c));
  const hostOfRuntime = (id) => hostsOfCells(hit, cells.filter((c) => c.runtime === id && c.status === 'ok'));
  return {
    id: args.id || `table-matrix-${mode}${scenario === 'upload' ? '' : `-${scenario}`}`,
    caption: `Which style runs where, ${MODES[mode]}${scenario === 'upload' ? '' : `, ${scenario} scenario`}, n = ${n}: each style’s median time over ${inSentence(styleName(BASELINE))}’s ` +
      'on the same runtime and host, or why a cell has none. Each column names the host its runtime was measured on: the hosts differ, so a ' +
      'ratio compares with another runtime’s ratio, never a time with a time',
    columns: [{ key: 'name', title: 'Variant' }, ...runtimes.map((r) => ({ key: r.id, title: r.label, unit: hostOfRuntime(r.id) || undefined, num: true }))],
    rows,
    footnotes: notes,
    notes: [browserNote(runtimes, 'time'), ratioHostsNote(hit, shown, runtimes), ...runFlags(data, shown), missingNote(missing)].filter(Boolean),
    env: matrixEnv(data, shown, runtimes),
    commands: perfCommands(data, shown),
    source: null,
    incomplete: incompleteNote(hit),
  };
}

module.exports = {
  charts: { matrix: matrixChart }, tables: { matrix: matrixTable },
  engineNote, browserNote, cellReason,
};
