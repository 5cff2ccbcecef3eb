'use strict';
// A style's cost per call is two seeded bootstraps (scripts/lib/cost-per-call.js),
// and one build asked for each pair of cells four times (the table, the
// prose, the browser's chart and its settings): about a second of every
// build (issue 39). The rows of the same loaded cells now share each pair's
// figures, which are still the figures a new computation gives.
const test = require('node:test');
const assert = require('node:assert/strict');
const { costRows } = require('../../site/models/cost');
const { cellCostPerCall } = require('../../scripts/lib/cost-per-call');

// A group of cells as a perf@1 file has them: the baseline, a style, the floor.
function cells() {
  const cell = (variant, times) => ({
    variant, n: 1000, warm: { median: times[3], count: times.length },
    samples: times.map((warmMs) => ({ status: 'ok', warmMs })),
  });
  return [
    cell('original', [10, 11, 12, 12.5, 13, 14, 15]),
    cell('promises-native', [13, 14, 15, 15.5, 16, 17, 19]),
    cell('floor', [1, 1, 1, 1, 1, 1, 1]),
  ];
}

// The file they were loaded from (costRows checks its cells share one host).
const HIT = { data: { runs: {} }, shown: 'fixture perf-node-24.json' };

test('the rows of the same cells share each pair\'s cost; new cells get it worked out again, to the same figures', () => {
  const group = cells();
  const [a, b] = [costRows(HIT, group), costRows(HIT, group)];
  const cost = (rows) => rows.find((r) => r.cell.variant === 'promises-native').cost;
  assert.equal(cost(a), cost(b), 'asked twice, worked out once');
  assert.deepEqual(cost(a), cellCostPerCall(group[1], group[0]), 'the figures a computation gives');
  const fresh = costRows(HIT, cells()); // a rebuild loads new cell objects
  assert.notEqual(cost(fresh), cost(a));
  assert.deepEqual(cost(fresh), cost(a));
  assert.ok(cost(a).costCi95Us, 'the bootstrap ran (enough samples for an interval)');
});
