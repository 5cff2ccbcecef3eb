'use strict';
// The plotter's pure half, assets/js/chart-axis.js: what each axis shows,
// its ticks, the value-to-pixel map, log gaps and the nearest point to the
// pointer. The drawing half (chart-plot.js) needs a canvas and is covered by
// the browser tests (test/browser/charts.test.js and the others).
const test = require('node:test');
const assert = require('node:assert/strict');
const A = require('../assets/js/chart-axis');
const format = require('../assets/js/chart-format');

const values = (axis) => axis.ticks.map((t) => t.v);
const labels = (axis) => axis.ticks.map((t) => t.label);

test('linear ticks: 1-2-5 steps, the axis tops out at a tick, and labels without float noise', () => {
  const y = A.build({ zero: true }, [12, 137], 320, 48);
  assert.equal(y.min, 0);
  assert.equal(y.max, 140);
  assert.deepEqual(labels(y), ['0', '20', '40', '60', '80', '100', '120', '140']);
  assert.deepEqual(A.linearTicks(0, 0.3, 0.1).map((t) => t[0]), [0, 0.1, 0.2, 0.3]);
  assert.deepEqual(A.linearTicks(0, 0.3, 0.1).map((t) => t[1]), ['0.0', '0.1', '0.2', '0.3']);
  assert.deepEqual([0.37, 3.7, 37000].map((span) => A.niceStep(span, 6)), [0.05, 0.5, 5000]);
  assert.equal(A.niceStep(150, 6), 25);
  assert.equal(A.niceStep(15, 6, true), 2, 'no 2.5 on a whole-number axis');
  assert.deepEqual(A.linearTicks(0, 7.5, 2.5).map((t) => t[1]), ['0.0', '2.5', '5.0', '7.5']);
  // Fewer pixels, fewer ticks.
  assert.ok(A.build({ zero: true }, [0, 137], 160, 48).ticks.length < y.ticks.length);
  // Values below zero (the 2013 memory chart) take the axis below zero, to a tick.
  const below = A.build({ zero: true }, [-0.8, 62], 320, 56);
  assert.ok(below.min < -0.8 && below.min > -20, `min ${below.min}`);
  assert.equal(below.ticks[0].v, below.min);
});

test('linear x over n: a margin around the data, whole-number ticks only', () => {
  const x = A.build({ integer: true, margin: 0.03 }, [1, 4], 300, 80);
  assert.ok(x.min < 1 && x.max > 4, `${x.min}..${x.max}`);
  assert.ok(values(x).length >= 2);
  assert.ok(values(x).every(Number.isInteger), `ticks ${values(x)}`);
  const given = A.build({ margin: 0.03, ticks: [[100, '100'], [2000, '2000']] }, [100, 2000], 600, 80);
  assert.deepEqual(labels(given), ['100', '2000']);
  assert.ok(given.min < 100 && given.max > 2000);
});

test('log ticks: 1-2-5 (sparser over many decades), from at or below the data to at or above it', () => {
  assert.deepEqual(A.logTicks(12, 350), [10, 20, 50, 100, 200, 500]);
  assert.deepEqual(A.logTicks(0.012, 0.3), [0.01, 0.02, 0.05, 0.1, 0.2, 0.5]);
  assert.deepEqual(A.logTicks(1, 20000), [1, 3, 10, 30, 100, 300, 1000, 3000, 10000, 30000]);
  assert.deepEqual(A.logTicks(5, 5e7), [1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000]);
  const y = A.build({ mode: 'log', format: format.plainNumber }, [12, 350], 320, 48);
  assert.equal(y.min, 10, 'the axis starts at the tick below the data, never at 0');
  assert.equal(y.max, 500);
  assert.deepEqual(labels(y), ['10', '20', '50', '100', '200', '500']);
  // A fixed range (the log x axis over n) keeps only the ticks inside it.
  const x = A.build({ mode: 'log', min: 1000 / 1.12, max: 50000 * 1.12, format: format.thousands }, [1000, 50000], 600, 80);
  assert.deepEqual(labels(x), ['1k', '2k', '5k', '10k', '20k', '50k']);
});

test('category axis: one tick per label, two-line labels kept, and a single-n axis with one centred tick', () => {
  const cats = A.build({ mode: 'category', min: -0.4, max: 2.6, ticks: [[0, 'node 0.11'], [1, 'node\n24'], [2, 'bun']] }, [0, 2], 300, 80);
  assert.equal(cats.mode, 'category');
  assert.deepEqual(cats.ticks, [{ v: 0, label: 'node 0.11' }, { v: 1, label: 'node\n24' }, { v: 2, label: 'bun' }]);
  const one = A.scale(A.build({ min: 500, max: 1500, ticks: [[1000, '1k']] }, [1000, 1000], 400, 80), 400, false);
  assert.deepEqual(labels(one), ['1k']);
  assert.equal(one.p2c(1000), 200);
});

test('the y range holds both ends of every error bar; on a log axis only positive values count', () => {
  const series = [{ data: [[1, 10, 8, 15], [2, 20, 5, 30], [3, null, null, null]] }];
  assert.deepEqual(A.yExtent(series, false), [5, 30]);
  assert.ok(A.build({ zero: true }, A.yExtent(series, false), 320, 48).max >= 30);
  assert.deepEqual(A.yExtent([{ data: [[1, 10, -1, 12], [2, 0, null, null]] }], true), [10, 12]);
  assert.equal(A.yExtent([{ data: [[1, null, null, null]] }], false), null);
});

test('log gaps: a median at or below zero is a gap on a log axis, and the input is left alone', () => {
  const data = [[1, 0, null, null], [2, -3, -4, -2], [3, 5, 4, 6]];
  assert.deepEqual(A.logGaps(data).map((p) => p[1]), [null, null, 5]);
  assert.equal(data[0][1], 0);
});

test('scales: values to pixels and back, y flipped, log by ratio', () => {
  const y = A.scale({ mode: 'linear', min: 0, max: 100, ticks: [] }, 200, true);
  assert.equal(y.p2c(0), 200);
  assert.equal(y.p2c(100), 0);
  assert.equal(y.c2p(50), 75);
  const x = A.scale({ mode: 'log', min: 100, max: 10000, ticks: [] }, 400, false);
  assert.ok(Math.abs(x.p2c(1000) - 200) < 1e-9);
  assert.ok(Math.abs(x.p2c(2000) - x.p2c(1000) - (x.p2c(200) - x.p2c(100))) < 1e-9, 'doubling is the same distance anywhere');
  assert.ok(Math.abs(x.c2p(300) - 3162.28) < 0.01);
  assert.equal(x.p2c(0), -Infinity);
});

test('nearest point: within the radius only, gaps skipped, the later series on a tie', () => {
  const series = [
    { data: [[0, 0], [10, 10], [20, null]] },
    { data: [[10, 10], [30, 0]] },
  ];
  const xy = (p) => [p[0], p[1]];
  assert.deepEqual(A.nearest(series, xy, 11, 11, 5), { seriesIndex: 1, dataIndex: 0, dist: Math.SQRT2 });
  assert.deepEqual(A.nearest(series, xy, 1, 0, 5), { seriesIndex: 0, dataIndex: 0, dist: 1 });
  assert.equal(A.nearest(series, xy, 20, 0, 5), null, 'a gap is not a point');
  assert.equal(A.nearest(series, xy, 50, 50, 12), null);
});
