// The dry run's estimate from past samples (scripts/harness/estimate.js):
// a job takes the median wall time of its own cell's samples, else of the
// same style at the same scenario, mode and n on another runtime, else the
// rough weight; the CLI prints it beside the rough figure.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { pastEstimate } = require('../../scripts/harness/estimate');
const { weight } = require('../../scripts/harness/progress');
const { tempOut, runBench } = require('../fixtures/bench/helpers');

const cell = (runtime, variant, extra = {}) => Object.assign({
  key: `${runtime}|upload|cpu|${variant}|1000`, runtime, scenario: 'upload', mode: 'cpu', variant, n: 1000, ioFloorMs: 100
}, extra);

test('a job takes its own cell\'s median wall time, else the same style\'s on another runtime, else the rough weight', () => {
  const data = { cells: [
    Object.assign(cell('node-a', 'co'), { samples: [{ wallMs: 300 }, { wallMs: 500 }, { wallMs: 400 }] }),
    Object.assign(cell('node-b', 'co'), { samples: [{ wallMs: 900 }] }),
    Object.assign(cell('node-b', 'q'), { samples: [{ wallMs: 700 }, { status: 'crash' }] })
  ] };
  const jobs = [
    { cell: cell('node-a', 'co'), rep: 1 }, // own cell: 400
    { cell: cell('node-c', 'co'), rep: 1 }, // co on node-a and node-b: median of 300, 500, 400, 900 = 450
    { cell: cell('node-c', 'q'), rep: 1 }, // q on node-b: 700
    { cell: cell('node-c', 'new'), rep: 1 } // nothing: rough weight
  ];
  const rough = weight(jobs[3]);
  assert.deepEqual(pastEstimate(jobs, data), { ms: 400 + 450 + 700 + rough, matched: 3 });
  assert.deepEqual(pastEstimate(jobs, { cells: [] }), { ms: jobs.reduce((s, j) => s + weight(j), 0), matched: 0 });
});

test('--dry-run prints the estimate from the samples --out holds, and says when there are none', async (t) => {
  const out = tempOut(t);
  const args = ['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--reps', '1', '--n', '5', '--out', out];
  const none = await runBench([...args, '--dry-run']);
  assert.equal(none.code, 0, none.stderr);
  assert.match(none.stdout, /no estimate from past samples: .*holds none of these cells yet/);
  assert.equal((await runBench(args)).code, 0);
  const some = await runBench([...args, '--dry-run']);
  assert.equal(some.code, 0, some.stderr);
  assert.match(some.stdout, /from the samples in .*perf\.json: \d+s \(2 of 2 jobs have past samples of the same cell or style\)/);
});

test('warm batches: past cold samples are extended by the planned warm batches, past warm ones lose theirs for a cold plan', () => {
  const data = { cells: [
    Object.assign(cell('node-a', 'co'), { samples: [{ wallMs: 300, timeMs: 10 }] }),
    Object.assign(cell('node-a', 'q'), { samples: [{ wallMs: 500, timeMs: 10, warmBatchesMs: [8, 7, 6], warmMs: 6.5, warmSteady: true }] })
  ] };
  const warmJob = (variant) => ({ cell: cell('node-a', variant, { warmBatches: 16, warmMinSteady: 8 }), rep: 1 });
  // co (no past warm batch): 300 + 16 × its cold 10 ms; q: 500 − 21 + 16 × the median of its past warm batches, 7
  assert.deepEqual(pastEstimate([warmJob('co'), warmJob('q')], data), { ms: 460 + 591, matched: 2 });
  // a cold plan: co as it was, q without its warm batches
  assert.deepEqual(pastEstimate([{ cell: cell('node-a', 'co'), rep: 1 }, { cell: cell('node-a', 'q'), rep: 1 }], data), { ms: 300 + 479, matched: 2 });
});

test('the rough weight counts the warm batches a job runs', () => {
  assert.equal(weight({ cell: cell('node-a', 'co') }), 150 + 100 + 1000 * 0.05);
  assert.equal(weight({ cell: cell('node-a', 'co', { warmBatches: 16, warmMinSteady: 8 }) }), 150 + 17 * (100 + 1000 * 0.05));
});
