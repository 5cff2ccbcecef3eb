'use strict';
const path = require('node:path');
// Where the figures of a chart or table come from, as the words under it:
// the runs and machines that measured them ("Measured on ..."), a warning
// when they come from several machines, and a note when the data are not
// final. Shared by every model.
const { listText } = require('../format');
const { exactName } = require('../../scripts/lib/runtime-id');
const { hostLabel } = require('../../scripts/lib/host-identity');
const { hostRecordOf, runFlags } = require('./host-guard');
const { measuredCodeChanged } = require('../../scripts/lib/git-state');

// A host as every caption names it: "AMD EPYC · kernel …v595 (2 cores)".
const hostText = (h) => `${hostLabel(h)}${h.cores ? ` (${h.cores} cores)` : ''}`;

// "commit 0123456789" as a caption names it. A recorded `dirty` is any
// tracked file outside data/ (a note as much as the harness), so the caption
// says the figures come from uncommitted code only when the recorded paths
// show the measured code changed (scripts/lib/git-state.js); a dirty run from
// before the paths were kept cannot tell, and the runs table says so.
const commitText = (git) => (git && git.commit
  ? git.commit.slice(0, 10) + (measuredCodeChanged(git) ? ' (with uncommitted changes to the measured code)' : '')
  : '');
// The runs table's fuller account of the same record.
function commitState(git) {
  if (!git || !git.commit) return 'not recorded';
  const changed = measuredCodeChanged(git);
  const state = changed === null ? ', with uncommitted edits outside data/ (which files was not recorded)'
    : changed ? ', with uncommitted changes to the measured code' : git.dirty ? ', with uncommitted edits that the measurement does not run' : '';
  return git.commit.slice(0, 10) + state;
}

// What a model says about data that are not final (a draft build with
// ASYNCBENCH_ALLOW_INCOMPLETE=1): "data/perf-node-24.json: 1 unfinished run",
// or ''. A hit made of several files (site/lib/perf-files.js combine) names
// each unfinished one.
const incompleteNote = (hit) => (hit.parts
  ? hit.parts.map(incompleteNote).filter(Boolean).join('; ')
  : hit.incomplete ? `${hit.shown}: ${hit.incomplete}` : '');

// "Measured on ..." for the runs the given cells of a perf@1-shaped file
// (perf, chains, delegation, streamline-modes) came from. It names the
// runtime and machine of every cell given, in the order the cells come: one
// run may have measured several runtimes (--runtimes a,b,c), and a merged
// file names a machine per cell, so a caption that named a run's first
// runtime or the merging run's machine would name what its figure does not draw.
//
// The count is what the figure draws: a cold figure (time, memory...) is a
// median over the repetitions that finished ok; a warm one (metric "warm")
// over the processes whose warm series had a steady state, fewer than the
// repetitions (an adaptive pass may run the cold batch alone, and a series
// that never settles gives no warm figure).
function perfEnv(perf, cells, { metric } = {}) {
  // One description per run and runtime; those that differ only in the
  // runtime or the commit (a late variant measured with --resume) share one
  // line, listing their runtimes and commits.
  const pairs = new Map();
  for (const c of cells) {
    const key = `${c.run}|${c.runtime}`;
    if (!pairs.has(key)) pairs.set(key, { id: c.run, runtime: c.runtime, cells: [] });
    pairs.get(key).cells.push(c);
  }
  const groups = new Map();
  for (const { id, runtime, cells: mine } of pairs.values()) {
    const run = (perf.runs || {})[id];
    if (!run) continue;
    const all = Object.values(run.runtimes || {});
    // A cell without a runtime id (older files) is the run's only runtime's.
    const rt = (run.runtimes || {})[runtime] || (all.length === 1 ? all[0] : {});
    const h = hostRecordOf(perf, mine[0]) || {};
    const name = rt.name && exactName(rt);
    const machine = [
      h.cpu && hostText(h),
      h.os,
      run.date && String(run.date).slice(0, 10),
    ].filter(Boolean).join(', ');
    // What the cells hold, not the run's base setting: adaptive passes add
    // repetitions where the spread is wide (scripts/harness/adaptive.js).
    const reps = countText(mine, run, metric === 'warm');
    const key = `${machine}|${reps || ''}`;
    if (!groups.has(key)) groups.set(key, { names: [], machine, reps, commits: [] });
    const g = groups.get(key);
    if (name && !g.names.includes(name)) g.names.push(name);
    const c = commitText(run.git);
    if (c && !g.commits.includes(c)) g.commits.push(c);
  }
  return [...groups.values()].map((g) => [
    listText(g.names),
    g.machine,
    g.commits.length && `commit${g.commits.length > 1 ? 's' : ''} ${listText(g.commits)}`,
    g.reps,
  ].filter(Boolean).join(', ')).join('; ');
}

// "5–25 repetitions per point", or for a warm figure "24–27 processes with a
// warm figure per point": what the given cells hold, else (cells without
// samples) the run's setting, or '' when neither says.
const steadyWarm = (x) => x.status === 'ok' && typeof x.warmMs === 'number' && Number.isFinite(x.warmMs);
function countText(cells, run, warm) {
  const per = (c) => {
    if (Array.isArray(c.samples)) return c.samples.filter(warm ? steadyWarm : (x) => x.status === 'ok').length;
    return warm ? c.warm && c.warm.count : undefined;
  };
  const held = cells.map(per).filter((k) => k > 0);
  const lo = held.length ? Math.min(...held) : !warm && run.harness && run.harness.reps;
  const hi = held.length ? Math.max(...held) : lo;
  if (!lo) return '';
  const span = lo === hi ? lo : `${lo}–${hi}`;
  return warm ? `${span} process${hi > 1 ? 'es' : ''} with a warm figure per point` : `${span} repetition${hi > 1 ? 's' : ''} per point`;
}

// "Measured on ..." for an analyzer's file (complexity, debuggability): its env stamp.
function envText(e = {}) {
  const esprima = (e.versions && e.versions.esprima) || e.esprima;
  return [
    e.runtime && `${e.runtime} ${String(e.runtimeVersion || e.version || '').replace(/^v/, '')}`.trim(),
    esprima && `Esprima ${esprima}`,
    e.cpu && `${e.cpu}${e.cores ? ` (${e.cores} cores)` : ''}`,
    e.date && String(e.date).slice(0, 10),
    e.commit && `commit ${commitText({ commit: String(e.commit), dirty: e.dirty, changed: e.changed })}`,
  ]
    .filter(Boolean)
    .join(', ');
}

// The machine a cell was measured on, as a caption names it, or null.
function hostOf(perf, cell) {
  const h = hostRecordOf(perf, cell);
  return h ? hostText(h) : null;
}

// "The site marks figures that come from different machines": one sentence
// for a chart's or table's caption when its cells were measured on more than
// one host (a table whose rows come from different runs, a file merged from
// shards run on CI machines). Hosts are named as every caption names them,
// by CPU and kernel build (scripts/lib/host-identity.js), with their cores;
// no raw figure is compared across them (site/lib/host-guard.js).

// The sentence, or '' when every cell comes from one machine.
function machinesNote(perf, cells) {
  const hosts = [...new Set(cells.map((c) => hostOf(perf, c)).filter(Boolean))];
  if (hosts.length < 2) return '';
  return `These figures come from ${hosts.length} different machines (${hosts.join('; ')}): no raw figure here is compared across them.`;
}

// The commands that produced the given cells, from the argv each run
// recorded: `npm run bench -- <argv>`, with --out written as the committed
// file it fed (a run may have written to a scratch path before its file was
// moved into data/). Runs from before argv was recorded give none.
function commandOf(run) {
  if (!run || !Array.isArray(run.argv) || !run.argv.length) return null;
  const argv = [...run.argv];
  const out = argv.indexOf('--out');
  if (out >= 0 && argv[out + 1]) argv[out + 1] = `data/${path.basename(argv[out + 1])}`;
  const quote = (a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  return `npm run bench -- ${argv.map(quote).join(' ')}`;
}
function perfCommands(perf, cells) {
  const ids = [...new Set(cells.map((c) => c.run))];
  return [...new Set(ids.map((id) => commandOf((perf.runs || {})[id])).filter(Boolean))];
}

// The provenance fields every perf@1 chart and table model ends with: the
// machines note and the flags of runs whose anchors or host changed
// (site/lib/host-guard.js), the environment line, no transcribed source, and
// the unfinished-data note of the file it was read from.
// opts.metric: the metric the figure draws ("warm" counts warm figures).
const perfProvenance = (hit, cells, opts = {}) => ({
  notes: [machinesNote(hit.data, cells), ...runFlags(hit.data, cells)].filter(Boolean),
  env: cells.length ? perfEnv(hit.data, cells, opts) : '',
  commands: perfCommands(hit.data, cells),
  source: null,
  incomplete: incompleteNote(hit),
});

module.exports = { hostLabel, commitText, commitState, incompleteNote, perfEnv, envText, machinesNote, hostOf, perfProvenance, perfCommands, commandOf };
