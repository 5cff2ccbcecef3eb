'use strict';
// How precisely the figures are known (issue 28), from the samples, never
// from a stored summary: every half-width is the distribution-free 95 %
// interval of the median over fresh processes (scripts/lib/stats.js
// medianPrecision), in % of the median.
//
//   {% dataTable "precision", runtime="node-24", n=1000 %}
//       per figure (cold CPU-bound, warm CPU-bound, I/O-bound): how many cells
//       meet the goal, the median and widest half-width, the repetitions
//   {% dataTable "warmLevels", n=1000 %}
//       per runtime with warm figures, where their spread comes from
//       (scripts/analyze/warm-levels.js)
//   {% dataTable "levers" %}
//       what each lever did to the spread of four styles at n = 1000 on Node 24,
//       and what it cost: the default run against data/perf-lever-*.json
const stats = require('../../scripts/lib/stats');
const { selectCells, FLOOR_ID } = require('../lib/cells');
const { perfFile, DEFAULT_PERF, everyProfile } = require('../lib/perf-files');
const { warmLevels } = require('../../scripts/analyze/warm-levels');
const { InputError } = require('../../scripts/lib/args');
const { perfProvenance, hostOf, perfCommands } = require('../lib/provenance');
const { runtimeInfo, profileName } = require('../../scripts/lib/runtime-id');

// The goals issue 28 set, as ± % of the median (95 % interval), for 90 % of
// the cells: Node 0.11 is held to a looser warm goal.
const GOALS = {
  default: { cold: 5, warm: 2, io: 3 },
  'node-0.11': { cold: 5, warm: 3, io: 3 },
};
const GOAL_SHARE = 0.9;
const goalsOf = (profile) => GOALS[profile] || GOALS.default;

const okSamples = (c) => c.samples.filter((s) => s.status === 'ok');
const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);
const numbers = (list) => list.filter(isNumber);
const coldAt = (s) => s.timeMs;
const warmAt = (s) => s.warmMs;
const coldOf = (c) => numbers(okSamples(c).map(coldAt));
const warmOf = (c) => numbers(okSamples(c).map(warmAt));
const halfWidth = (values) => stats.medianPrecision(values, 100).halfWidthPct;
const pct = (x) => (x === null || x === undefined ? '–' : `±${x < 10 ? x.toFixed(1) : Math.round(x)} %`);
// A coefficient of variation (a share) as a percentage, without the ±.
const cvText = (x) => (x === null || x === undefined ? '–' : `${x * 100 < 10 ? (x * 100).toFixed(1) : Math.round(x * 100)} %`);

// 'reached', or what reaching the goal would take, projected from the spread
// seen so far (stats.js samplesFor): the processes per style that would bring
// 90 % of the styles within it, and the machine time of the processes still
// missing, at each cell's median time per repetition that held the figure.
function projection(cells, valuesOf, wallsOf, goal, reached) {
  if (reached) return 'reached';
  const needs = cells.map((c) => {
    const values = valuesOf(c);
    const need = stats.samplesFor(values.length, halfWidth(values), goal);
    return need === null ? null : { need, have: values.length, wallMs: stats.median(wallsOf(c)) };
  });
  const known = needs.filter(Boolean).sort((a, b) => a.need - b.need);
  if (!known.length || known.length < cells.length) return 'too few processes to project';
  const perStyle = known[Math.ceil(GOAL_SHARE * known.length) - 1].need;
  const hours = known.reduce((sum, k) => sum + Math.max(0, perStyle - k.have) * (k.wallMs || 0), 0) / 3.6e6;
  return `${perStyle} per style, ${hours < 10 ? hours.toFixed(1) : Math.round(hours)} h`;
}

// One row: how the cells' half-widths compare with a goal. at: the figure of
// one repetition (its cold time or its warm figure). A further cold figure
// costs what the run's cold-only repetitions cost where it made some (the
// adaptive passes run the cold batch alone once the warm figure is settled).
function goalRow(label, goal, at, cells) {
  const holders = (c) => okSamples(c).filter((s) => isNumber(at(s)));
  const valuesOf = (c) => holders(c).map(at);
  const wallsOf = (c) => {
    const cheapest = at === coldAt ? holders(c).filter((s) => !s.warmBatchesMs) : [];
    return numbers((cheapest.length ? cheapest : holders(c)).map((s) => s.wallMs));
  };
  const widths = cells.map((c) => halfWidth(valuesOf(c)));
  const known = widths.filter((w) => w !== null);
  const met = known.filter((w) => w <= goal).length;
  const reps = cells.map((c) => valuesOf(c).length);
  return {
    figure: label,
    goal: `±${goal} %`,
    met: `${met} of ${cells.length}`,
    median: pct(stats.median(known)),
    widest: pct(known.length ? Math.max(...known) : null),
    reps: reps.length ? `${Math.min(...reps)}–${Math.max(...reps)}` : '–',
    toReach: projection(cells, valuesOf, wallsOf, goal, cells.length > 0 && met / cells.length >= GOAL_SHARE),
  };
}

function precisionTable(args, load) {
  const n = Number(args.n || 1000);
  const hit = load(perfFile(args.runtime));
  const q = { runtime: args.runtime, scenario: args.scenario || 'upload', maxN: null };
  const styles = (mode) => selectCells(hit.data, { ...q, mode }).filter((c) => c.n === n && c.variant !== FLOOR_ID);
  const cpu = styles('cpu');
  const io = styles('io');
  const profile = profileName(cpu[0] ? cpu[0].runtime : args.runtime || '');
  const goals = goalsOf(profile);
  const label = cpu[0] ? runtimeInfo(hit.data, cpu[0].runtime).label : profile || 'now';
  const rows = [];
  if (cpu.length) rows.push(goalRow('Cold, CPU-bound', goals.cold, coldAt, cpu));
  const warm = cpu.filter((c) => c.warm);
  if (warm.length) rows.push(goalRow('Warm, CPU-bound', goals.warm, warmAt, warm));
  if (io.length) rows.push(goalRow('I/O-bound (cold)', goals.io, coldAt, io));
  return {
    caption: `How precisely each figure is known at n = ${n}, ${label}: the 95 % interval of the median over ` +
      `fresh processes, in % of the median, against the goal for ${Math.round(GOAL_SHARE * 100)} % of the styles; ` +
      'where the goal is not reached, the last column projects from the spread so far the processes per style it ' +
      'would take and the machine time of those not yet run',
    columns: [
      { key: 'figure', title: 'Figure' },
      { key: 'goal', title: 'Goal', num: true },
      { key: 'met', title: 'Styles within it', num: true },
      { key: 'median', title: 'Median interval', num: true },
      { key: 'widest', title: 'Widest', num: true },
      { key: 'reps', title: 'Processes per style', num: true },
      { key: 'toReach', title: 'Goal reached, or what it would take', num: true },
    ],
    rows,
    empty: `No cells at n = ${n} in data/${perfFile(args.runtime)}.json.`,
    ...perfProvenance(hit, cpu.concat(io)),
  };
}

// ---- where the warm spread comes from ----------------------------------------

function warmLevelsTable(args, load) {
  const n = Number(args.n || 1000);
  const { hit } = everyProfile(load);
  const rows = [];
  const used = [];
  for (const part of hit.parts) {
    let r;
    try {
      r = warmLevels(part.data, { n, scenario: args.scenario || 'upload' });
    } catch (err) {
      if (err instanceof InputError) continue; // a profile measured cold only
      throw err;
    }
    used.push(...r.cells);
    const procs = r.styles.map((x) => x.processes);
    rows.push({
      runtime: runtimeInfo(part.data, r.cells[0].runtime).label,
      window: String(r.window),
      processes: `${Math.min(...procs)}–${Math.max(...procs)}`,
      spread: cvText(r.spreadPct / 100),
      noise: cvText(r.noisePct / 100),
      share: `${Math.round(r.noiseShare * 100)} %`,
      cold: r.cold === null ? '–' : r.cold.toFixed(2),
    });
  }
  return {
    caption: `Where the warm figure's spread comes from, n = ${n}, CPU-bound (medians over the styles): how much ` +
      'the figure varies between processes, how much of that the batches of one process leave uncertain, and how ' +
      'closely it follows the same process\'s cold batch',
    columns: [
      { key: 'runtime', title: 'Runtime' },
      { key: 'window', title: 'Batches per figure', num: true },
      { key: 'processes', title: 'Processes per style', num: true },
      { key: 'spread', title: 'Spread between processes', num: true },
      { key: 'noise', title: 'Uncertainty within one process', num: true },
      { key: 'share', title: 'Share of the spread it explains', num: true },
      { key: 'cold', title: 'ρ with the cold batch', num: true },
    ],
    rows,
    empty: `No warm figures at n = ${n} in data/perf-<profile>.json: measure them with npm run bench -- --warm-batches 16.`,
    ...perfProvenance(hit, used),
  };
}

// ---- the levers -------------------------------------------------------------

// Each lever's run: the file it is in and what it changes. The default run
// is the runtime's own file; its cells are cut to the levers' repetitions
// (the first ones by number) so every row compares the same count.
const LEVERS = [
  { file: null, label: 'Default: shuffled order, a GC before the cold batch' },
  { file: 'perf-lever-no-gc', label: 'No GC before the cold batch (--no-gc)' },
  { file: 'perf-lever-blocked', label: 'Each style’s repetitions in a row (--order blocked)' },
];

const first = (c, count) => ({ ...c, samples: okSamples(c).sort((a, b) => a.rep - b.rep).slice(0, count) });
const wallPerRep = (cells) => stats.median(numbers(cells.flatMap((c) => okSamples(c).map((s) => s.wallMs)))) / 1000;

function leverFigures(cells) {
  const medianOf = (f) => stats.median(numbers(cells.map(f)));
  return {
    coldCv: medianOf((c) => stats.cv(coldOf(c))),
    cold: medianOf((c) => halfWidth(coldOf(c))),
    warmCv: medianOf((c) => stats.cv(warmOf(c))),
    warm: medianOf((c) => halfWidth(warmOf(c))),
    wall: wallPerRep(cells),
  };
}

function leversTable(args, load) {
  const n = Number(args.n || 1000);
  const pick = (hit) => selectCells(hit.data, { scenario: 'upload', mode: 'cpu', maxN: null }).filter((c) => c.n === n && c.variant !== FLOOR_ID);
  // Each run's cells at n, picked once.
  const runs = LEVERS.filter((l) => !l.file || load.has(l.file)).map((l) => {
    const hit = load(l.file || DEFAULT_PERF);
    return { ...l, hit, cells: pick(hit) };
  });
  const leverRuns = runs.filter((r) => r.file);
  const base = runs.find((r) => !r.file);
  const caption = `What each lever did to the spread at n = ${n}, CPU-bound: the median over the styles measured ` +
    'of the coefficient of variation over processes and of the 95 % interval of the median, and the median wall time of one ' +
    'repetition (a fresh process: start, cold batch, warm batches where run)';
  const columns = [
    { key: 'lever', title: 'Lever' },
    { key: 'reps', title: 'Processes', num: true },
    { key: 'coldCv', title: 'Cold CV', num: true },
    { key: 'cold', title: 'Cold interval', num: true },
    { key: 'warmCv', title: 'Warm CV', num: true },
    { key: 'warm', title: 'Warm interval', num: true },
    { key: 'wall', title: 'Per repetition', unit: 's', num: true },
  ];
  const empty = 'No lever runs in data/ (perf-lever-*.json) yet: see docs/lab-notes.md, "Precision, and the re-measurement of issue 28".';
  if (!leverRuns.length) return { caption, columns, rows: [], empty, ...perfProvenance(base.hit, []) };
  const variants = new Set(leverRuns.flatMap((r) => r.cells.map((c) => c.variant)));
  const count = Math.min(...leverRuns.flatMap((r) => r.cells.map((c) => okSamples(c).length)));
  const rows = [];
  const cellsOf = (r) => r.cells.filter((c) => variants.has(c.variant)).map((c) => first(c, count));
  for (const r of runs) {
    const f = leverFigures(cellsOf(r));
    rows.push({ lever: r.label, reps: String(count), coldCv: cvText(f.coldCv), cold: pct(f.cold), warmCv: cvText(f.warmCv), warm: pct(f.warm), wall: f.wall.toFixed(2) });
  }
  // More repetitions: the default run's same styles with every repetition it has.
  const all = base.cells.filter((c) => variants.has(c.variant));
  const most = leverFigures(all);
  const repsAll = all.map((c) => okSamples(c).length);
  rows.push({ lever: 'More repetitions (the default run, every repetition)', reps: `${Math.min(...repsAll)}–${Math.max(...repsAll)}`,
    coldCv: cvText(most.coldCv), cold: pct(most.cold), warmCv: cvText(most.warmCv), warm: pct(most.warm), wall: most.wall.toFixed(2) });
  return {
    caption: caption.replace('the styles measured', [...variants].sort().join(', ')),
    columns,
    rows,
    empty,
    ...leverProvenance(base.hit, all, leverRuns.map((r) => ({ data: r.hit.data, cells: r.cells }))),
  };
}

// The default run's provenance, with the lever runs' commands, and a note
// when a lever ran on another machine than the default run: a spread is
// then set against one from another machine, and a wall time compares only
// within one.
function leverProvenance(baseHit, baseCells, levers) {
  const prov = perfProvenance(baseHit, baseCells);
  const hosts = new Set([
    ...baseCells.map((c) => hostOf(baseHit.data, c)),
    ...levers.flatMap((l) => l.cells.map((c) => hostOf(l.data, c))),
  ].filter(Boolean));
  const notes = hosts.size > 1
    ? [`The rows come from ${hosts.size} machines (${[...hosts].join('; ')}): each lever's spread is set against the default run's from another machine, and the time per repetition compares only between rows of one machine.`]
    : prov.notes;
  return { ...prov, notes, commands: [...new Set(prov.commands.concat(levers.flatMap((l) => perfCommands(l.data, l.cells))))] };
}

module.exports = { tables: { precision: precisionTable, levers: leversTable, warmLevels: warmLevelsTable }, GOALS, goalRow };
