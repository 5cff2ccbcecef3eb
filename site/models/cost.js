'use strict';
// What each style costs per call over nested callbacks, from the warm
// figures (issue 28): (median warm time of the style − callbacks') / n in µs,
// and the ratio of the two medians, each with its 95 % bootstrap interval
// (scripts/lib/cost-per-call.js). The unit the article leads with.
//
//   {% dataTable "costPerCall", n=1000 %}   (runtime=, scenario=upload, mode=cpu, include= or exclude=)
//
// A style whose interval holds 0 cannot be told from callbacks, and the
// table says so in words rather than print a cost whose sign is noise. Cells
// without warm figures (I/O-bound ones, files from before issue 28) have no
// row; the table then says what to run.
const { BASELINE } = require('../../scripts/lib/manifest');
const { styleName, inSentence } = require('../lib/style-names');
const { costPerCall, cellCostPerCall } = require('../../scripts/lib/cost-per-call');
const warm = require('../../scripts/lib/measure/warm');
const { selectCells, FLOOR_ID, MODES } = require('../lib/cells');
const { perfFile } = require('../lib/perf-files');
const { parseRuntimeId, profileName } = require('../../scripts/lib/runtime-id');
const { perfProvenance } = require('../lib/provenance');
const { oneHost } = require('../lib/host-guard');
const { measurement } = require('../format');
const { ProseNumberError, styleList } = require('../lib/lookup');
// Written the same way by the page when a reader picks another baseline row.
const { perCall: us, ratio: times } = require('../../assets/js/cost-format');
const { versusEstimates } = require('../lib/one-rule');
const { DEFAULT_STYLES } = require('../lib/browser-variants');
const goals = require('../../scripts/lib/goals');
const { describeClasses } = require('../../scripts/lib/warm-classes');
const stats = require('../../scripts/lib/stats');

// A figure that misses its precision goal (scripts/lib/goals.js) says so
// beside itself, not only in the appendix: "14.3 (± 8.0 %, over goal)"; the caption gives the goals.
const marked = (text, mark) => (mark ? `${text} (${mark})` : text);
function warmMark(cell, held) {
  if (!held.includes('warm')) return '';
  const values = cell.samples.filter((x) => x.status === 'ok').map((x) => x.warmMs).filter((v) => typeof v === 'number' && Number.isFinite(v));
  return goals.missMark('warm', { halfWidthPct: stats.medianPrecision(values, goals.GOALS.warm).halfWidthPct });
}
function costMark(cost, held) {
  if (!held.includes('cost') || !cost) return '';
  return goals.missMark('cost', { costUs: cost.costUs, halfWidthUs: goals.halfWidthOf(cost.costUs, cost.costCi95Us) });
}

const hasWarm = (c) => c.warm && typeof c.warm.median === 'number';
// The warm CPU times (warmCpuMs: user + system of the process over the
// steady segment, issue 41) of a cell's ok samples.
const cpuOf = (c) => c.samples.filter((s) => s.status === 'ok').map((s) => s.warmCpuMs);
const hasWarmCpu = (c) => Boolean(c.warmCpu && typeof c.warmCpu.median === 'number');

// A style's CPU cost per call over the baseline (the same median difference
// and bootstrap as the wall-time cost, over warmCpuMs), or null; the table
// and the prose ask for the same pairs, so it is remembered like pairCost.
const cpuCost = memoByPair((cell, base) => {
  if (cell === base || !hasWarmCpu(cell) || !hasWarmCpu(base)) return null;
  const c = costPerCall(cpuOf(cell), cpuOf(base), cell.n);
  return c.costUs === null ? null : c;
});

// In the table: "3.1 (2.4 to 3.9)", and ", not told apart" when the
// interval holds 0 (standing, as for the wall-time cost), so no negative
// cost reads as a saving.
function cpuCostText(cell, base) {
  if (cell === base) return 'baseline';
  const c = cpuCost(cell, base);
  if (!c) return '–';
  if (!c.costCi95Us) return us(c.costUs);
  return `${us(c.costUs)} (${us(c.costCi95Us[0])} to ${us(c.costCi95Us[1])})${standing(c) === 'not told apart' ? ', not told apart' : ''}`;
}

// Where a style stands against callbacks, by the one rule of the whole site
// (site/lib/one-rule.js): ranked only when the 95 % intervals of the
// two warm medians are apart. The bootstrap interval of the cost says how
// big a difference is, not whether it ranks: the two can disagree near the
// edge, and then the conservative rule speaks.
function rankAgainst(cell, base) {
  const est = (c) => ({ median: c.warm ? c.warm.median : null, lo: c.warmCi && typeof c.warmCi.lo === 'number' ? c.warmCi.lo : null, hi: c.warmCi ? c.warmCi.hi : null });
  const v = versusEstimates(est(cell), est(base), { what: 'warm time', b: base.variant });
  if (v.apart === null) return 'too few repetitions for an interval';
  if (!v.apart) return 'not told apart';
  return v.a.median > v.b.median ? 'costs more' : 'costs less';
}

// A CPU cost (no stored order-statistic interval): its bootstrap interval above, below or around 0.
function standing(cost) {
  if (!cost.costCi95Us) return 'too few repetitions for an interval';
  const [lo, hi] = cost.costCi95Us;
  if (lo > 0) return 'costs more';
  if (hi < 0) return 'costs less';
  return 'not told apart';
}

// A style's cost is two seeded bootstraps, the same for the same pair of
// cells, and one build asks for each pair from the table, the prose, the
// browser's chart and its settings: worked out once per pair of loaded cells
// (a rebuild loads new cell objects, so it works them out again). `costOf`
// says which cost (wall time or CPU time), each with its own memo.
function memoByPair(costOf) {
  const byCell = new WeakMap(); // cell -> Map(base cell -> cost)
  return (cell, base) => {
    if (!byCell.has(cell)) byCell.set(cell, new Map());
    const costs = byCell.get(cell);
    if (!costs.has(base)) costs.set(base, costOf(cell, base));
    return costs.get(base);
  };
}
const pairCost = memoByPair(cellCostPerCall);

// The cost rows of one cell group (same runtime, scenario, mode and n) of a
// loaded file, cheapest first; null when the baseline has no warm figure.
// A cost subtracts callbacks' time from the style's and the rows rank them,
// so every cell must come from one host (site/lib/host-guard.js).
function costRows(hit, cells) {
  const base = cells.find((c) => c.variant === BASELINE && hasWarm(c));
  if (!base) return null;
  const costed = cells.filter((c) => c.variant !== FLOOR_ID && hasWarm(c));
  oneHost(hit, costed, `the cost per call over ${BASELINE} (${base.runtime}, ${base.scenario}, ${base.mode}, n = ${base.n})`);
  return costed
    .map((c) => ({ cell: c, cost: c === base ? null : pairCost(c, base), standing: c === base ? 'the baseline' : rankAgainst(c, base) }))
    .sort((a, b) => (a.cost ? a.cost.costUs : 0) - (b.cost ? b.cost.costUs : 0) || a.cell.variant.localeCompare(b.cell.variant));
}

function costPerCallTable(args, load) {
  const n = Number(args.n || 1000);
  const mode = args.mode || 'cpu';
  if (!MODES[mode]) throw new Error(`tables: unknown mode "${mode}" for costPerCall; use one of ${Object.keys(MODES).join(', ')}.`);
  const hit = load(perfFile(args.runtime));
  const cells = selectCells(hit.data, { runtime: args.runtime, scenario: args.scenario || 'upload', mode, maxN: null })
    .filter((c) => c.n === n);
  const keep = args.include ? new RegExp(args.include) : null;
  const drop = args.exclude ? new RegExp(args.exclude) : null;
  const held = goals.heldTo({ runtime: cells[0] ? cells[0].runtime : args.runtime || 'node-24', scenario: args.scenario || 'upload', mode, n });
  const all = costRows(hit, cells) || [];
  const baseRow = all.find((r) => !r.cost);
  const withCpu = Boolean(baseRow && hasWarmCpu(baseRow.cell));
  const rows = all
    .filter(({ cell }) => cell.variant === BASELINE || ((!keep || keep.test(cell.variant)) && !(drop && drop.test(cell.variant))))
    .map(({ cell, cost, standing: where }) => ({
      name: cell.variant,
      warm: marked(measurement(cell.warm.median), warmMark(cell, held)),
      reps: String(cell.warm.count),
      classes: describeClasses(cell.warmClasses) || '–',
      cost: cost ? us(cost.costUs) : 'baseline',
      costCi: cost && cost.costCi95Us ? marked(`${us(cost.costCi95Us[0])} to ${us(cost.costCi95Us[1])}`, costMark(cost, held)) : '–',
      ratio: cost && cost.ratio !== null ? times(cost.ratio) : cost ? '–' : times(1),
      ratioCi: cost && cost.ratioCi95 ? `${times(cost.ratioCi95[0])} to ${times(cost.ratioCi95[1])}` : '–',
      cpu: withCpu ? cpuCostText(cell, baseRow.cell) : '–',
      standing: where,
      // The figures behind the cells, for a sortable table (site/render/table-sort.js).
      raw: { cost: cost ? cost.costUs : 0, ratio: cost ? cost.ratio : 1, warm: cell.warm.median, reps: cell.warm.count },
    }));
  const runtime = cells[0] ? cells[0].runtime : args.runtime || 'now';
  const scenario = args.scenario && args.scenario !== 'upload' ? `, ${args.scenario} scenario` : '';
  // The words naming the baseline row, once: a reader who picks another
  // row sees them replaced by its name (site/render/table-sort.js).
  const named = inSentence(styleName(BASELINE));
  return {
    caption: `Cost per call over ${named}, ${MODES[mode]}${scenario}, n = ${n}, ${runtime}, warm: ` +
      '(the style’s warm median − the baseline’s) / n in µs, and their ratio, each with a 95 % bootstrap interval; ' +
      'cheapest first. “Not told apart”: the two warm medians’ 95 % intervals overlap (the site’s one rule).' +
      (withCpu ? ' CPU per call: the same over the steady batches’ CPU time (whole process).' : '') +
      (held.length ? ` A figure whose interval is wider than its precision goal (warm ${goals.goalText('warm')}, cost per call ${goals.goalText('cost')}, whichever is larger) says so beside it: “over goal”, with its half-width.` : ''),
    columns: [
      { key: 'name', title: 'Variant' },
      { key: 'cost', title: 'Per call', unit: 'µs', num: true },
      { key: 'costCi', title: '95 % interval', unit: 'µs', num: true },
      { key: 'standing', title: `Against ${inSentence(styleName(BASELINE))}` },
      { key: 'ratio', title: 'Ratio', num: true },
      { key: 'ratioCi', title: '95 % interval', num: true },
      ...(withCpu ? [{ key: 'cpu', title: 'CPU per call (95 % interval)', unit: 'µs' }] : []),
      { key: 'warm', title: 'Warm median', unit: 'ms', num: true },
      { key: 'reps', title: 'Steady processes', num: true },
      { key: 'classes', title: 'Warm series by class' },
    ],
    rows,
    // Sortable (sortable=true): cheapest first, and a reader may pick another
    // baseline row; cost and ratio then follow from the warm medians, while
    // the intervals and the verdict, bootstrapped from the samples against
    // the baseline, hold for it alone.
    sort: { by: 'cost' },
    rebase: { row: BASELINE, named, of: 'warm', ratio: 'ratio', perCall: 'cost', calls: n, fixed: ['costCi', 'ratioCi', 'standing', 'cpu'] },
    empty: `No warm figures for ${runtime} at n = ${n} (${MODES[mode]}): rerun with npm run bench -- --runtimes ${profileName(runtime)} --n ${n} --mode ${mode} --out data/${perfFile(args.runtime)}.json.`,
    ...perfProvenance(hit, cells, { metric: 'warm' }),
  };
}

// ---- the prose ------------------------------------------------------------
// What a style costs, in a sentence, from the same rows as the table:
//   {% costPerCall "promises-native", n=1000 %}
//     -> "5.4 µs more per call than nested callbacks (95 % interval 4.5 to 6.4 µs; 1.38× its warm time;
//         4.9 µs of CPU time, 4.1 to 5.8)", the CPU part where the file has CPU times
//   {% costGroup "not told apart", n=1000 %}   (or "costs more", "costs less"; exclude=, table=)
//     -> the linked names of the styles in that standing, cheapest first; more
//        than three as their count, linked to table= (site/lib/lookup.js styleList)
// The article asks for the rows of one group a dozen times (a table and
// every costPerCall, costShare and costGroup beside it), and each asks for a
// seeded bootstrap per style: computed once per loaded file and group. The
// bootstrap is seeded, so a cached row is the row a new computation gives.
const rowsByFile = new WeakMap();
function groupRows(load, kw) {
  const n = Number(kw.n || 1000);
  const hit = load(perfFile(kw.runtime));
  const scenario = kw.scenario || 'upload';
  const mode = kw.mode || 'cpu';
  if (!rowsByFile.has(hit.data)) rowsByFile.set(hit.data, new Map());
  const cache = rowsByFile.get(hit.data);
  const key = [kw.runtime || '', scenario, mode, n].join('|');
  if (!cache.has(key)) {
    const cells = selectCells(hit.data, { runtime: kw.runtime, scenario, mode, maxN: null }).filter((c) => c.n === n);
    cache.set(key, costRows(hit, cells));
  }
  const rows = cache.get(key);
  if (!rows) throw new ProseNumberError(`${hit.shown} has no warm figure of ${BASELINE} at n = ${n}; rerun the benchmark with warm batches (docs/lab-notes.md, "Precision")`);
  return rows;
}

function costPerCallProse(load, [id], kw) {
  const row = groupRows(load, kw).find((r) => r.cell.variant === id);
  if (!row) throw new ProseNumberError(`no warm figure of "${id}" at n = ${kw.n || 1000}`);
  if (!row.cost) throw new ProseNumberError(`"${id}" is the baseline; its cost over itself is 0`);
  const { costUs, costCi95Us: ci, ratio } = row.cost;
  if (!ci) throw new ProseNumberError(`"${id}" has too few warm repetitions for an interval of its cost`);
  // field=: one number for a sentence a person writes (issue 43): the cost
  // in µs, its interval's ends, the ratio, or the CPU µs behind it.
  if (kw.field !== undefined) return costField(load, row, kw);
  const interval = `95\u00a0% interval ${us(ci[0])} to ${us(ci[1])}\u00a0µs`;
  const where = row.standing;
  if (where === 'not told apart') return `no cost over nested callbacks that the measurement can show (${interval})`;
  const more = where === 'costs more';
  // The CPU time behind the same difference, where the file has it (issue 41).
  const base = groupRows(load, kw).find((r) => !r.cost);
  const cpu = cpuCost(row.cell, base.cell);
  const cpuText = !cpu || !cpu.costCi95Us ? ''
    : standing(cpu) !== 'not told apart' ? `; ${us(cpu.costUs)}\u00a0µs of CPU time, ${us(cpu.costCi95Us[0])} to ${us(cpu.costCi95Us[1])}`
      : '; in CPU time not told apart from them';
  return `${us(Math.abs(costUs))}\u00a0µs ${more ? 'more' : 'less'} per call than nested callbacks (${interval}; ${times(ratio)} their warm time${cpuText})`;
}

const COST_FIELDS = ['us', 'lo', 'hi', 'ratio', 'ratioLo', 'ratioHi', 'cpuUs'];
function costField(load, row, kw) {
  const { costUs, costCi95Us: ci, ratio, ratioCi95 } = row.cost;
  switch (kw.field) {
    case 'us': return us(costUs);
    case 'lo': return us(ci[0]);
    case 'hi': return us(ci[1]);
    case 'ratio': return times(ratio).replace(/×$/, '');
    case 'ratioLo': case 'ratioHi':
      if (!ratioCi95) throw new ProseNumberError(`"${row.cell.variant}" has no interval of its ratio`);
      return times(ratioCi95[kw.field === 'ratioLo' ? 0 : 1]).replace(/×$/, '');
    case 'cpuUs': {
      const base = groupRows(load, kw).find((r) => !r.cost);
      const cpu = cpuCost(row.cell, base.cell);
      if (!cpu) throw new ProseNumberError(`no warm CPU time of "${row.cell.variant}" or of its baseline`);
      return us(cpu.costUs);
    }
    default: throw new ProseNumberError(`field= is one of ${COST_FIELDS.join(', ')} (got "${kw.field}")`);
  }
}

// What a cost per call means for a server: at rps calls a second, the share
// of one core the style's machinery takes over callbacks. A share of a core
// is CPU time, so it comes from the warm CPU times (warmCpuMs: user + system
// of the process over the steady segment, issue 41), as a cost per call in
// CPU µs (the same median difference and bootstrap as the wall-time cost);
// a file without them has no share to give: the wall time on a two-core
// machine is not one.
//   {% costShare "async-await", rps=10000 %} -> "4.7 % of one core (95 % interval 2.9–5.5 %)"
function costShareProse(load, [id], kw) {
  const rps = Number(kw.rps);
  if (!(Number.isFinite(rps) && rps > 0)) throw new ProseNumberError(`rps= is the calls a second to price the cost at (got "${kw.rps}")`);
  const rows = groupRows(load, kw);
  const row = rows.find((r) => r.cell.variant === id);
  const base = rows.find((r) => !r.cost);
  if (!row || !row.cost) throw new ProseNumberError(`no warm cost for "${id}" at n = ${kw.n || 1000}`);
  if (!hasWarmCpu(row.cell) || !hasWarmCpu(base.cell)) {
    throw new ProseNumberError(`no warm CPU time of "${!hasWarmCpu(row.cell) ? id : BASELINE}" at n = ${kw.n || 1000}: a share of one core is computed from CPU time ` +
      '(warmCpuMs, recorded since issue 41), never from wall time; rerun the benchmark, or drop the figure from the sentence');
  }
  const cost = costPerCall(cpuOf(row.cell), cpuOf(base.cell), row.cell.n);
  if (!cost.costCi95Us) throw new ProseNumberError(`too few warm CPU times of "${id}" for an interval of its share of one core`);
  const pct = (u) => (u * rps) / 1e4; // CPU µs per call × calls per s / 1e6 µs per s, in %
  // A share in % is written with the precision rule of a cost in µs.
  const [lo, hi] = cost.costCi95Us.map(pct);
  return `${us(pct(cost.costUs))}\u00a0% of one core (95\u00a0% interval ${us(lo)}–${us(hi)}\u00a0%)`;
}

const STANDINGS = ['not told apart', 'costs more', 'costs less'];
function costGroupProse(load, [which], kw) {
  if (!STANDINGS.includes(which)) throw new ProseNumberError(`costGroup takes one of ${STANDINGS.map((x) => `"${x}"`).join(', ')} (got "${which}")`);
  const drop = kw.exclude ? new RegExp(kw.exclude) : null;
  const ids = groupRows(load, kw).filter((r) => r.cost && r.standing === which && !(drop && drop.test(r.cell.variant))).map((r) => r.cell.variant);
  if (!ids.length) throw new ProseNumberError(`no style "${which}" at n = ${kw.n || 1000}; rewrite the sentence`);
  return styleList(ids, { table: kw.table });
}

// ---- beside the reader's browser ------------------------------------------
// "Run it in your browser" (the main article): each style's warm time as a
// ratio to nested callbacks', ours at the left and the reader's at the
// right, once they have run it (assets/js/runner/ fills that column in the
// page; the chart ships in the runner's settings, _config/browser-runner.js).
// A ratio, because a reader's machine is not ours: a style twice as
// slow as callbacks here may well be so on another machine, while its
// milliseconds will not be.
//   chartModel('browserRatios', { n: 1000 })   ({% browserRunner n=1000 %} draws it)
const YOURS = 'Your browser';

function runtimeVersionOf(cells) {
  const r = cells[0] && cells[0].runtime;
  if (!r) return '';
  const { profile, version } = parseRuntimeId(r);
  return (profile && version) || r;
}
const ours = (cells) => `Node ${runtimeVersionOf(cells)} (ours)`;

// The cells the comparison reads: Node 24's (or runtime=) upload, CPU-bound, at n.
function comparisonCells(args, load) {
  const n = Number(args.n || 1000);
  const hit = load(perfFile(args.runtime));
  const cells = selectCells(hit.data, { runtime: args.runtime, scenario: 'upload', mode: 'cpu', maxN: null }).filter((c) => c.n === n);
  return { n, hit, cells };
}

function browserRatiosChart(args, load) {
  const { n, hit, cells } = comparisonCells(args, load);
  const series = (costRows(hit, cells) || []).map(({ cell, cost }) => {
    const ratio = cost ? cost.ratio : 1;
    const ci = cost ? cost.ratioCi95 : [1, 1];
    return { label: cell.variant, data: [[0, ratio, ci ? ci[0] : null, ci ? ci[1] : null, cell.warm.count]] };
  }).sort((a, b) => a.data[0][1] - b.data[0][1]);
  return {
    title: `Warm time as a ratio to nested callbacks’, n = ${n}, CPU-bound: ours on Node ${runtimeVersionOf(cells)} and yours`,
    x: { title: 'Runtime', unit: '' },
    y: { title: 'Warm time / nested callbacks’', unit: '×' },
    categories: [ours(cells), YOURS],
    // The chart opens on the styles the runner's quick run ticks (site/lib/families.js,
    // openingView); the rest are one click away, and the runner opens it on what the reader ran.
    view: [...DEFAULT_STYLES],
    rangeNames: ['95 % low', '95 % high'],
    series,
    floor: null,
    ...perfProvenance(hit, cells, { metric: 'warm' }),
  };
}

// The reader's warm series: the length and steady segment the baseline's run
// used; a run of the window rule before issue 41 (warmup, warmMax) ran no
// fixed series, so the harness's default one stands in.
function warmSeries(h) {
  if (Number.isInteger(h.warmMinSteady)) return { warmBatches: h.warmBatches, warmMinSteady: h.warmMinSteady };
  return { warmBatches: warm.DEFAULTS.batches, warmMinSteady: warm.DEFAULTS.minSteady };
}

// What the reader's run must repeat to compare with the chart's figures:
// the batch (n calls, t ms per fake operation, the critical path that makes
// the I/O floor), the seed and the warm rule, as the run behind the chart's
// baseline recorded them.
function browserComparison(args, load) {
  const { n, hit, cells } = comparisonCells(args, load);
  const base = cells.find((c) => c.variant === BASELINE && hasWarm(c));
  if (!base) throw new Error(`browserRunner: ${hit.shown || 'the perf file'} has no warm figure of ${BASELINE} at n = ${n}, CPU-bound; the reader's run has nothing to compare with. Rerun the benchmark with warm batches (docs/lab-notes.md, "Precision").`);
  const h = hit.data.runs[base.run].harness;
  return {
    runtime: base.runtime, ours: ours(cells), yours: YOURS, baseline: BASELINE,
    settings: { scenario: 'upload', mode: 'cpu', n, t: base.t, dt: h.dt, k: h.k, errorRate: h.errorRate, seed: h.seed, criticalPath: base.criticalPath,
      ...warmSeries(h) },
  };
}

module.exports = {
  charts: { browserRatios: browserRatiosChart },
  browserComparison,
  tables: { costPerCall: costPerCallTable },
  prose: { costPerCall: costPerCallProse, costGroup: costGroupProse, costShare: costShareProse },
  costRows, standing, rankAgainst,
};
