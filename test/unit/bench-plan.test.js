// The plan (scripts/harness/plan.js) and the I/O floor (scripts/harness/scenarios/floor.js):
// which jobs exist, in what order, with what t, floor and skip reasons.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const plan = require('../../scripts/harness/plan');
const { measureFloors } = require('../../scripts/harness/scenarios/floor');

const floors = measureFloors({ k: 25 });
const node = { id: 'node-20', features: { promise: true, generators: true, es2015: true, 'async-functions': true } };
const old = { id: 'node-0.11.14', features: { promise: true } };
const variants = [
  { id: 'cb', file: 'original.js', requires: [], scenarios: ['upload', 'errors', 'parallel'] },
  { id: 'aa', file: 'async-await.js', requires: ['async-functions', 'es2015'], scenarios: ['upload'] }
];
const settings = Object.assign({}, plan.DEFAULTS, { ns: [100, 2000], reps: 3 });

test('the I/O floor comes from the fakes: 8 waits (new file), 6 (existing), 2 (parallel)', () => {
  assert.deepEqual(floors.upload, { criticalPath: 8, newFile: 8, existingFile: 6 });
  assert.equal(floors.parallel.criticalPath, 2);
});

test('plan: every runtime × scenario × mode × n × variant, with t, floor and skips', () => {
  const p = plan.buildPlan({ runtimes: [node, old], variants, settings, floors });
  assert.equal(p.cells.length, 2 * 3 * 2 * 2 * 3, 'two variants and the floor workload');
  const io2000 = p.cells.find((c) => c.key === 'node-20|upload|io|cb|2000');
  assert.equal(io2000.t, 200, 'io mode: t = n × dt');
  assert.equal(io2000.ioFloorMs, 1600);
  const par = p.cells.find((c) => c.key === 'node-20|parallel|cpu|cb|100');
  assert.equal(par.t, 1);
  assert.equal(par.k, 25);
  assert.equal(par.ioFloorMs, 2);
  assert.equal(p.cells.find((c) => c.key === 'node-20|errors|cpu|cb|100').errorRate, plan.DEFAULTS.errorRate);
  assert.match(p.cells.find((c) => c.key === 'node-20|parallel|cpu|aa|100').skip, /does not implement the "parallel" scenario/);
  assert.match(p.cells.find((c) => c.key === 'node-0.11.14|upload|cpu|aa|100').skip, /needs async functions; needs ES2015 syntax/);
  const runnable = p.cells.filter((c) => !c.skip).length;
  assert.equal(p.jobs.length, runnable * 3);
});

test('plan order is shuffled, and the same for the same seed', () => {
  const a = plan.buildPlan({ runtimes: [node], variants, settings, floors }).jobs.map((j) => `${j.cell.key}#${j.rep}`);
  const b = plan.buildPlan({ runtimes: [node], variants, settings, floors }).jobs.map((j) => `${j.cell.key}#${j.rep}`);
  const c = plan.buildPlan({ runtimes: [node], variants, settings: { ...settings, seed: 7 }, floors }).jobs.map((j) => `${j.cell.key}#${j.rep}`);
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
  assert.deepEqual([...a].sort(), [...c].sort());
  const firstVariants = a.slice(0, 8).map((k) => k.split('|')[3]);
  assert.ok(new Set(firstVariants).size > 1, 'variants are interleaved, not run one after another');
});

test('plan --order blocked: each cell\'s repetitions in a row, cells in plan order (the interleaving experiment)', () => {
  const p = plan.buildPlan({ runtimes: [node], variants, settings: { ...settings, order: 'blocked' }, floors });
  const keys = p.jobs.map((j) => j.cell.key);
  const runs = keys.filter((k, i) => i === 0 || keys[i - 1] !== k);
  assert.equal(runs.length, new Set(keys).size, 'a cell\'s jobs are never split by another cell\'s');
  assert.deepEqual(p.jobs.slice(0, 3).map((j) => j.rep), [1, 2, 3]);
});

test('plan: the floor workload is a cell of every group, run from the harness room like a variant', () => {
  const p = plan.buildPlan({ runtimes: [node, old], variants: variants.slice(1), settings, floors });
  const groups = new Set(p.cells.map((c) => `${c.runtime}|${c.scenario}|${c.mode}|${c.n}`));
  assert.equal(groups.size, 2 * 3 * 2 * 2);
  for (const g of groups) {
    const [runtime, scenario, mode, n] = g.split('|');
    const cell = p.cells.find((c) => c.key === plan.cellKey({ runtime, scenario, mode, variant: 'floor', n }));
    assert.ok(cell, `no floor cell in ${g}`);
    assert.equal(cell.file, require.resolve('../../scripts/harness/floor-workload'));
    // Measured beside any style that runs there; skipped, with its reason, where none does.
    const styles = p.cells.filter((c) => c.variant !== 'floor' && `${c.runtime}|${c.scenario}|${c.mode}|${c.n}` === g);
    if (styles.some((c) => !c.skip)) {
      assert.equal(cell.skip, null, `no runnable floor cell in ${g}`);
      assert.equal(p.jobs.filter((j) => j.cell === cell).length, settings.reps, 'as many repetitions as a variant');
    } else {
      assert.match(cell.skip, /no style in this group runs here/);
      assert.equal(p.jobs.filter((j) => j.cell === cell).length, 0);
    }
  }
  assert.throws(() => plan.buildPlan({ runtimes: [node], variants: [{ ...variants[0], id: 'floor' }], settings, floors }),
    /"floor" is reserved/);
});

test('the default error rate fails about 10 % of calls (8 and 6 operations, half each)', () => {
  const r = plan.DEFAULTS.errorRate;
  const failing = 0.5 * (1 - (1 - r) ** 8) + 0.5 * (1 - (1 - r) ** 6);
  assert.ok(Math.abs(failing - 0.1) < 1e-5, String(failing));
});

test('timeoutFor: the per-job limit covers every batch a job may run, the warm series included', () => {
  const job = { n: 1000, ioFloorMs: 8 };
  assert.equal(plan.timeoutFor(job, {}), 30000 + 10 * 8 + 2 * 1000);
  assert.equal(plan.timeoutFor({ ...job, warmBatches: 40, warmMinSteady: 16 }, {}), 30000 + 41 * (10 * 8 + 2 * 1000));
  assert.equal(plan.timeoutFor({ ...job, warmBatches: 0, warmMinSteady: 16 }, {}), 30000 + 10 * 8 + 2 * 1000);
  assert.equal(plan.timeoutFor({ ...job, warmBatches: 40, warmMinSteady: 16 }, { timeoutMs: 5000 }), 5000);
});

test('warm settings: defaults in every run, none in --quick, passed to the child of upload/errors/parallel cells', () => {
  const warm = require('../../scripts/lib/measure/warm');
  assert.deepEqual([plan.DEFAULTS.warmBatches, plan.DEFAULTS.warmMinSteady], [warm.DEFAULTS.batches, warm.DEFAULTS.minSteady]);
  assert.ok(plan.DEFAULTS.warmBatches > plan.DEFAULTS.warmMinSteady, 'the default series has room for a warm-up before its steady part');
  assert.equal(plan.QUICK.warmBatches, 0);
  const scenarios = require('../../scripts/harness/scenarios');
  const cell = { warmBatches: 40, warmMinSteady: 12, errorRate: 0.01 };
  assert.deepEqual(scenarios.get('errors').childArgs(cell),
    ['--warm-batches', '40', '--warm-min-steady', '12', '--error-rate', '0.01']);
  assert.deepEqual(scenarios.get('upload').childArgs({ ...cell, warmBatches: 0 }), []);
});

test('the window rule\'s options are refused, naming what replaces them; a series shorter than its steady part too', () => {
  const { parseArgs } = require('../../scripts/harness/bench-args');
  assert.throws(() => parseArgs(['--warm-max', '20']), { name: 'UsageError', message: /--warm-max is no longer an option: .*--warm-batches/ });
  assert.throws(() => parseArgs(['--warmup', '3']), { name: 'UsageError', message: /--warmup is no longer an option/ });
  assert.throws(() => parseArgs(['--warm-tolerance', '0.1']), { name: 'UsageError', message: /--warm-tolerance is no longer an option: .*changepoint/ });
  assert.throws(() => parseArgs(['--warm-batches', '10']),
    { name: 'UsageError', message: /--warm-batches 10 is below --warm-min-steady 16 \(its default\).*--warm-min-steady 10 or less/ });
  const s = parseArgs(['--warm-batches', '10', '--warm-min-steady', '8']).settings;
  assert.deepEqual([s.warmBatches, s.warmMinSteady], [10, 8]);
});

test('warm batches go to the CPU-bound cells by default; --warm-modes picks the modes, none for none', () => {
  const { parseArgs } = require('../../scripts/harness/bench-args');
  const warmOf = (argv) => {
    const settings = { ...parseArgs(argv).settings, scenarios: ['upload'], modes: ['cpu', 'io'], ns: [100] };
    const p = plan.buildPlan({ runtimes: [node], variants: variants.slice(0, 1), settings });
    return Object.fromEntries(p.cells.filter((c) => c.variant === 'cb').map((c) => [c.mode, c.warmBatches]));
  };
  const length = plan.DEFAULTS.warmBatches;
  assert.deepEqual(warmOf([]), { cpu: length, io: 0 });
  assert.deepEqual(warmOf(['--warm-modes', 'cpu,io']), { cpu: length, io: length });
  assert.deepEqual(warmOf(['--warm-modes', 'none']), { cpu: 0, io: 0 });
  assert.throws(() => parseArgs(['--warm-modes', 'gpu']), { name: 'UsageError', message: /--warm-modes takes cpu, io or none/ });
});
