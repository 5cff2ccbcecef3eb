'use strict';
// The levers table (site/models/precision.js, issue 41 item 4) on fixture
// lever files of two configurations in one run, and the goal marks of item 5
// beside the figures of the cost table (site/models/cost.js) on a fixture
// data set at n = 1000. Expected figures are recomputed from the samples.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { makeLoader } = require('../../site/lib/data-files');
const { tableModel } = require('../../site/models');
const recorded = require('../fixtures/recorded/record');
const stats = require('../../scripts/lib/stats');
const goals = require('../../scripts/lib/goals');
const datafile = require('../../scripts/harness/datafile');

// A changed fixture's summaries rederived from its samples, as npm run data -- rederive does.
function rederived(data) {
  for (const cell of data.cells) {
    datafile.summarizeCell(cell, { ciTarget: cell.timeCi ? cell.timeCi.targetPct : undefined, warmCiTarget: cell.warmCi ? cell.warmCi.targetPct : undefined });
  }
  return data;
}

const base = JSON.parse(fs.readFileSync(recorded.file('perf-warm'), 'utf8'));
const N = 20;
const DEF = 'node-24@24.21.0';
const cpuCells = () => JSON.parse(JSON.stringify(base.cells.filter((c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === N)));

// A sample whose warm figure a fixture changed no longer is what the
// classifier gives its series (the site's data check recomputes it): it goes
// without its class, as a sample from before classification.
function unclassified(changed, original) {
  if (changed.warmMs === original.warmMs) return changed;
  const { warmClass, warmSteadyFrom, ...rest } = changed;
  return rest;
}

// A lever run: the recorded cells as the default configuration, and a copy
// as the lever's with each sample's figures passed through `change`.
function leverFile(name, change) {
  const leverId = `${DEF} +${name}`;
  const [runId, run] = Object.entries(base.runs)[0];
  const runtimes = {
    [DEF]: { ...run.runtimes[DEF], configuration: { name: 'default', flags: [], settings: {} } },
    [leverId]: { ...run.runtimes[DEF], id: leverId, configuration: { name, flags: [], settings: { warmGc: true } } },
  };
  const def = cpuCells();
  const own = cpuCells().map((c) => ({ ...c, runtime: leverId, key: c.key.replace(DEF, leverId),
    samples: c.samples.map((s) => (s.status === 'ok' ? unclassified(change(s, c), s) : s)) }));
  return rederived({ ...base, runs: { [runId]: { ...run, runtimes } }, cells: def.concat(own) });
}

const okOf = (c, key) => c.samples.filter((s) => s.status === 'ok').map((s) => s[key]).filter((v) => typeof v === 'number');
const squeeze = (values, m, f) => values.map((v) => m + (v - m) * f);
const width = (values) => stats.medianPrecision(values, 100).halfWidthPct;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-levers41-'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.copyFileSync(recorded.file('perf-warm'), path.join(dir, 'perf-node-24.json'));
// warm-gc: every figure pulled halfway to its cell's median (narrower, same median).
fs.writeFileSync(path.join(dir, 'perf-lever-warm-gc.json'), JSON.stringify(leverFile('warm-gc', (s, c) => {
  const mw = stats.median(okOf(c, 'warmMs')), mc = stats.median(okOf(c, 'timeMs'));
  return { ...s, warmMs: typeof s.warmMs === 'number' ? squeeze([s.warmMs], mw, 0.5)[0] : s.warmMs, timeMs: squeeze([s.timeMs], mc, 0.5)[0] };
})));
// long-warmup: every warm figure three times as long (the quantity moved).
fs.writeFileSync(path.join(dir, 'perf-lever-long-warmup.json'), JSON.stringify(leverFile('long-warmup', (s) => ({
  ...s, warmMs: typeof s.warmMs === 'number' ? s.warmMs * 3 : s.warmMs }))));
// The old issue-28 lever file, set against another run: not a row any more.
fs.copyFileSync(recorded.file('perf-warm-lever-no-gc'), path.join(dir, 'perf-lever-no-gc.json'));
const load = makeLoader({ dataDir: dir });

test('levers: one row per lever, each against the default of its own run, with the widths recomputed from the samples', () => {
  const t = tableModel('levers', { n: N }, load);
  const levers = require('../../scripts/lib/levers');
  assert.deepEqual(t.rows.map((r) => r.lever), levers.names().map((n) => levers.LEVERS[n].label));
  assert.ok(!t.rows.some((r) => /no-gc|--no-gc/.test(r.lever)), 'the issue-28 file measured against another run has no row');
  const row = t.rows[levers.names().indexOf('warm-gc')];
  const styles = cpuCells().filter((c) => c.variant !== 'floor' && okOf(c, 'warmMs').length);
  const defWarm = stats.median(styles.map((c) => width(okOf(c, 'warmMs'))));
  const leverWarm = stats.median(styles.map((c) => width(squeeze(okOf(c, 'warmMs'), stats.median(okOf(c, 'warmMs')), 0.5))));
  const p = (x) => `±${x < 10 ? x.toFixed(1) : Math.round(x)} %`;
  assert.equal(row.warm, `${p(defWarm)} → ${p(leverWarm)}`);
  assert.ok(leverWarm < defWarm);
  assert.match(row.change, /^warm \+0\.0 %, cold [+−]0\.0 %$/);
  assert.equal(row.verdict, 'kept');
  assert.equal(row.reps, `${cpuCells()[0].samples.length}–${cpuCells()[0].samples.length}`);
  const moved = t.rows[levers.names().indexOf('long-warmup')];
  assert.match(moved.change, /^warm \+200 %/);
  assert.match(moved.verdict, /^not kept: .*moves the warm median of /);
  const missing = t.rows[levers.names().indexOf('main-thread-compile')];
  assert.match(missing.verdict, /not measured yet: npm run bench -- --lever main-thread-compile/);
  assert.match(t.caption, /kept when the lever narrows/);
});

test('goal marks: a figure wider than its goal says so beside it in the cost table; n = 1000 on Node 24 only', () => {
  const far = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-goals41-'));
  try {
    const data = JSON.parse(JSON.stringify(base));
    for (const c of data.cells) { c.n = 1000; c.key = c.key.replace(/\|20$/, '|1000'); }
    fs.writeFileSync(path.join(far, 'perf-node-24.json'), JSON.stringify(rederived(data)));
    const t = tableModel('costPerCall', { n: 1000 }, makeLoader({ dataDir: far }));
    const cells = data.cells.filter((c) => c.mode === 'cpu' && c.variant !== 'floor');
    let marks = 0;
    for (const r of t.rows) {
      const w = width(okOf(cells.find((c) => c.variant === r.name), 'warmMs'));
      const wide = w > goals.GOALS.warm;
      assert.equal(/over goal/.test(r.warm), wide, `${r.name}: warm ±${w} %`);
      if (wide) marks++;
      if (wide) assert.ok(r.warm.includes(`± ${w < 10 ? w.toFixed(1) : Math.round(w)} %`), r.warm);
    }
    assert.ok(marks > 0, 'the fixture has a warm figure wider than ±5 %');
    assert.match(t.caption, /says so beside it/);
    // The same cells at n = 20 are held to no goal: no mark.
    const plain = tableModel('costPerCall', { n: N }, load);
    assert.ok(plain.rows.every((r) => !/goal/.test(r.warm) && !/goal/.test(r.costCi)));
  } finally {
    fs.rmSync(far, { recursive: true, force: true });
  }
});
