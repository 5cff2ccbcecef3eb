// The anchor (scripts/lib/anchor.js, scripts/harness/anchor-run.js): the
// verdict from two ends' samples, and one end measured through an injected
// spawner (a real child run is in test/harness/bench-anchor.test.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { ANCHOR, anchorFigures, compareAnchors, runVerdict } = require('../../scripts/lib/anchor');
const { anchorCells, measureAnchor, anchorRecord, settle } = require('../../scripts/harness/anchor-run');

// Six processes per style around the given cold and warm medians, spread ±2 %.
function end(scale = 1, { drop = null } = {}) {
  const out = [];
  const base = { original: [20, 14], 'async-await': [24, 17] };
  for (let rep = 1; rep <= ANCHOR.procs; rep++) {
    for (const variant of ANCHOR.variants) {
      if (drop === variant && rep > 2) continue;
      const k = scale * (1 + (rep - (ANCHOR.procs + 1) / 2) * 0.008);
      out.push({ variant, rep, status: 'ok', timeMs: base[variant][0] * k, warmMs: base[variant][1] * k });
    }
  }
  return out;
}

test('anchor figures: a median and its distribution-free 95 % interval, per style and metric', () => {
  const f = anchorFigures(end());
  assert.equal(f.original.cold.count, ANCHOR.procs);
  assert.ok(f.original.cold.lo < f.original.cold.median && f.original.cold.median < f.original.cold.hi);
  const six = anchorFigures(end().filter((s) => s.rep <= 6));
  assert.equal(six['async-await'].warm.lo, Math.min(...end().filter((s) => s.variant === 'async-await' && s.rep <= 6).map((s) => s.warmMs)), 'of six, the smallest and the largest');
});

test('two ends of one speed agree; a host 30 % slower at the end disagrees and names what moved', () => {
  assert.deepEqual(compareAnchors(end(), end(1.01)), { verdict: 'agree', apart: [], unchecked: [] });
  const slower = compareAnchors(end(), end(1.3));
  assert.equal(slower.verdict, 'disagree');
  assert.deepEqual(slower.apart.map((a) => `${a.variant} ${a.metric}`).sort(),
    ['async-await cold', 'async-await warm', 'original cold', 'original warm']);
});

test('an end with too few processes for an interval is incomplete, not agreeing', () => {
  assert.equal(compareAnchors(end(), end(1, { drop: 'original' })).verdict, 'incomplete');
  assert.deepEqual(runVerdict({ anchor: { start: { samples: end() }, end: null } }), { verdict: 'incomplete', apart: [], unchecked: [] });
  assert.equal(runVerdict({}), null, 'a run without an anchor has no verdict');
});

test('one end is measured by alternating the two styles, fresh process each, and keeps only the anchor fields', async () => {
  const runtime = { id: 'node-24@24.21.0', path: '/nonexistent', flags: [] };
  const cells = anchorCells(runtime);
  assert.deepEqual(cells.map((c) => [c.variant, c.scenario, c.mode, c.n]), ANCHOR.variants.map((v) => [v, 'upload', 'cpu', 1000]));
  assert.ok(cells.every((c) => c.warmBatches > 0), 'the anchor always has its warm series');
  const calls = [];
  const spawn = async (rt, cell, rep) => {
    calls.push(`${cell.variant}#${rep}`);
    return { rep, status: 'ok', timeMs: 20, warmMs: 14, warmBatchesMs: [1, 2, 3], p50Ms: 3 };
  };
  const meter = { start: () => null, stop: () => ({ steal: 0, other: 0, source: 'test' }) };
  const got = await measureAnchor(runtime, cells, { settings: { seed: 1, gc: true, maxInterference: 15, retries: 0 }, meter, spawn });
  assert.equal(got.samples.length, 2 * ANCHOR.procs);
  assert.deepEqual(calls.slice(0, 4), ['original#1', 'async-await#1', 'original#2', 'async-await#2']);
  assert.equal(got.samples[0].warmBatchesMs, undefined, 'the series stays out of the run record');
  assert.equal(got.samples[1].variant, 'async-await');

  let n = 0;
  const stopped = await measureAnchor(runtime, cells, { settings: { seed: 1, gc: true, maxInterference: 15, retries: 0 }, meter, spawn, stopped: () => ++n > 3 });
  assert.ok(stopped.samples.length < 2 * ANCHOR.procs, 'a stop ends the anchor early');
});

test('settle: the record takes the verdict of its two ends', () => {
  const record = Object.assign(anchorRecord({ id: 'node-24@24.21.0' }), { start: { at: 'a', samples: end() }, end: { at: 'b', samples: end(1.5) } });
  assert.equal(settle(record).verdict, 'disagree');
  assert.equal(record.apart.length, 4);
});

test('warm figures too few for an interval (series that never settled) leave the verdict to the cold figures and are listed as unchecked', () => {
  const unsettled = (samples) => samples.map((s) => (s.variant === 'async-await' && s.rep > 2 ? Object.assign({}, s, { warmMs: null }) : s));
  const got = compareAnchors(end(), unsettled(end(1.01)));
  assert.equal(got.verdict, 'agree');
  assert.deepEqual(got.unchecked, [{ variant: 'async-await', metric: 'warm', counts: [ANCHOR.procs, 2] }]);
  // The cold figures still catch a host that changed speed.
  assert.equal(compareAnchors(end(), unsettled(end(1.3))).verdict, 'disagree');
});
