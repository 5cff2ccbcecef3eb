'use strict';
// site/models/growth.js: the exponent k of t ∝ n^k over the scale sweep,
// fitted on log–log axes with a bootstrap interval, on constructed samples
// whose growth is known.
const test = require('node:test');
const assert = require('node:assert/strict');
const { fitGrowth, slope, reading } = require('../../site/models/growth');
const { tableModel, PROSE } = require('../../site/models');

const NS = [1000, 2000, 5000, 10000, 20000, 50000];
// Samples around c·n^k with a spread of ±2 % (deterministic, no timing).
const around = (v) => [0.98, 0.99, 1, 1.01, 1.02, 1].map((f) => v * f);
const points = (k, c = 0.03) => NS.map((n) => ({ n, samples: around(c * n ** k) }));

test('slope of a line, and k of exact power laws', () => {
  assert.equal(slope([0, 1, 2], [1, 3, 5]), 2);
  assert.equal(slope([1, 1], [2, 3]), null, 'no spread in x: no slope');
  for (const k of [1, 1.5, 2, 0.8]) {
    const fit = fitGrowth(points(k));
    assert.ok(Math.abs(fit.k - k) < 1e-9, `k ${fit.k} for ${k}`);
    assert.ok(fit.ci[0] <= k && k <= fit.ci[1], `${k} inside [${fit.ci}]`);
  }
});

test('the interval decides the reading: linear, faster or slower than linear', () => {
  assert.equal(reading(fitGrowth(points(1))), 'linear within the interval');
  assert.equal(reading(fitGrowth(points(1.3))), 'faster than linear');
  assert.equal(reading(fitGrowth(points(0.7))), 'slower than linear');
});

test('fewer than three sizes, or a size with no samples: no fit from it', () => {
  assert.equal(fitGrowth(points(1).slice(0, 2)), null);
  const gaps = points(1).map((p, i) => (i < 4 ? { ...p, samples: [] } : p));
  assert.equal(fitGrowth(gaps), null);
});

test('the growth table and prose read data/perf-sweep.json through the loader', () => {
  const cell = (variant, n, k) => ({
    key: `node-24@24.21.0|upload|cpu|${variant}|${n}`, runtime: 'node-24@24.21.0', scenario: 'upload', mode: 'cpu', variant, n, status: 'ok', run: 'r',
    time: { median: 0.03 * n ** k }, samples: around(0.03 * n ** k).map((timeMs) => ({ status: 'ok', timeMs })),
  });
  const data = { runs: { r: { runtimes: { 'node-24@24.21.0': { name: 'node', version: '24.21.0' } } } },
    cells: NS.flatMap((n) => [cell('original', n, 1), cell('fibrous', n, 1.4)]) };
  const load = (name) => {
    if (name !== 'perf-sweep') throw new Error(`unexpected ${name}`);
    return { shown: 'data/perf-sweep.json', data };
  };
  const t = tableModel('growth', {}, load);
  assert.deepEqual(t.rows.map((r) => [r.name, r.k, r.reading]), [['fibrous', '1.40', 'faster than linear'], ['original', '1.00', 'linear within the interval']]);
  assert.match(t.rows[0].ns, /^1,000–50,000 \(6 sizes\)$/);
  assert.match(PROSE.growth(load, ['fibrous'], {}), /^k\u00a0=\u00a01\.40 \(95\u00a0% interval 1\.\d\d–1\.\d\d\)$/);
  assert.match(PROSE.growth(load, ['fibrous'], { reading: true }), /\): faster than linear$/);
  assert.match(PROSE.growth(load, ['original'], { reading: true }), /\): linear within the interval$/);
  assert.match(PROSE.growth(load, ['fibrous'], { against: 'original' }), /\), steeper than original’s k\u00a0=\u00a01\.00 \(/);
  assert.match(PROSE.growth(load, ['original'], { against: 'fibrous' }), /less steep than fibrous’s/);
  assert.throws(() => PROSE.growth(load, ['rx'], {}), /no fit for "rx"/);
  assert.throws(() => PROSE.growth(load, ['fibrous'], { against: 'rx' }), /no fit for "rx"/);
});

test('growth: overlapping intervals are not told apart; the sweep’s limit names the first size a style did not finish', () => {
  const run = { runtimes: { 'node-14@14.21.3': { name: 'node', version: '14.21.3' } } };
  const cell = (variant, n, k, status = 'ok') => ({
    key: `node-14@14.21.3|upload|cpu|${variant}|${n}`, runtime: 'node-14@14.21.3', scenario: 'upload', mode: 'cpu', variant, n, status, run: 'r',
    time: status === 'ok' ? { median: 0.03 * n ** k } : undefined,
    samples: status === 'ok' ? around(0.03 * n ** k).map((timeMs) => ({ status: 'ok', timeMs })) : [{ status, error: 'out of memory at n=50000' }],
  });
  const data = { runs: { r: run }, cells: [
    ...NS.map((n) => cell('async-await', n, 1.16)),
    ...NS.map((n) => (n === 50000 ? cell('fibrous', n, 1.16, 'oom') : cell('fibrous', n, 1.16))),
  ] };
  const load = () => ({ shown: 'data/perf-sweep.json', data });
  assert.match(PROSE.growth(load, ['fibrous'], { against: 'async-await' }), /not told apart from async-await’s/);
  assert.equal(PROSE.growthLimit(load, ['fibrous'], {}), 'finished every size up to n\u00a0=\u00a020,000 and ran out of memory at n\u00a0=\u00a050,000');
  assert.equal(PROSE.growthLimit(load, ['async-await'], {}), 'finished every size up to n\u00a0=\u00a050,000');
  assert.throws(() => PROSE.growthLimit(load, ['rx'], {}), /no cells of "rx"/);
});
