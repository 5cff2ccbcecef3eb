'use strict';
// What a reader's finished run can rank (assets/js/runner/verdict.js), from
// fixture rows: a pair is ranked when the 95 % intervals of the two warm
// medians are apart, not told apart when they overlap, and a style without
// an interval (or that failed its check) is ranked against none, with why.
// Every pair of the run is accounted for once.
const test = require('node:test');
const assert = require('node:assert/strict');
const { verdict } = require('../../assets/js/runner/verdict');
const { rows } = require('../../assets/js/runner/figures');

const rep = (warmMs) => ({ status: 'ok', timeMs: warmMs * 1.5, warmMs });
const style = (id, warms, status = 'done') => ({ id, title: `Title of ${id}`, status, problems: [], hiddenReruns: 0, samples: warms.map(rep) });
const spread = (base) => [0, 1, 2, 3, 4, 5].map((i) => base + i);

const run = {
  settings: { n: 1000, warmBatches: 24 },
  styles: [
    style('original', spread(100)), // 100–105
    style('async-await', spread(103)), // 103–108: overlaps original
    style('promises-q', spread(200)), // apart from both
    style('few', [150, 151, 152, 153]), // 4 steady: no interval
    style('broken', [], 'failed'),
  ],
};

test('pairs whose intervals are apart are ranked, faster first; overlapping ones are not told apart', () => {
  const v = verdict(rows(run, 'original'), 6);
  assert.deepEqual(v.apart.map((p) => [p.faster.id, p.slower.id]), [['original', 'promises-q'], ['async-await', 'promises-q']]);
  assert.ok(v.apart.every((p) => p.ratio > 1));
  assert.deepEqual(v.overlap.map((p) => [p.a.id, p.b.id]), [['original', 'async-await']]);
});

test('a style without an interval, or that failed its check, is ranked against none, with why', () => {
  const v = verdict(rows(run, 'original'), 6);
  assert.deepEqual(v.unranked.map((u) => [u.row.id, u.why]), [
    ['few', '4 steady repetitions of the 6 an interval needs'],
    ['broken', 'failed its conformance check'],
  ]);
});

test('every pair of the run is accounted for', () => {
  const v = verdict(rows(run, 'original'), 6);
  assert.equal(v.pairs, 10);
  const ranked = v.styles - v.unranked.length;
  assert.equal(v.apart.length + v.overlap.length, ranked * (ranked - 1) / 2);
});

test('a slower style listed first is still named second', () => {
  const flipped = { settings: run.settings, styles: [style('promises-q', spread(200)), style('original', spread(100))] };
  const v = verdict(rows(flipped, 'original'), 6);
  assert.deepEqual(v.apart.map((p) => [p.faster.id, p.slower.id]), [['original', 'promises-q']]);
});
