// A variant that misbehaves in ways that look like success (calls back twice,
// does no work, calls back before working, forges the result line, floods
// stdout) is a failed cell with its reason, never a fast "ok"; and whatever a
// child reports, the saved file stays valid and loads again.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempOut, runBench, readData } = require('../fixtures/bench/helpers');
const datafile = require('../../scripts/harness/datafile');
const { openRunStore } = require('../../scripts/harness/run-store');

const ARGS = ['--scenario', 'upload', '--mode', 'cpu', '--n', '6', '--reps', '2', '--timeout', '600000'];

function cellsOf(file) {
  return Object.fromEntries(readData(file).cells.map((c) => [c.variant, c]));
}

test('a variant that calls back twice, does no work or calls back before working is a failed cell with the reason', async (t) => {
  const out = tempOut(t);
  const r = await runBench(['--variants', '^(original|fixture-(twice|no-work|early))$', ...ARGS, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const cells = cellsOf(out);
  assert.equal(cells.original.status, 'ok', 'the checks pass a correct variant');
  assert.equal(cells.original.time.count, 2);

  assert.equal(cells['fixture-twice'].status, 'crash');
  assert.match(cells['fixture-twice'].error, /6 calls called back more than once/);
  assert.equal(cells['fixture-no-work'].status, 'crash');
  assert.match(cells['fixture-no-work'].error, /only 0 of 6 calls had committed/);
  assert.equal(cells['fixture-early'].status, 'crash');
  assert.match(cells['fixture-early'].error, /only 0 of 6 calls had committed/);
  for (const id of ['fixture-twice', 'fixture-no-work', 'fixture-early']) {
    assert.equal(cells[id].time.count, 0, `${id}: no time recorded`);
    assert.equal(cells[id].samples.length, 1, `${id}: no second repetition after a failure`);
  }
  assert.doesNotMatch(r.stdout, /fixture-(twice|no-work|early)\s+[\d.]+\s/, 'no failed variant is ranked by time');
});

test('a variant that prints a fake result line is a failed cell, and --resume loads the saved file', async (t) => {
  const out = tempOut(t);
  const args = ['--variants', '^(original|fixture-fake)$', ...ARGS, '--out', out];
  const r = await runBench(args);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(datafile.validate(readData(out)), []);
  const cell = cellsOf(out)['fixture-fake'];
  assert.equal(cell.status, 'crash');
  assert.match(cell.error, /without a result line/);
  const resumed = await runBench([...args, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /0 jobs to run/);
});

test('a child that floods stdout is a failed cell with the reason; the run goes on and releases the lock', async (t) => {
  const out = tempOut(t);
  const r = await runBench(['--variants', '^(original|fixture-floods)$', ...ARGS, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const cells = cellsOf(out);
  assert.equal(cells['fixture-floods'].status, 'crash');
  assert.match(cells['fixture-floods'].error, /wrote \d+(\.\d+)? MB to stdout.*only its result line/);
  assert.equal(cells.original.status, 'ok');
  assert.deepEqual(fs.readdirSync(path.dirname(out)), ['perf.json']);
});

test('out of memory is recorded in one line with n and the heap limit', async (t) => {
  const out = tempOut(t);
  const r = await runBench(['--runtime', process.execPath, '--max-old-space-size=16', '--variants', '^fixture-oom$',
    '--scenario', 'upload', '--mode', 'cpu', '--n', '1', '--reps', '1', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const [cell] = readData(out).cells;
  assert.equal(cell.status, 'oom');
  assert.match(cell.error, /^out of memory at n=1: the JavaScript heap reached its limit \(\d+ MB\)$/);
});

test('a sample that does not match the schema is saved as a failed one with the reason, never as an invalid file', (t) => {
  const out = tempOut(t);
  const store = openRunStore(out).cells({ generatedBy: 'test' });
  const planCell = { key: 'node-x|upload|cpu|original|5', runtime: 'node-x', scenario: 'upload', mode: 'cpu', variant: 'original',
    n: 5, t: 1, ioFloorMs: 8, criticalPath: 8, skip: null };
  store.data.runs.r1 = { date: 'd', generatedBy: 'test', git: { commit: null, dirty: null },
    host: { cpu: 'c', cores: 1, os: 'o' }, runtimes: {}, libraries: {},
    harness: { scenarios: ['upload'], modes: ['cpu'], ns: [5], reps: 1, t: 1, dt: 0.1, k: 25, errorRate: 0, seed: 1 } };
  store.addSample(planCell, { rep: 1, run: 'r1', status: 'ok', timeMs: -1, p50Ms: 0, p99Ms: 0, peakRssMb: 0, heapMb: 0, failed: 0, wallMs: 3 });
  store.save();
  const data = datafile.load(out, 'test');
  const [sample] = data.cells[0].samples;
  assert.equal(sample.status, 'crash');
  assert.match(sample.error, /invalid result.*timeMs/);
  assert.equal(data.cells[0].status, 'crash');
});
