'use strict';
// The tables of issue 28: cost per call over nested callbacks from the warm
// figures (site/models/cost.js), how precisely each figure is known and what
// (site/models/precision.js), from a recorded run
// (test/fixtures/recorded/record.js perf-warm); and the
// 2013 reproduction's summary with Spearman's ρ (site/models/reproduction-2013.js) from
// the committed data. Expected figures are recomputed here from the samples.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { makeLoader } = require('../../site/lib/data-files');
const { tableModel } = require('../../site/models');
const { costPerCall } = require('../../scripts/lib/cost-per-call');
const { standing, rankAgainst } = require('../../site/models/cost');
const recorded = require('../fixtures/recorded/record');
const stats = require('../../scripts/lib/stats');
const { summarizeCell } = require('../../scripts/harness/datafile');

// A data folder holding the recorded runs under the names the site reads.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-warm-'));
fs.copyFileSync(recorded.file('perf-warm'), path.join(dir, 'perf-node-24.json'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
const load = makeLoader({ dataDir: dir });
const committed = makeLoader({ dataDir: path.join(__dirname, '..', '..', 'data') });
const perf = JSON.parse(fs.readFileSync(recorded.file('perf-warm'), 'utf8'));
const N = 20;

const warmOf = (c) => c.samples.filter((s) => s.status === 'ok').map((s) => s.warmMs);
const cellOf = (variant, mode = 'cpu', n = N) => perf.cells.find((c) => c.scenario === 'upload' && c.mode === mode && c.n === n && c.variant === variant);

test('costPerCall: one row per style with warm figures, cheapest first, each cost recomputed from the samples', () => {
  const t = tableModel('costPerCall', { n: N }, load);
  const base = cellOf('original');
  const styles = perf.cells.filter((c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === N && c.status === 'ok' && c.warm && c.variant !== 'floor');
  assert.equal(t.rows.length, styles.length);
  assert.ok(styles.length >= 3);
  assert.equal(t.rows.find((r) => r.name === 'original').cost, 'baseline');
  const costs = [];
  for (const r of t.rows.filter((x) => x.name !== 'original')) {
    const expected = costPerCall(warmOf(cellOf(r.name)), warmOf(base), N);
    costs.push(expected.costUs);
    assert.equal(r.cost.replace('−', '-'), Math.abs(expected.costUs) < 10 ? expected.costUs.toFixed(1) : String(Math.round(expected.costUs)), r.name);
    assert.equal(r.standing, rankAgainst(cellOf(r.name), base), r.name);
  }
  assert.deepEqual(costs, [...costs].sort((a, b) => a - b), 'cheapest first');
  assert.match(t.caption, /µs/);
});

test('cost standing: the one rule of the site, the warm medians\' intervals apart or not, whatever the bootstrap of the cost says', () => {
  const ci = (lo, hi) => ({ variant: 'x', warm: { median: (lo + hi) / 2 }, warmCi: { lo, hi } });
  assert.equal(rankAgainst(ci(10, 12), ci(11, 13)), 'not told apart');
  assert.equal(rankAgainst(ci(14, 15), ci(11, 13)), 'costs more');
  assert.equal(rankAgainst(ci(8, 10), ci(11, 13)), 'costs less');
  assert.equal(rankAgainst({ warmCi: null }, ci(11, 13)), 'too few repetitions for an interval');
});

test('CPU cost: "not told apart" exactly when its interval holds 0', () => {
  assert.equal(standing({ costCi95Us: [-0.4, 0.9] }), 'not told apart');
  assert.equal(standing({ costCi95Us: [0.1, 0.9] }), 'costs more');
  assert.equal(standing({ costCi95Us: [-2, -0.1] }), 'costs less');
  assert.equal(standing({ costCi95Us: null }), 'too few repetitions for an interval');
});

test('costPerCall: a runtime without warm figures gives an empty table that says what to run', () => {
  const t = tableModel('costPerCall', { n: N, mode: 'io' }, load);
  assert.equal(t.rows.length, 0);
  assert.match(t.empty, /npm run bench -- --runtimes node-24 --n 20 --mode io/);
});

test('precision: per figure, the styles within the goal, from the samples', () => {
  const t = tableModel('precision', { n: N }, load);
  const cold = t.rows.find((r) => r.figure === 'Cold, CPU-bound');
  const styles = perf.cells.filter((c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === N && c.status === 'ok' && c.variant !== 'floor');
  const within = styles.filter((c) => {
    const w = stats.medianPrecision(c.samples.filter((s) => s.status === 'ok').map((s) => s.timeMs), 5).halfWidthPct;
    return w !== null && w <= 5;
  }).length;
  assert.equal(cold.met, `${within} of ${styles.length}`);
  assert.equal(cold.goal, '±5 %');
  assert.equal(cold.toReach === 'reached', within / styles.length >= 0.9);
  assert.equal(t.rows.find((r) => r.figure === 'Warm, CPU-bound').goal, '±5 %', 'issue 41\'s goal (scripts/lib/goals.js)');
  assert.equal(t.rows.find((r) => r.figure === 'I/O-bound (cold)').goal, '±3 %');
});

test('precision: the projection of what each goal would take, recomputed from the samples', () => {
  const t = tableModel('precision', { n: N }, load);
  const styles = perf.cells.filter((c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === N && c.status === 'ok' && c.variant !== 'floor');
  const ok = (c) => c.samples.filter((s) => s.status === 'ok');
  const needs = styles.map((c) => {
    const values = ok(c).map((s) => s.timeMs);
    // A further cold figure costs what a cold-only repetition cost, where the run made some.
    const coldOnly = ok(c).filter((s) => !s.warmBatchesMs);
    return { have: values.length, need: stats.samplesFor(values.length, stats.medianPrecision(values, 5).halfWidthPct, 5),
      wall: stats.median((coldOnly.length ? coldOnly : ok(c)).map((s) => s.wallMs)) };
  });
  assert.ok(needs.every((x) => x.need !== null));
  const perStyle = needs.map((x) => x.need).sort((a, b) => a - b)[Math.ceil(0.9 * needs.length) - 1];
  const hours = needs.reduce((sum, x) => sum + Math.max(0, perStyle - x.have) * x.wall, 0) / 3.6e6;
  const row = t.rows.find((r) => r.figure === 'Cold, CPU-bound');
  assert.ok(perStyle > Math.max(...needs.map((x) => x.have)), 'the fixture\'s cold figures miss ±5 %');
  assert.equal(row.toReach, `${perStyle} per style, ${hours < 10 ? hours.toFixed(1) : Math.round(hours)} h`);
});

test('precision: a style without a warm interval (too few steady processes) leaves nothing to project from', () => {
  // The recorded run with one style's warm series classified as never steady but for 5 of them.
  const few = JSON.parse(JSON.stringify(perf));
  const cell = few.cells.find((c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === N && c.variant === 'async-await');
  let kept = 0;
  for (const x of cell.samples) {
    if (x.status !== 'ok' || typeof x.warmMs !== 'number') continue;
    if (++kept <= 5) continue;
    delete x.warmBatchesMs; // a repetition that ran cold only, as an adaptive one does
    for (const k of ['warmMs', 'warmSteady', 'warmClass', 'warmSteadyFrom', 'warmCpuBatchesMs', 'warmGcBatchesMs', 'warmCpuMs']) delete x[k];
  }
  summarizeCell(cell, { ciTarget: cell.timeCi && cell.timeCi.targetPct, warmCiTarget: cell.warmCi && cell.warmCi.targetPct });
  const fewDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-few-'));
  try {
    fs.writeFileSync(path.join(fewDir, 'perf-node-24.json'), JSON.stringify(few));
    const t = tableModel('precision', { n: N }, makeLoader({ dataDir: fewDir }));
    assert.equal(t.rows.find((r) => r.figure === 'Warm, CPU-bound').toReach, 'too few processes to project');
  } finally {
    fs.rmSync(fewDir, { recursive: true, force: true });
  }
});

// The levers table (issue 41: each lever against the default of its own run)
// is tested in levers-goals.test.js.

test('reproduction summary: the verdicts add up to the styles, and ρ is Spearman\'s of the medians', () => {
  const t = tableModel('reproduction2013Summary', {}, committed);
  for (const r of t.rows) assert.equal(Number(r.agrees) + Number(r.differs) + Number(r.tied), Number(r.styles), r.set);
  const cpu = tableModel('reproduction2013', { set: 'cpu' }, committed);
  const ref = require('../../data/reference-2013.json');
  assert.ok(cpu.rho === null || (cpu.rho >= -1 && cpu.rho <= 1));
  if (cpu.rows.length >= 3) {
    const ours = cpu.rows.map((r) => r.sort);
    const then = cpu.rows.map((r) => r.then);
    assert.equal(cpu.rho, stats.spearman(ours, then));
    assert.equal(t.rows[0].rho, cpu.rho.toFixed(2));
  }
  assert.ok(ref.source);
});

test('cost prose: a style\'s cost per call in words, from the same samples as the table; groups by standing', () => {
  const { PROSE } = require('../../site/models');
  const { ProseNumberError } = require('../../site/lib/lookup');
  const cost = costPerCall(warmOf(cellOf('promises-native')), warmOf(cellOf('original')), N);
  const text = PROSE.costPerCall(load, ['promises-native'], { n: N }).replace(/<[^>]+>/g, '');
  const where = rankAgainst(cellOf('promises-native'), cellOf('original'));
  if (where === 'not told apart') assert.match(text, /^no cost over nested callbacks that the measurement can show \(95\u00a0% interval /);
  else assert.match(text, new RegExp(`^${Math.abs(cost.costUs).toFixed(1)}\u00a0µs ${where === 'costs more' ? 'more' : 'less'} per call than nested callbacks`));
  // Every style with a cost lands in exactly one standing group.
  const groups = ['not told apart', 'costs more', 'costs less'].map((g) => {
    try { return PROSE.costGroup(load, [g], { n: N }); } catch (e) { if (e instanceof ProseNumberError) return ''; throw e; }
  });
  assert.ok(groups.join(' ').includes('Native promises'));
  assert.throws(() => PROSE.costPerCall(load, ['original'], { n: N }), /is the baseline/);
  assert.throws(() => PROSE.costGroup(load, ['cheaper'], { n: N }), /costGroup takes one of/);
  assert.throws(() => PROSE.costPerCall(load, ['async-await'], { n: 999 }), /no warm figure of original at n = 999/);
});

// The recorded warm run with CPU times added, as the harness records them
// since issue 41 (each warm batch's CPU time, the steady segment from the
// 3rd batch): half the batch's wall time plus 1 ms, so a share of one core
// taken from the wall times would differ. summarizeCell derives warmCpuMs
// and the cells' warmCpu, as on every save.
const cpuDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-cpu-'));
test.after(() => fs.rmSync(cpuDir, { recursive: true, force: true }));
const withCpu = JSON.parse(JSON.stringify(perf));
for (const cell of withCpu.cells) {
  for (const s of cell.samples) {
    if (s.status !== 'ok' || !s.warmBatchesMs) continue;
    // The steady segment stays the classifier's (the data check recomputes it from the series).
    Object.assign(s, { cpuMs: stats.round(s.timeMs / 2 + 1), cpuSource: 'process.cpuUsage',
      warmCpuBatchesMs: s.warmBatchesMs.map((ms) => stats.round(ms / 2 + 1)) });
  }
  summarizeCell(cell, { ciTarget: cell.timeCi && cell.timeCi.targetPct, warmCiTarget: cell.warmCi && cell.warmCi.targetPct });
}
fs.writeFileSync(path.join(cpuDir, 'perf-node-24.json'), JSON.stringify(withCpu));
const cpuLoad = makeLoader({ dataDir: cpuDir });

test('cost share: the cost per call in CPU time priced at a request rate, as a share of one core', () => {
  const { PROSE } = require('../../site/models');
  const cpuOf = (c) => c.samples.filter((s) => s.status === 'ok').map((s) => s.warmCpuMs);
  const cellIn = (data, variant) => data.cells.find((c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === N && c.variant === variant);
  const cost = costPerCall(cpuOf(cellIn(withCpu, 'async-await')), cpuOf(cellIn(withCpu, 'original')), N);
  const text = PROSE.costShare(cpuLoad, ['async-await'], { n: N, rps: 10000 });
  const written = (pct) => (Math.abs(pct) < 10 ? pct.toFixed(1) : String(Math.round(pct))).replace('-', '−');
  const pct = (cost.costUs * 10000) / 1e4;
  assert.match(text, new RegExp(`^${written(pct)}\u00a0% of one core \\(95\u00a0% interval ${written(cost.costCi95Us[0] * 10000 / 1e4)}–`));
  const wall = costPerCall(warmOf(cellOf('async-await')), warmOf(cellOf('original')), N);
  assert.notEqual(written(pct), written((wall.costUs * 10000) / 1e4), 'the fixture tells CPU time from wall time');
  assert.throws(() => PROSE.costShare(cpuLoad, ['async-await'], { n: N }), /rps= is the calls a second/);
});

test('cost share: a file without CPU times gives no share of one core, not one from wall time', () => {
  const { PROSE } = require('../../site/models');
  const { ProseNumberError } = require('../../site/lib/lookup');
  // The recorded run as a file from before issue 41: no CPU fields.
  const old = JSON.parse(JSON.stringify(perf));
  for (const cell of old.cells) {
    for (const x of cell.samples) for (const k of ['cpuMs', 'cpuSource', 'gcMs', 'gcSource', 'warmCpuBatchesMs', 'warmGcBatchesMs', 'warmCpuMs']) delete x[k];
    summarizeCell(cell, { ciTarget: cell.timeCi && cell.timeCi.targetPct, warmCiTarget: cell.warmCi && cell.warmCi.targetPct });
  }
  const oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-nocpu-'));
  test.after(() => fs.rmSync(oldDir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(oldDir, 'perf-node-24.json'), JSON.stringify(old));
  assert.throws(() => PROSE.costShare(makeLoader({ dataDir: oldDir }), ['async-await'], { n: N, rps: 10000 }),
    (err) => err instanceof ProseNumberError && /no warm CPU time of "async-await".*computed from CPU time/.test(err.message));
});

test('the ranked chart of warm figures: one row per style with a warm figure, by warm median, whiskers from warmCi', () => {
  const { chartModel } = require('../../site/models');
  const m = chartModel('ranked', { mode: 'cpu', n: N, metric: 'warm' }, load);
  const styles = perf.cells.filter((c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === N && c.warm && c.variant !== 'floor');
  assert.deepEqual(m.series.map((s) => s.label).sort(), styles.map((c) => c.variant).sort());
  const medians = m.series.map((s) => s.data[0][1]);
  assert.deepEqual(medians, [...medians].sort((a, b) => a - b));
  for (const s of m.series) {
    const c = styles.find((x) => x.variant === s.label);
    assert.equal(s.data[0][1], Number(c.warm.median.toPrecision(3)) || c.warm.median, s.label);
  }
  assert.match(m.title, /warm time for all n calls at n = 20, ranked/);
});

test('warmLevels: one row per runtime with warm figures, each from scripts/analyze/warm-levels.js', (t0) => {
  const { warmLevels } = require('../../scripts/analyze/warm-levels');
  const t = tableModel('warmLevels', { n: N }, load);
  assert.equal(t.rows.length, 1, 'the fixture folder holds one profile file with warm figures');
  const r = warmLevels(perf, { n: N });
  assert.equal(t.rows[0].share, `${Math.round(r.noiseShare * 100)} %`);
  assert.equal(t.rows[0].window, String(r.window));
  assert.equal(t.rows[0].cold, r.cold.toFixed(2));
  const none = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-none-'));
  t0.after(() => fs.rmSync(none, { recursive: true, force: true }));
  const cold = tableModel('warmLevels', { n: N }, makeLoader({ dataDir: none }));
  assert.equal(cold.rows.length, 0);
  assert.match(cold.empty, /--warm-batches/);
});
