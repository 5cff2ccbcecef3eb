// Journal replay (scripts/harness/journal.js) keeps what a cell and a sample
// hold: the scenario's own cell fields come from its descriptor's dataFields
// (the toy fixture scenario's `factor` was lost with a fixed list), and a
// sample's warm fields reach the replayed cell and its warm summary.
'use strict';
const path = require('node:path');
process.env.ASYNCBENCH_SCENARIO_DIRS = path.join(__dirname, '..', 'fixtures', 'scenarios');
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const datafile = require('../../scripts/harness/datafile');
const { openRunStore } = require('../../scripts/harness/run-store');

function tempFile(t, name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-journal-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, name);
}

test('journal: a scenario\'s own cell fields (descriptor dataFields) survive replay', (t) => {
  const store = openRunStore(tempFile(t, 'toy.json'));
  const planCell = { key: 'node|toy|triple|original|3', runtime: 'node', scenario: 'toy', mode: 'triple', variant: 'original',
    n: 3, t: 0, criticalPath: 1, ioFloorMs: 0, factor: 3, file: '/not/journaled.js' };
  store.appendJournal(planCell, { rep: 1, run: 'r1', status: 'ok', timeMs: 1 });
  const [entry] = store.readJournal().entries;
  assert.equal(entry.cell.factor, 3);
  assert.equal(entry.cell.file, undefined, 'only fields a data cell keeps');
});

test('journal: warm fields of journaled samples reach the replayed cell and its warm summary', (t) => {
  const out = openRunStore(tempFile(t, 'perf.json'));
  const planCell = { key: 'node|upload|cpu|original|4', runtime: 'node', scenario: 'upload', mode: 'cpu', variant: 'original',
    n: 4, t: 1, ioFloorMs: 8, criticalPath: 8, warmup: 1, warmBatches: 2, warmMax: 2, warmTolerance: 0.05 };
  const sample = (rep, warmMs, steady) => ({ rep, run: 'r1', status: 'ok', timeMs: 20 + rep, p50Ms: 10, p99Ms: 20, peakRssMb: 1, heapMb: 2,
    failed: 0, extraCallbacks: 0, warmMs, warmBatchesMs: [15, 12, warmMs === null ? 14 : warmMs], warmSteady: steady });
  out.appendJournal(planCell, sample(1, 12, true));
  out.appendJournal(planCell, sample(2, 13, true));
  out.appendJournal(planCell, sample(3, null, false));
  const store = new datafile.Store(out, { schema: datafile.SCHEMA_ID, generatedBy: 'test', runs: {}, cells: [] });
  const cell = store.get(planCell.key);
  assert.equal(cell.samples.length, 3);
  assert.deepEqual(cell.samples.map((s) => s.warmBatchesMs), [[15, 12, 12], [15, 12, 13], [15, 12, 14]]);
  assert.deepEqual(cell.samples.map((s) => s.warmSteady), [true, true, false]);
  assert.equal(cell.warm.count, 2, 'the unsteady repetition is not in the warm summary');
  assert.equal(cell.warm.median, 12.5);
  assert.equal(cell.warmUnsteady, 1);
  assert.equal(cell.warmCi.reps, 2);
  assert.deepEqual(datafile.validate(store.data), []);
});
