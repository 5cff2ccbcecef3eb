// Costs above the floor workload from warm figures (issue 28): the floor is a
// lower bound warm, not cold (scripts/lib/floor-basis.js), and a warm floor
// that comes out above a style fails the data check that publishing feeds on
// (site/derived-figures.js). Synthetic cells: nothing here is timed.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { deriveAboveFloor } = require('../scripts/harness/above-floor');
const { summarizeCell } = require('../scripts/harness/datafile');
const { derivedFigureProblems } = require('../site/derived-figures');
const { floorBasis } = require('../scripts/lib/floor-basis');
const stats = require('../scripts/lib/stats');

// A cpu cell of upload at n = 100 with cold times and, when given, warm ones.
function cell(variant, times, warm = null) {
  const c = {
    key: `rt|upload|cpu|${variant}|100`, runtime: 'rt', scenario: 'upload', mode: 'cpu', variant, n: 100, status: 'ok',
    samples: times.map((timeMs, i) => Object.assign({ rep: i + 1, status: 'ok', timeMs },
      warm ? { warmMs: warm[i], warmBatchesMs: [warm[i], warm[i]], warmSteady: warm[i] !== null } : {}))
  };
  return summarizeCell(c);
}

const file = (cells) => ({ cells: deriveAboveFloor(cells) });

test('a floor with warm figures: every cost comes from warm medians and says so', () => {
  // Cold, the floor (50) is above callbacks (45); warm it is below every style.
  const floor = cell('floor', [50, 51, 52], [10, 10.5, 11]);
  const base = cell('original', [45, 46, 47], [14, 14.5, 15]);
  const other = cell('async-await', [60, 61, 62], [20, 20.5, 21]);
  const coldOnly = cell('promises-native', [55, 56, 57]);
  deriveAboveFloor([floor, base, other, coldOnly]);
  assert.equal(other.aboveFloor.basis, 'warm');
  assert.equal(other.aboveFloor.floorMs, 10.5);
  assert.equal(other.aboveFloor.costMs, 10);
  assert.equal(other.aboveFloor.ratio, stats.round(10 / 4, 4));
  assert.equal(other.aboveFloor.plainRatio, stats.round(20.5 / 14.5, 4));
  assert.equal(base.aboveFloor.costMs, 4);
  assert.equal(coldOnly.aboveFloor, undefined, 'a style without warm figures gets no cold cost beside warm ones');
  assert.equal(floorBasis(floor).basis, 'warm');
});

test('a group without warm figures keeps cold costs, without a basis field (files from before)', () => {
  const floor = cell('floor', [30, 31, 32]);
  const other = cell('async-await', [40, 41, 42]);
  deriveAboveFloor([floor, other]);
  assert.equal(other.aboveFloor.costMs, 10);
  assert.equal('basis' in other.aboveFloor, false);
});

test('the data check: consistent warm costs pass, a warm floor above a style fails naming both', () => {
  const ok = file([cell('floor', [50, 51, 52], [10, 10.5, 11]), cell('original', [45, 46, 47], [14, 14.5, 15])]);
  assert.deepEqual(derivedFigureProblems(ok, 'cells'), []);

  const above = file([cell('floor', [50, 51, 52], [16, 16.5, 17]), cell('original', [45, 46, 47], [14, 14.5, 15])]);
  const problems = derivedFigureProblems(above, 'cells');
  assert.equal(problems.length, 1, JSON.stringify(problems));
  assert.deepEqual(problems[0].parts, ['cells', 1, 'aboveFloor', 'costMs']);
  assert.match(problems[0].message, /is negative: the floor workload's warm median \(16\.5 ms\) is above original's \(14\.5 ms\), so the floor is no lower bound in rt upload\/cpu n=100/);
});

test('the data check: a cold block in a group whose floor has warm figures is refused at its basis', () => {
  const data = file([cell('floor', [50, 51, 52], [10, 10.5, 11]), cell('original', [45, 46, 47], [14, 14.5, 15])]);
  delete data.cells[1].aboveFloor.basis;
  const problems = derivedFigureProblems(data, 'cells');
  assert.deepEqual(problems.map((p) => p.parts.join('.')), ['cells.1.aboveFloor.basis']);
  assert.match(problems[0].message, /is absent \(cold\), but the group's floor cell has warm figures/);
});
