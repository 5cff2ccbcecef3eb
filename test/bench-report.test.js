// scripts/lib/bench-report.js on synthetic cells with known answers.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { growth, ratioRows } = require('../scripts/lib/bench-report');

function cell(variant, n, median, extra = {}) {
  return { runtime: 'r', scenario: 'upload', mode: 'cpu', variant, n, status: 'ok', ioFloorMs: 8, noisy: false,
    time: { median, count: 5 }, memory: { median: median / 10, count: 5 }, ...extra };
}

test('growth: the log-log slope above the I/O floor is 1 for linear cost and 2 for quadratic', () => {
  const ns = [1000, 2000, 5000, 10000];
  const data = { cells: [...ns.map((n) => cell('lin', n, 8 + n / 100)), ...ns.map((n) => cell('quad', n, 8 + (n / 1000) ** 2))] };
  const table = growth(data);
  assert.match(table, /\| lin \| 1000–10000 \| 18\.0 \| 108\.0 \| 10\.8 \| 1\.00 \|/);
  assert.match(table, /\| quad \| 1000–10000 \| 9\.0 \| 108\.0 \| 10\.8 \| 2\.00 \|/);
});

test('ratioRows: ours and 2013 ratios to the callback baseline, matched through article2013', () => {
  const data = { cells: [cell('original', 1000, 40), cell('promises-q', 1000, 200), cell('not-in-2013', 1000, 10)] };
  const reference = { cpuBound: { series: [
    { label: 'original.js', points: [{ n: 1000, value: 43 }] },
    { label: 'promiseishQ.js', points: [{ n: 1000, value: 1145 }] }
  ] } };
  const manifest = { variants: [
    { id: 'original', article2013: 'original.js' },
    { id: 'promises-q', article2013: 'promiseishQ.js' },
    { id: 'not-in-2013', article2013: null }
  ] };
  const rows = ratioRows(data, reference, manifest, { runtime: 'r', mode: 'cpu', n: 1000, measure: 'time' });
  assert.deepEqual(rows.map((r) => r.id), ['original', 'promises-q']);
  assert.equal(rows[1].ours, 5);
  assert.ok(Math.abs(rows[1].ref - 1145 / 43) < 1e-9);
});
