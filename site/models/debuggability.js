'use strict';
// data/debuggability.json (npm run debuggability: stack traces of five
// injected failures per variant, on one runtime or several) -> the
// debuggability tables, beside the 2013 levels.
//
//   {% dataTable "debuggability" %}   {% dataTable "debuggability", era="2013" %}   runtime= (default "now")
//   {% dataTable "debuggability-runtimes" %}   today's score of every variant on every runtime
//   {% dataTable "debuggability-trace", variant="original", way="callback", runtimes="node-0.11,node-24" %}
//
// One runtime's results, whichever way the file is keyed: @1 files hold one
// runtime's variants at the top, @2 files a runtimes[] list with each
// runtime's environment beside its results. A page that names no runtime
// gets "now" (the current LTS, site/lib/runtime-match.js), as the charts do;
// a file with one runtime needs no name.
const { BASELINE } = require('../../scripts/lib/manifest');
const { runtimeMatches, NOW_RUNTIME } = require('../lib/runtime-match');
const { runtimeId } = require('../../scripts/lib/runtime-id');
const { envText, incompleteNote } = require('../lib/provenance');
const { reference } = require('./reference-2013');
const { variantsOf } = require('../lib/cells');
const { firstClause } = require('../lib/skip-reason');
const { listText } = require('../format');

class DebuggabilityViewError extends Error {}

const matches = (r, name) => r.profile === name || runtimeMatches(r.id, name);

// → { id, variants, skipped, env } where env is the host's environment with
// this runtime's name and version (what a table's "measured on" line shows).
function debuggabilityView(data, name) {
  if (!Array.isArray(data.runtimes)) {
    // @1: the one runtime that ran the script; a page naming another must not get it.
    const [only] = debuggabilityRuntimes(data);
    if (name && !runtimeMatches(only.id, name)) throw new DebuggabilityViewError(`debuggability.json has no runtime "${name}" (it has: ${only.id}); run npm run debuggability -- --runtimes ${name}`);
    return { id: only.id, variants: data.variants, skipped: data.skipped || [], env: data.env || {}, runtime: only };
  }
  const ids = data.runtimes.map((r) => r.id).join(', ');
  let r;
  if (name) {
    r = data.runtimes.find((x) => matches(x, name));
    if (!r) throw new DebuggabilityViewError(`debuggability.json has no runtime "${name}" (it has: ${ids}); run npm run debuggability -- --runtimes ${name}`);
  } else {
    r = data.runtimes.find((x) => matches(x, NOW_RUNTIME)) || (data.runtimes.length === 1 ? data.runtimes[0] : null);
    if (!r) throw new DebuggabilityViewError(`debuggability.json holds several runtimes but not ${NOW_RUNTIME} (it has: ${ids}); name one with runtime=`);
  }
  const env = { ...(data.env || {}), runtime: r.runtime, runtimeVersion: r.version };
  return { id: r.id, variants: r.variants, skipped: r.skipped || [], env, runtime: r };
}

// Every runtime the file holds, in its order (one for an @1 file).
function debuggabilityRuntimes(data) {
  if (Array.isArray(data.runtimes)) return data.runtimes;
  const env = data.env || {};
  const name = env.runtime || 'node';
  const version = String(env.runtimeVersion || env.version || '').replace(/^v/, '');
  return [{ id: runtimeId({ name, version }), runtime: name, version, flags: [], variants: data.variants, skipped: data.skipped || [] }];
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
  const rows = variantsOf(data, 'debuggability.json').map((v) => ({
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
  const notTraced = skippedText(data.skipped || []);
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
    // A reason, not a score: a gap cell, which wraps (charts.css) where a
    // score stays on one line, so a long reason never widens its column past a phone's screen.
    return skip ? { text: `not run: ${firstClause(skip.reason)}`, gap: true } : '–';
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

// The variants a runtime did not trace, each reason once with the variants
// it stops: "streamline-fibers and fibrous (fibers does not load on Node
// 16+)". Fibers stops two variants, and a reason per variant printed it
// twice (issue 29).
function skippedText(skipped) {
  const byReason = new Map();
  for (const v of skipped) {
    const why = firstClause(v.reason) || 'no reason recorded';
    if (!byReason.has(why)) byReason.set(why, []);
    byReason.get(why).push(v.id);
  }
  return [...byReason].map(([why, ids]) => `${listText(ids)} (${why})`).join('; ');
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

module.exports = {
  charts: {},
  tables: { debuggability, 'debuggability-runtimes': debuggabilityRuntimesTable, 'debuggability-trace': debuggabilityTraceTable },
  debuggabilityView, debuggabilityRuntimes, DebuggabilityViewError,
};
