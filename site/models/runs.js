'use strict';
// The runs behind a data file, for "Run it yourself": what each measured,
// the command that did it (from the argv the run recorded,
// site/lib/provenance.js commandOf), how long it took and on what machine.
//
//   {% dataTable "runs", runtime="node-24" %}   (file= for a file other than a profile's: perf-sweep, delegation, ...)
const { perfFile, everyProfile, PROFILES, fileOfProfile } = require('../lib/perf-files');
const { commandOf, hostOf, commitState } = require('../lib/provenance');
const { runFlags } = require('../lib/host-guard');

// "42 min", "1 min 48 s", "9 s": the unit a reader plans a rerun in.
function duration(ms) {
  if (typeof ms !== 'number' || !(ms >= 0)) return '–';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m >= 10) return `${Math.round(s / 60)} min`;
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

// What a run measured, from its harness settings: "upload, errors; cpu; n = 1000".
function scope(run) {
  const h = run.harness || {};
  return [
    (h.scenarios || []).join(', '),
    (h.modes || []).join(', '),
    Array.isArray(h.ns) && h.ns.length ? `n = ${h.ns.map((n) => n.toLocaleString('en-GB')).join(', ')}` : '',
    h.variants ? `variants ${h.variants}` : '',
  ].filter(Boolean).join('; ');
}

// The processes a run carried out (runs[].jobsRun, recorded since issue 43),
// or "not recorded": the repetitions a file still holds are not that count,
// since a later run replaces the cells it measures again.
const processesRun = (run) => (Number.isInteger(run.jobsRun) ? String(run.jobsRun) : 'not recorded');

function runsTable(args, load) {
  const name = args.file || perfFile(args.runtime);
  const hit = load(name);
  const cells = hit.data.cells || [];
  const runs = Object.entries(hit.data.runs || {}).sort((a, b) => String(a[1].date).localeCompare(String(b[1].date)));
  const rows = runs.map(([id, run]) => {
    // A cell's `run` is the run of its latest sample; each sample names its
    // own, so a run that added repetitions to cells a later run touched
    // again is still credited with them.
    const kept = (c) => (c.samples || []).filter((s) => s.run === id).length;
    const mine = cells.filter((c) => c.run === id || kept(c) > 0);
    return {
      date: String(run.date || '').slice(0, 10),
      scope: scope(run),
      command: commandOf(run) || '(not recorded: a run from before commands were kept)',
      wall: run.wallMs ? `${duration(run.wallMs)}${run.finished ? '' : ' (stopped, resumed later)'}` : '–',
      cells: String(mine.length),
      processes: processesRun(run),
      kept: String(mine.reduce((k, c) => k + kept(c), 0)),
      machine: mine.length ? hostOf(hit.data, mine[0]) || '–' : '–',
      commit: commitState(run.git),
    };
  }).filter((r) => r.cells !== '0');
  return {
    id: args.id || `table-runs-${name}`,
    caption: `The runs in ${hit.shown}, oldest first: what each measured, the command that did it, its wall time and machine. ` +
      'Processes: those the run started for its repetitions, one per repetition and one per attempt run again, as the run ' +
      'counted them (runs before issue 43 did not count them). Kept: its repetitions the file still holds; a later run that ' +
      'measures a cell again replaces them.',
    columns: [
      { key: 'date', title: 'Date' },
      { key: 'scope', title: 'Measured' },
      { key: 'command', title: 'Command', code: true },
      { key: 'wall', title: 'Wall time', num: true },
      { key: 'cells', title: 'Cells', num: true },
      { key: 'processes', title: 'Processes', num: true },
      { key: 'kept', title: 'Kept', num: true },
      { key: 'machine', title: 'Machine' },
      { key: 'commit', title: 'Commit' },
    ],
    rows,
    // A run whose anchors or host changed is flagged here too (site/lib/host-guard.js).
    notes: runFlags(hit.data, cells),
    empty: `${hit.shown} records no runs.`,
    env: '',
    source: null,
  };
}

// The machines behind every profile's file, for the methodology:
//   {% machines %} -> "AMD EPYC 7B13 (2 cores, Linux 6.1) for node-0.11 and node-24; Intel Xeon ... for the other 14 profiles"
// A file whose cells come from two machines is named under each.
function machinesProse(load) {
  const { hit } = everyProfile(load);
  const byHost = new Map();
  for (const part of hit.parts) {
    const profile = PROFILES.find((p) => fileOfProfile(p) === part.name) || part.name;
    for (const c of part.data.cells) {
      const host = hostOf(part.data, c);
      if (!host) continue;
      if (!byHost.has(host)) byHost.set(host, new Set());
      byHost.get(host).add(profile);
    }
  }
  const groups = [...byHost].sort((a, b) => b[1].size - a[1].size);
  const all = hit.parts.length;
  const list = (xs) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : xs[0]);
  if (groups.length === 1) return `${groups[0][0]}, for all ${all} runtime profiles`;
  return groups.map(([host, profiles], i) => (i === 0 && profiles.size > all / 2 && groups.length === 2
    ? `${host} for ${profiles.size === all ? 'every profile' : `the other ${profiles.size} profiles`}`
    : `${host} for ${list([...profiles])}`)).reverse().join('; ');
}

module.exports = { charts: {}, tables: { runs: runsTable }, prose: { machines: (load) => machinesProse(load) }, duration, scope, machinesProse, processesRun };
