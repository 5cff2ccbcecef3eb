// Costs above the empirical floor: for each cell group (runtime, scenario,
// mode, n) that holds a measured floor cell (plan.js FLOOR), each other ok
// cell gets an `aboveFloor` block: its median time less the floor's, that
// cost relative to the callback baseline's, and the plain ratio to the
// baseline beside them, with 95 % bootstrap intervals (stats.js). A group
// without a floor cell (data from before the floor existed) gets no block:
// the figures are absent, never guessed. Recomputed from the samples before
// every save (datafile.js), so resumed and merged runs stay consistent.
'use strict';
const { BASELINE } = require('../lib/manifest');
const { FLOOR } = require('./plan');
const { costAboveFloor, ratioAboveFloor, median, round } = require('../lib/stats');

function okTimes(cell) {
  if (!cell || cell.status !== 'ok') return [];
  return cell.samples.filter((s) => s.status === 'ok' && typeof s.timeMs === 'number').map((s) => s.timeMs);
}

const groupKey = (c) => `${c.runtime}|${c.scenario}|${c.mode}|${c.n}`;
// + 0: a cost that rounds to zero is 0, not -0.
const r = (x, digits) => (x === null ? null : round(x, digits) + 0);
const pair = (ci, digits) => (ci ? [r(ci[0], digits), r(ci[1], digits)] : null);

// Bootstraps cost a few ms each and a run saves after every job: figures are
// remembered by their inputs, so a save recomputes only what changed.
const memo = new Map();
const MEMO_LIMIT = 20000;

function figures(times, base, floor) {
  const key = JSON.stringify([times, base === times ? 'self' : base, floor]);
  if (memo.has(key)) return memo.get(key);
  const cost = costAboveFloor(times, floor);
  const ratio = base.length ? ratioAboveFloor(times, base, floor) : { value: null, ci95: null };
  const block = {
    floorMs: r(median(floor)),
    costMs: r(cost.value),
    costCi95: pair(cost.ci95, 3),
    ratio: r(ratio.value, 4),
    ratioCi95: pair(ratio.ci95, 4),
    plainRatio: base.length ? r(median(times) / median(base), 4) : null
  };
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, block);
  return block;
}

// Sets (or removes) `aboveFloor` on every cell of `cells`, in place.
function deriveAboveFloor(cells) {
  const groups = new Map();
  for (const c of cells) {
    const g = groupKey(c);
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(c);
  }
  for (const group of groups.values()) {
    const floorCell = group.find((c) => c.variant === FLOOR.id);
    const baseCell = group.find((c) => c.variant === BASELINE);
    const floor = okTimes(floorCell);
    const base = okTimes(baseCell);
    for (const c of group) {
      delete c.aboveFloor;
      if (c === floorCell || !floor.length) continue;
      const times = okTimes(c);
      if (!times.length) continue;
      c.aboveFloor = Object.assign({}, figures(times, c === baseCell ? times : base, floor));
    }
  }
  return cells;
}

module.exports = { deriveAboveFloor };
