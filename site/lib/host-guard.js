'use strict';
// Which host each figure was measured on, and the rule that keeps raw
// figures apart across hosts (issue 42, item 2; data/SCHEMA.md, "Hosts and
// anchors"). Hosted machines of one kind differ in speed by 40 % while their
// CPU model reads the same, so a ranking, a tie, a difference or a fit over
// cells measured on two hosts would say more about the hosts than the styles.
// Every model and prose shortcode that compares figures goes through here:
//
// - Raw figures (times in ms, memory in MB) are compared (ranked, tied,
//   divided, subtracted, fitted over n) only when every cell involved comes
//   from one host: the same identity (CPU, cores, kernel build:
//   scripts/lib/host-identity.js) and, where the two runs both have an anchor,
//   starts that do not disagree (scripts/lib/anchor.js). assertOneHost throws
//   CrossHostError otherwise, naming both cells, both hosts, the files and
//   what to do. An anchor comparison that is incomplete (too few finished
//   processes at one start) cannot overturn the identity, so it decides.
// - Across hosts, figures meet only as ratios within one host: a style over
//   nested callbacks on the same runtime, both cells from one host
//   (ratioHostsNote says which host each runtime's ratios come from).
// - A chart of raw figures over n draws one host (drawOneHost): the host
//   that holds most of the chart's cells, on a tie the one with the most
//   recent run, and its caption says how many cells from which host were
//   left out and where they are. Splitting the lines by host instead would
//   put two hosts' points on one axis, which is the comparison refused here.
// - A run whose own start and end anchors disagree (the host changed speed
//   during it), that continued cells measured on another host
//   (`hostChanged`, --allow-other-host), or whose start disagrees with the
//   run it resumed is flagged on every figure drawn from it (runFlags).
//
// A cell whose run records no host (a hand-made fixture: the schema requires
// every run's host) cannot be placed, and is left out of the check.
const { identityKey, hostLabel } = require('../../scripts/lib/host-identity');
const { runVerdict, compareAnchors } = require('../../scripts/lib/anchor');
const { styleName, inSentence } = require('./style-names');

// The machine a cell was measured on: a merged file names it per cell
// (cell.host, perf.hosts); otherwise the cell's run holds it.
function hostRecordOf(data, cell) {
  if (cell.host && data.hosts && data.hosts[cell.host]) return data.hosts[cell.host];
  const run = (data.runs || {})[cell.run];
  return run && run.host ? run.host : null;
}

const day = (date) => (date ? String(date).slice(0, 10) : '');

// A cell's host as the guard compares it: the identity key and label, the
// run that made the cell, that run's date and anchor start (null without).
function cellHost(data, cell) {
  const record = hostRecordOf(data, cell);
  const run = (data.runs || {})[cell.run] || null;
  return {
    key: record ? identityKey(record) : null,
    label: record ? hostLabel(record) : null,
    run: cell.run,
    date: run && run.date ? String(run.date) : '',
    start: run && run.anchor && run.anchor.start && Array.isArray(run.anchor.start.samples) ? run.anchor.start.samples : null,
  };
}

// Two runs' anchor starts, compared once per pair of sample arrays.
const startVerdicts = new WeakMap();
function startsDisagree(a, b) {
  if (!startVerdicts.has(a)) startVerdicts.set(a, new WeakMap());
  const known = startVerdicts.get(a);
  if (!known.has(b)) known.set(b, compareAnchors(a, b).verdict === 'disagree');
  return known.get(b);
}

// Why two cells' hosts differ: 'identity', 'anchor', or null when they are
// one host as far as the data can tell.
function hostsDiffer(a, b) {
  if (a.run === b.run || a.key === null || b.key === null) return null;
  if (a.key !== b.key) return 'identity';
  if (a.start && b.start && startsDisagree(a.start, b.start)) return 'anchor';
  return null;
}

// Raw figures from two hosts in one comparison. `cells`, `hosts`, `files`
// and `reason` ('identity' or 'anchor') are for code and tests; the message
// is for the author. CrossHostError.between(what, a, b, reason) builds one.
class CrossHostError extends Error {
  constructor(message, { cells, hosts, files, reason }) {
    super(message);
    this.name = 'CrossHostError';
    this.code = 'ERR_CROSS_HOST';
    Object.assign(this, { cells, hosts, files, reason });
  }

  static between(what, a, b, reason) {
    const where = (x) => `${x.cell.key} (${x.file}, run ${x.host.run}, measured on ${x.host.label}${x.host.date ? ` on ${day(x.host.date)}` : ''})`;
    const because = reason === 'anchor'
      ? `both on ${a.host.label}, but the anchors at the starts of their runs disagree: the host's speed had changed between them`
      : `${a.host.label} and ${b.host.label} are different hosts`;
    return new CrossHostError(`${what} compares raw figures measured on different hosts: ${where(a)} against ${where(b)}; ${because}. ` +
      'Raw times and memory compare only within one host (data/SCHEMA.md, "Hosts and anchors"): draw the figures from one ' +
      'run or one host (name a runtime=, an n= or a file measured in one run), or compare ratios within each run ' +
      '(a style over nested callbacks on the same runtime), and say which in the caption.',
    { cells: [a.cell.key, b.cell.key], hosts: [a.host.label, b.host.label], files: [...new Set([a.file, b.file])], reason });
  }

  // The same error, its message led by where it was raised (a post and a shortcode).
  at(place) {
    return new CrossHostError(`${place}: ${this.message}`, this);
  }
}

// The items the guard reads: { cell, data, file } for each cell of a loaded
// file, or of several profile files read as one (site/lib/perf-files.js
// combine: each cell keeps the name of the file it came from).
function itemsOf(hit, cells) {
  if (!hit.parts) return cells.map((cell) => ({ cell, data: hit.data, file: hit.shown }));
  const fileOf = new Map();
  for (const part of hit.parts) for (const c of part.data.cells) fileOf.set(c, part.shown);
  return cells.map((cell) => ({ cell, data: hit.data, file: fileOf.get(cell) || hit.shown }));
}

// The cells grouped by host, in the order each host first appears: one
// representative cell per run is compared with each group's first run.
function hostGroups(items) {
  const groups = [];
  const byRun = new Map();
  for (const item of items) {
    const host = cellHost(item.data, item.cell);
    const x = { ...item, host };
    if (byRun.has(host.run)) {
      byRun.get(host.run).items.push(x);
      continue;
    }
    const group = groups.find((g) => g.runs.every((r) => !hostsDiffer(r.host, host)));
    const into = group || { label: host.label, key: host.key, runs: [], items: [] };
    if (!group) groups.push(into);
    into.runs.push(x);
    into.items.push(x);
    byRun.set(host.run, into);
  }
  return groups;
}

// Throws CrossHostError unless every item comes from one host. what: the
// comparison in words, for the message ("the ranked chart", "{% compare %}").
function assertOneHost(items, what) {
  const groups = hostGroups(items);
  if (groups.length < 2) return;
  const other = groups[1].runs[0];
  const first = groups[0].runs.find((r) => hostsDiffer(r.host, other.host));
  throw CrossHostError.between(what, first, other, hostsDiffer(first.host, other.host));
}

// The hit's cells, checked: assertOneHost over a loaded file's cells.
const oneHost = (hit, cells, what) => assertOneHost(itemsOf(hit, cells), what);

const plural = (k, one, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;
const listText = (xs) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : xs[0] || '');
const datesOf = (items) => [...new Set(items.map((x) => day(x.host.date)).filter(Boolean))].sort();
const latestOf = (group) => group.items.reduce((m, x) => (x.host.date > m ? x.host.date : m), '');

// What a set of left-out cells holds, for the caption: the sizes, runtimes
// or scenarios in which they differ from the cells drawn.
function whatLeft(left, kept) {
  const parts = [];
  for (const [key, words] of [['n', (v) => `n = ${listText(v.map((x) => Number(x).toLocaleString('en-GB')))}`],
    ['runtime', (v) => listText(v)], ['scenario', (v) => `the ${listText(v)} scenario`], ['mode', (v) => `${listText(v)} mode`]]) {
    const theirs = [...new Set(left.map((x) => x.cell[key]))];
    const ours = new Set(kept.map((x) => x.cell[key]));
    if (theirs.some((v) => !ours.has(v))) parts.push(words(theirs.sort((a, b) => (typeof a === 'number' ? a - b : String(a).localeCompare(String(b))))));
  }
  return parts.length ? ` (${parts.join(', ')})` : '';
}

// A chart of raw figures drawn from one host: → { cells, note }, the cells
// of the host holding most of them (a tie: the one whose latest run is the
// most recent) and a caption sentence naming what was left out and where it
// is; note is '' when the cells were one host already.
function drawOneHost(hit, cells) {
  const groups = hostGroups(itemsOf(hit, cells));
  if (groups.length < 2) return { cells, note: '' };
  const ranked = [...groups].sort((a, b) => b.items.length - a.items.length || latestOf(b).localeCompare(latestOf(a)));
  const [kept, ...left] = ranked;
  const keptDates = datesOf(kept.items);
  const dropped = left.map((g) => {
    const dates = datesOf(g.items);
    return `${plural(g.items.length, 'cell')}${whatLeft(g.items, kept.items)} measured on ${g.label}${dates.length ? ` (${listText(dates)})` : ''}`;
  });
  const files = [...new Set(left.flatMap((g) => g.items.map((x) => x.file)))];
  const note = `Drawn from one host, ${kept.label}${keptDates.length ? ` (${listText(keptDates)})` : ''}: raw figures do not compare across hosts, ` +
    `so ${listText(dropped)} ${left.reduce((k, g) => k + g.items.length, 0) === 1 ? 'is' : 'are'} left out. ` +
    `They are in ${listText(files)}, drawn on their own host wherever a figure shows them alone, and the results page lists every run and its host under “The runs behind the figures”.`;
  return { cells: kept.items.map((x) => x.cell), note };
}

// "Ratios within each runtime's own run; hosts: AMD EPYC · kernel …v595 for
// Node 0.11 and Bun 1.4; …": where the ratios of several runtimes, each
// within one host, sit side by side. runtimes: [{ id, label }] in the order
// shown; '' when every cell is from one host.
function ratioHostsNote(hit, cells, runtimes) {
  const groups = hostGroups(itemsOf(hit, cells));
  if (groups.length < 2) return '';
  const parts = groups.map((g) => {
    const ids = new Set(g.items.map((x) => x.cell.runtime));
    const names = runtimes.filter((r) => ids.has(r.id)).map((r) => r.label);
    const dates = datesOf(g.items);
    return `${g.label}${dates.length ? ` (${listText(dates)})` : ''} for ${listText(names)}`;
  });
  return `Ratios within each runtime’s own run, never across hosts; hosts: ${parts.join('; ')}.`;
}

// The host of one runtime's cells, as a column's label: "AMD EPYC · kernel …v595",
// or the labels of each host when its cells come from more than one.
function hostsOfCells(hit, cells) {
  return listText(hostGroups(itemsOf(hit, cells)).map((g) => g.label).filter(Boolean));
}

// The anchor cells that disagree, styles by their one name: "nested callbacks cold, ...".
const apartText = (verdict) => verdict.apart.map((a) => `${inSentence(styleName(a.variant))} ${a.metric}`).join(', ');

// What a run's record says against its figures, for a caption: [{ kind,
// text }], kind 'anchor' (its own start and end disagree), 'against' (its
// start disagrees with the run it resumed) or 'hostChanged'; [] when there
// is nothing to flag.
function flagsOfRun(id, run) {
  const out = [];
  const verdict = runVerdict(run);
  if (verdict && verdict.verdict === 'disagree') {
    const apart = apartText(verdict);
    out.push({ kind: 'anchor', text: `Run ${id}: host changed speed during this run: start and end anchors disagree (${apart}), so its figures are flagged and set against no other run’s.` });
  }
  const against = run.anchor && run.anchor.against;
  if (against && against.verdict === 'disagree') {
    out.push({ kind: 'against', text: `Run ${id}: its starting anchor disagrees with that of run ${against.run}, which it resumed: the host’s speed had changed, and cells hold repetitions of both.` });
  }
  if (Array.isArray(run.hostChanged) && run.hostChanged.length) {
    out.push({ kind: 'hostChanged', text: `Run ${id}: continued cells measured on another host (run ${listText(run.hostChanged)}, --allow-other-host), so those cells mix two hosts.` });
  }
  return out;
}

// The flags of every run the given cells draw on (the cell's run and the
// runs of its samples), once each, in the order the cells name them, as
// caption sentences; `except`: kinds a caption already says in its own words.
function runFlags(data, cells, { except = [] } = {}) {
  const ids = [];
  for (const c of cells) {
    for (const id of [c.run, ...(Array.isArray(c.samples) ? c.samples.map((s) => s.run) : [])]) {
      if (id && !ids.includes(id)) ids.push(id);
    }
  }
  return ids.flatMap((id) => ((data.runs || {})[id] ? flagsOfRun(id, data.runs[id]) : []))
    .filter((f) => !except.includes(f.kind)).map((f) => f.text);
}

// How a single run's anchor reads in a caption: "anchors at its start and
// end agree", or why they cannot vouch for it.
function anchorWords(run) {
  const v = runVerdict(run);
  if (!v) return 'no anchor recorded';
  if (v.verdict === 'agree') return 'anchors at its start and end agree';
  if (v.verdict === 'disagree') return `flagged: host changed speed during this run: start and end anchors disagree (${apartText(v)})`;
  return 'its anchors are incomplete (an end is missing or has too few processes)';
}

module.exports = {
  CrossHostError, hostRecordOf, cellHost, itemsOf, hostGroups, assertOneHost, oneHost, drawOneHost,
  ratioHostsNote, hostsOfCells, runFlags, flagsOfRun, anchorWords,
};
