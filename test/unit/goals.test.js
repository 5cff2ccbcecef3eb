'use strict';
// The goals of issue 41, item 5 (scripts/lib/goals.js), on fixture figures:
// met or missed per goal, the cost's "±1 µs or ±15 % of itself, whichever is
// larger", the share of styles, and the mark a page sets beside a miss.
const test = require('node:test');
const assert = require('node:assert/strict');
const goals = require('../../scripts/lib/goals');

test('warm and cold: within ±5 % of the median is met, wider is missed, no interval is neither', () => {
  assert.equal(goals.pctMet(5, goals.GOALS.warm), true);
  assert.equal(goals.pctMet(5.01, goals.GOALS.warm), false);
  assert.equal(goals.pctMet(4.8, goals.GOALS.cold), true);
  assert.equal(goals.pctMet(null, goals.GOALS.cold), null);
});

test('cost per call: ±1 µs or ±15 % of the cost, whichever is larger', () => {
  // A small cost: 1 µs is the larger allowance.
  assert.equal(goals.costMet(2, 0.9), true);
  assert.equal(goals.costMet(2, 1.1), false);
  assert.equal(goals.costMet(-2, 1.0), true, 'a negative cost: 15 % of its size');
  // A large cost: 15 % of it is larger than 1 µs.
  assert.equal(goals.costMet(20, 2.9), true);
  assert.equal(goals.costMet(20, 3.1), false);
  assert.equal(goals.costAllowanceUs(20), 3);
  assert.equal(goals.costAllowanceUs(4), 1);
  assert.equal(goals.costMet(20, null), null);
  assert.equal(goals.halfWidthOf(10, [8, 13]), 3, 'the larger side');
});

test('the share of styles: >= 90 % meeting a goal reaches it; a style without an interval does not count as met', () => {
  assert.equal(goals.shareMet([true, true, true, true, true, true, true, true, true, false]).reached, true);
  assert.equal(goals.shareMet([true, true, true, true, true, true, true, true, null, false]).reached, false);
  assert.equal(goals.shareMet([]).reached, false);
});

test('the mark beside a missed figure; none beside one that meets its goal', () => {
  assert.equal(goals.missMark('warm', { halfWidthPct: 8 }), '± 8.0 %, over goal');
  assert.equal(goals.missMark('cold', { halfWidthPct: 4 }), '');
  assert.equal(goals.missMark('cost', { costUs: 20, halfWidthUs: 4 }), '± 4.0 µs, over goal');
  assert.equal(goals.missMark('cost', { costUs: 2, halfWidthUs: 0.5 }), '');
  assert.deepEqual(goals.heldTo({ runtime: 'node-0.11@0.11.14', scenario: 'upload', mode: 'cpu', n: 1000 }), ['cold'], 'Node 0.11: cold only');
  assert.deepEqual(goals.heldTo({ runtime: 'node-24', scenario: 'upload', mode: 'cpu', n: 1000 }), ['cold', 'warm', 'cost']);
  assert.deepEqual(goals.heldTo({ runtime: 'node-24', scenario: 'upload', mode: 'io', n: 1000 }), [], 'the goals are about CPU-bound figures');
});
