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
const { perfFile, everyProfile } = require('../lib/perf-files');
const { warmLevels } = require('../../scripts/analyze/warm-levels');
const { InputError } = require('../../scripts/lib/args');
const { perfProvenance } = require('../lib/provenance');
const { oneHost } = require('../lib/host-guard');
const { runtimeInfo, profileName } = require('../../scripts/lib/runtime-id');

// The goals, as ± % of the median (95 % interval), for 90 % of the cells:
// scripts/lib/goals.js, which npm run goals and the cost table also use.
const goalsModule = require('../../scripts/lib/goals');
const GOALS = { default: { cold: goalsModule.GOALS.cold, warm: goalsModule.GOALS.warm, io: goalsModule.GOALS.io } };
const GOAL_SHARE = goalsModule.GOALS.share;
const goalsOf = () => GOALS.default;

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

// Each lever's run (npm run bench -- --lever NAME, scripts/lib/levers.js)
// holds the default configuration and the lever's, interleaved in one run:
// a row sets the lever against the default OF THE SAME RUN, never another
// day's file. The run's runtimes[id].configuration names each cell's
// configuration. The lever files of issue 28 (perf-lever-no-gc.json,
// perf-lever-blocked.json) were set against another run's default file, and
// are no longer shown here (docs/lab-notes.md keeps what they found).
const levers = require('../../scripts/lib/levers');
const { BASELINE } = require('../../scripts/lib/manifest');
const { cellCostPerCall } = require('../../scripts/lib/cost-per-call');
const { pairedBetter, halfWidth: halfWidthUs } = require('../lib/paired-better');
const { lever: leverVerdict, VERDICT_RULE } = require('../lib/lever-verdict');

const configurationOf = (data, cell) => {
  for (const run of Object.values(data.runs || {})) {
    const rt = run.runtimes && run.runtimes[cell.runtime];
    if (rt && rt.configuration) return rt.configuration.name;
  }
  return null;
};

// Per style: the median and the interval's half-width (± % of the median)
// of one figure in one configuration's cell.
function styleFigure(cell, valuesOf) {
  const values = valuesOf(cell);
  return { median: stats.median(values), halfWidthPct: halfWidth(values), count: values.length };
}

// One lever run's cells → the two configurations' figures, style by style.
function leverComparison(data, name, n) {
  const cells = data.cells.filter((c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === n && c.variant !== FLOOR_ID && c.status !== 'skipped');
  const side = (conf) => new Map(cells.filter((c) => configurationOf(data, c) === conf).map((c) => [c.variant, c]));
  const def = side('default');
  const own = side(name);
  const styles = [...def.keys()].filter((v) => own.has(v)).sort();
  const figures = (valuesOf) => styles.map((v) => ({ variant: v, base: styleFigure(def.get(v), valuesOf), lever: styleFigure(own.get(v), valuesOf) }));
  return { styles, cells: styles.flatMap((v) => [def.get(v), own.get(v)]), cold: figures(coldOf), warm: figures(warmOf) };
}

const changeText = (x) => (x === null ? '–' : `${x >= 0 ? '+' : '−'}${Math.abs(x * 100) < 10 ? Math.abs(x * 100).toFixed(1) : Math.round(Math.abs(x * 100))} %`);
const widthsText = (base, lever) => `${pct(base)} → ${pct(lever)}`;

// The paired lever's row: for the levers' styles, the paired cost per call
// (upload-paired cells) against the unpaired one (upload cells, the same
// file), with the rule of site/lib/paired-better.js. → { cells, reps,
// widths, change, verdict }.
function pairedLever(hit, n) {
  const { data } = hit;
  const at = (scenario) => (v) => data.cells.find((c) => c.scenario === scenario && c.mode === 'cpu' && c.n === n && c.variant === v && c.status === 'ok');
  const base = at('upload')(BASELINE);
  const styles = levers.STYLES.filter((v) => v !== BASELINE);
  const pairs = styles.map((v) => ({ v, paired: at('upload-paired')(v), upload: at('upload')(v) }))
    .filter((x) => x.paired && x.paired.pairedCost && typeof x.paired.pairedCost.median === 'number');
  const cells = pairs.map((x) => x.paired);
  if (!pairs.length || !base || !base.warm) return { cells };
  const results = pairs.map((x) => {
    oneHost(hit, [x.paired, x.upload, base].filter(Boolean), `the paired lever (${x.v}, n = ${n})`);
    const unpaired = x.upload && x.upload.warm ? cellCostPerCall(x.upload, base) : null;
    const ci = x.paired.pairedCostCi && x.paired.pairedCostCi.lo !== null ? [x.paired.pairedCostCi.lo, x.paired.pairedCostCi.hi] : null;
    const paired = { costUs: x.paired.pairedCost.median, ci };
    return { unpaired, paired, verdict: pairedBetter(unpaired, paired) };
  });
  const comparable = results.filter((r) => r.verdict.comparable);
  const med = (f) => stats.median(comparable.map(f));
  const us = (x) => (x === null ? '–' : `±${x.toFixed(2)} µs`);
  const kept = comparable.length > 0 && comparable.every((r) => r.verdict.agree) && med((r) => r.verdict.factor) < 1;
  const counts = cells.map((c) => c.pairedCost.count);
  const shift = comparable.length ? med((r) => r.paired.costUs - r.unpaired.costUs) : null;
  return {
    cells: cells.concat(base),
    reps: `${Math.min(...counts)}–${Math.max(...counts)}`,
    widths: comparable.length ? `${us(med((r) => halfWidthUs(r.unpaired.costCi95Us)))} → ${us(med((r) => halfWidthUs(r.paired.ci)))}` : '–',
    change: shift === null ? '–' : `cost per call ${shift >= 0 ? '+' : '−'}${Math.abs(shift).toFixed(2)} µs`,
    verdict: !comparable.length ? 'no interval on one side yet'
      : kept ? 'kept: the same cost per call, with a narrower interval (site/lib/paired-better.js)'
        : comparable.every((r) => r.verdict.agree) ? 'not kept: the intervals are not narrower'
          : 'not kept: the paired and unpaired costs disagree beyond their intervals',
  };
}

function leversTable(args, load) {
  const n = Number(args.n || 1000);
  const rows = [];
  const used = [];
  let anyHit = null;
  for (const name of levers.names()) {
    const l = levers.LEVERS[name];
    if (l.scenario) {
      // The paired design is a scenario of its own, measured into the
      // runtime's file beside its upload cells: the paired cost per call
      // against the unpaired one, for the levers' styles (site/models/paired.js
      // has every style).
      const file = perfFile(levers.PROFILE);
      const hit = load.has(file) ? load(file) : null;
      const p = hit ? pairedLever(hit, n) : null;
      if (!p || !p.cells.length) {
        rows.push({ lever: l.label, reps: '–', warm: '–', cold: '–', change: '–',
          verdict: `not measured yet: npm run bench -- --runtimes ${levers.PROFILE} --scenario ${l.scenario} --mode cpu --n ${n} --reps 16` });
        continue;
      }
      anyHit = anyHit || hit;
      used.push(...p.cells);
      rows.push({ lever: l.label, reps: p.reps, warm: `cost per call ${p.widths}`, cold: '–', change: p.change, verdict: p.verdict });
      continue;
    }
    const file = `perf-lever-${name}`;
    const command = `npm run bench -- --lever ${name}`;
    if (!load.has(file)) {
      rows.push({ lever: l.label, reps: '–', warm: '–', cold: '–', change: '–', verdict: `not measured yet: ${command}` });
      continue;
    }
    const hit = load(file);
    anyHit = anyHit || hit;
    const cmp = leverComparison(hit.data, name, n);
    // A lever is set against the default of its own run: one host, checked.
    oneHost(hit, cmp.cells, `the ${name} lever against the default`);
    used.push(...cmp.cells);
    const v = leverVerdict(cmp);
    const counts = cmp.cells.map((c) => okSamples(c).length);
    rows.push({
      lever: l.label,
      reps: counts.length ? `${Math.min(...counts)}–${Math.max(...counts)}` : '–',
      warm: widthsText(v.warm.base, v.warm.lever),
      cold: widthsText(v.cold.base, v.cold.lever),
      change: `warm ${changeText(v.warm.change)}, cold ${changeText(v.cold.change)}`,
      verdict: v.verdict,
    });
  }
  const caption = `Each lever against the default configuration of the same run (one interleaved run per lever, ` +
    `${levers.STYLES.join(', ')}; upload, CPU-bound, n = ${n}, ${levers.PROFILE}): the median over the styles of the ` +
    `95 % interval of the median (± % of the median), default → lever, for the warm and the cold figure; the change in ` +
    `the median figure (lever over default, median over the styles); processes per configuration and style; and the verdict: ${VERDICT_RULE}`;
  const columns = [
    { key: 'lever', title: 'Lever' },
    { key: 'reps', title: 'Processes', num: true },
    { key: 'warm', title: 'Warm interval', num: true },
    { key: 'cold', title: 'Cold interval', num: true },
    { key: 'change', title: 'Median figure, lever over default', num: true },
    { key: 'verdict', title: 'Verdict' },
  ];
  const prov = anyHit ? perfProvenance(anyHit, used) : { notes: [], env: '', commands: [], source: null, incomplete: '' };
  return { caption, columns, rows, empty: 'No levers defined (scripts/lib/levers.js).', ...prov,
    commands: [...new Set((prov.commands || []).concat(levers.names().map((x) => `npm run bench -- --lever ${x}`)))] };
}

module.exports = { tables: { precision: precisionTable, levers: leversTable, warmLevels: warmLevelsTable }, GOALS, goalRow };
