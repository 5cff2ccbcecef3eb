// The pair figures of one upload-paired process (scripts/harness/paired-figures.js)
// on fixture series, no timing: known series give known pairedCostUs and
// pairedRatio, from the rounds where both series are steady; a series with no
// steady segment, or too few common steady rounds, gives null figures and a
// class saying why.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { pairedFigures } = require('../../scripts/harness/paired-figures');
const { classify } = require('../../scripts/lib/measure/steady-state');

// Small fixed jitter, so each series has a variance and known medians.
const STYLE_JITTER = [0, 0.2, -0.2, 0.1, -0.1];
const CALLBACKS_JITTER = [0.1, -0.1, 0, 0.05, -0.05];
const flat = (length, level, jitter) => Array.from({ length }, (_, i) => level + jitter[i % 5]);

test('flat series: cost = (median style − median callbacks) / n in µs, ratio = median of the rounds\' ratios', () => {
  // Medians 20 and 10 ms; the rounds' ratios are 1.98, 1.9802, 2, 2.0404, 2, whose median over 32 rounds is 2.
  const got = pairedFigures(flat(32, 20, STYLE_JITTER), flat(32, 10, CALLBACKS_JITTER), 1000);
  assert.deepEqual(got, { pairedClass: 'paired', pairedFrom: 0, pairedRounds: 32, pairedCostUs: 10, pairedRatio: 2,
    styleClass: 'flat', callbacksClass: 'flat' });
  assert.equal(pairedFigures(flat(32, 20, STYLE_JITTER), flat(32, 10, CALLBACKS_JITTER), 100).pairedCostUs, 100);
});

test('the pairs start at the later of the two steady starts', () => {
  const style = flat(48, 20, STYLE_JITTER).map((v, i) => (i < 12 ? v + 20 : v));
  const callbacks = flat(48, 10, CALLBACKS_JITTER).map((v, i) => (i < 20 ? v + 10 : v));
  const starts = [classify(style).steady.start, classify(callbacks).steady.start];
  assert.deepEqual(starts, [12, 20]);
  const got = pairedFigures(style, callbacks, 1000);
  assert.equal(got.pairedClass, 'paired');
  assert.equal(got.pairedFrom, 20);
  assert.equal(got.pairedRounds, 28);
  assert.equal(got.pairedCostUs, 10);
  assert.equal(got.pairedRatio, 2);
});

test('no steady state on a side: null figures, the class names the side', () => {
  const rising = flat(40, 20, STYLE_JITTER).map((v, i) => v * (1 + 0.03 * i));
  const callbacks = flat(40, 10, CALLBACKS_JITTER);
  const got = pairedFigures(rising, callbacks, 1000);
  assert.deepEqual([got.pairedClass, got.pairedCostUs, got.pairedRatio, got.pairedFrom], ['style-unsteady', null, null, null]);
  assert.equal(pairedFigures(callbacks, rising, 1000).pairedClass, 'callbacks-unsteady');
  assert.equal(pairedFigures(rising, rising, 1000).pairedClass, 'both-unsteady');
  assert.equal(pairedFigures([], [], 1000).pairedClass, 'both-unsteady');
});

test('fewer common steady rounds than minSteady (an outlier in the overlap): short-overlap, null figures', () => {
  const style = flat(40, 20, STYLE_JITTER).map((v, i) => (i < 24 ? v + 20 : v));
  const callbacks = flat(40, 10, CALLBACKS_JITTER);
  callbacks[30] = 30;
  const got = pairedFigures(style, callbacks, 1000);
  assert.deepEqual([got.pairedClass, got.pairedRounds, got.pairedCostUs, got.pairedRatio], ['short-overlap', 15, null, null]);
});

test('series of different lengths or a bad n are refused', () => {
  assert.throws(() => pairedFigures([1, 2], [1], 10), /same length/);
  assert.throws(() => pairedFigures([1], [1], 0), /n must be a positive integer/);
});

test('an upload-paired cell summarizes pairedCost and pairedRatio with distribution-free 95 % intervals', () => {
  const { summarizeCell } = require('../../scripts/harness/datafile');
  const costs = [3, 1, 4, 1.5, 5, 9, 2, 6];
  const samples = costs.map((c, i) => ({ rep: i + 1, run: 'r', status: 'ok', timeMs: 10, pairedCostUs: c, pairedRatio: 1 + c / 10 }));
  samples.push({ rep: 9, run: 'r', status: 'ok', timeMs: 10, pairedCostUs: null, pairedRatio: null, pairedClass: 'style-unsteady' });
  const cell = summarizeCell({ scenario: 'upload-paired', status: 'ok', samples });
  assert.equal(cell.pairedCost.count, 8, 'null figures are left out');
  assert.equal(cell.pairedCost.median, 3.5);
  // 8 samples: ranks 1 and 8 (coverage 99.2 %; ranks 2 and 7 cover 93 %).
  assert.deepEqual([cell.pairedCostCi.lo, cell.pairedCostCi.hi, cell.pairedCostCi.targetPct], [1, 9, 15]);
  assert.deepEqual([cell.pairedRatio.median, cell.pairedRatioCi.lo, cell.pairedRatioCi.hi], [1.35, 1.1, 1.9]);
  const upload = summarizeCell({ scenario: 'upload', status: 'ok', samples: samples.slice(0, 8) });
  assert.equal(upload.pairedCost, undefined, 'only the scenario that declares them gets them');
});

test('the harness derives a sample\'s pair figures from its two raw series when it summarizes the cell', () => {
  const { summarizeCell } = require('../../scripts/harness/datafile');
  const sample = { rep: 1, run: 'r', status: 'ok', timeMs: 30,
    pairedStyleBatchesMs: flat(32, 20, STYLE_JITTER), pairedCallbacksBatchesMs: flat(32, 10, CALLBACKS_JITTER) };
  const cell = summarizeCell({ scenario: 'upload-paired', status: 'ok', n: 1000, samples: [sample] });
  assert.deepEqual([sample.pairedClass, sample.pairedFrom, sample.pairedRounds, sample.pairedCostUs, sample.pairedRatio],
    ['paired', 0, 32, 10, 2]);
  assert.equal(cell.pairedCost.median, 10);
});
