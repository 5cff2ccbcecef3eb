// A run records its floor (scripts/harness/run-floor.js): every job's I/O
// floor plus its runtime's start, rerun attempts included, so the closing
// figure "wall time against its floor" comes from the data file itself.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { runFloor, floorLine } = require('../../scripts/harness/run-floor');
const { tempOut, runBench, readData } = require('../fixtures/bench/helpers');
const { validate } = require('../../scripts/harness/datafile');

function data() {
  return {
    runs: {
      a: { runtimes: { 'node-x': { startMs: 40 }, 'bun-y': { startMs: 5 } } },
      b: { runtimes: { 'node-x': { startMs: 40 } } },
      old: { runtimes: { 'node-x': {} } }
    },
    cells: [
      { runtime: 'node-x', ioFloorMs: 100, samples: [{ run: 'a', rep: 1 }, { run: 'a', rep: 2, retries: [{}, {}] }, { run: 'b', rep: 3 }] },
      { runtime: 'bun-y', ioFloorMs: 10, samples: [{ run: 'a', rep: 1 }] },
      { runtime: 'node-x', samples: [{ run: 'old', rep: 1 }] }
    ]
  };
}

test('the floor counts each sample and each rerun attempt of the run, with its own runtime start', () => {
  // run a: node-x 1 + 3 attempts × (100 + 40), bun-y 1 × (10 + 5)
  assert.deepEqual(runFloor(data(), 'a'), { floorMs: 4 * 140 + 15, jobs: 5 });
  assert.deepEqual(runFloor(data(), 'b'), { floorMs: 140, jobs: 1 });
});

test('a run whose runtime has no recorded start has no floor, never a guessed one', () => {
  assert.equal(runFloor(data(), 'old'), null);
  assert.equal(runFloor(data(), 'missing'), null);
  assert.equal(floorLine(1000, null), null);
});

test('the closing line gives wall, floor and their ratio', () => {
  assert.equal(floorLine(3000, { floorMs: 1500, jobs: 7 }),
    'wall time 3 s against a floor of 2 s (2.00×): the I/O floors and runtime starts of 7 jobs');
});

test('no ratio from a wall time that cannot be one (issue 25: "-7188 s against a floor of 9 s (-780.59×)")', () => {
  assert.equal(floorLine(-7188488, { floorMs: 9210, jobs: 12 }), null);
  assert.equal(floorLine(NaN, { floorMs: 9210, jobs: 12 }), null);
  assert.equal(floorLine(3000, { floorMs: 0, jobs: 12 }), null);
});

test('a real run records each runtime start and its floor, and prints them', async (t) => {
  const out = tempOut(t);
  const r = await runBench(['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--reps', '2', '--n', '5,6', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const d = readData(out);
  assert.deepEqual(validate(d), []);
  const [runId] = Object.keys(d.runs);
  const run = d.runs[runId];
  for (const rt of Object.values(run.runtimes)) assert.ok(rt.startMs > 0, `${rt.id}: a start time from its probe`);
  const floor = runFloor(d, runId);
  assert.equal(floor.jobs, 8, 'two cells (the variant and the floor workload) at two n, two repetitions each');
  assert.equal(run.floorMs, floor.floorMs);
  assert.match(r.stdout, /wall time \d+ s against a floor of \d+ s \(\d+\.\d\d×\): the I\/O floors and runtime starts of 8 jobs/);
});
