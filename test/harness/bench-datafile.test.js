// The data file is never silently overwritten when it is corrupt or invalid,
// and a run merges by cell key without dropping other runtimes' results.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { tempOut, runBench, readData } = require('../fixtures/bench/helpers');

const SMALL = ['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--n', '10', '--reps', '1'];

test('a file that is not JSON is reported with its path and left untouched', async (t) => {
  const out = tempOut(t);
  fs.writeFileSync(out, '{"schema": "asyncbench/perf@1", "cells": [');
  const r = await runBench([...SMALL, '--out', out]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, new RegExp(`${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: is not valid JSON`));
  assert.match(r.stderr, /Refusing to overwrite it/);
  assert.equal(fs.readFileSync(out, 'utf8'), '{"schema": "asyncbench/perf@1", "cells": [');
  assert.equal(fs.existsSync(`${out}.lock`), false, 'the lock is released on failure');
});

test('a JSON file of the wrong shape is reported with the schema problem and left untouched', async (t) => {
  const out = tempOut(t);
  const wrong = JSON.stringify({ schema: 'asyncbench/perf@1', generatedBy: 'x', runs: {}, cells: [{ key: 'k' }] });
  fs.writeFileSync(out, wrong);
  const r = await runBench([...SMALL, '--out', out]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /does not match asyncbench\/perf@1/);
  assert.match(r.stderr, /\/cells\/0 must have required property/);
  assert.equal(fs.readFileSync(out, 'utf8'), wrong);
});

test('runs merge by key: other runtimes and scenarios survive, the same key is measured afresh', async (t) => {
  const out = tempOut(t);
  assert.equal((await runBench([...SMALL, '--out', out])).code, 0);
  const first = readData(out);
  // Pretend another runtime already measured the same cell.
  const foreign = JSON.parse(JSON.stringify(first.cells[0]));
  foreign.runtime = 'node-0.11.14 --harmony';
  foreign.key = foreign.key.replace(/^[^|]+/, foreign.runtime);
  first.cells.push(foreign);
  fs.writeFileSync(out, JSON.stringify(first));

  const r = await runBench([...SMALL, '--scenario', 'parallel', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const r2 = await runBench([...SMALL, '--out', out]);
  assert.equal(r2.code, 0, r2.stderr);
  const data = readData(out);
  const keys = data.cells.map((c) => c.key).sort();
  assert.equal(keys.length, 5, 'upload and parallel cells of the variant and of the floor workload, and the foreign cell');
  assert.ok(keys.some((k) => k.startsWith('node-0.11.14 --harmony|upload')));
  assert.ok(keys.some((k) => k.includes('|parallel|')));
  const own = data.cells.find((c) => c.key === first.cells[0].key);
  assert.equal(own.samples.length, 1, 'without --resume the cell is measured again, not appended to');
  assert.notEqual(own.samples[0].run, first.cells[0].samples[0].run);
  assert.equal(Object.keys(data.runs).length, 3);
});

test('a run whose every cell was measured again leaves the runs list', async (t) => {
  const out = tempOut(t);
  assert.equal((await runBench([...SMALL, '--out', out])).code, 0);
  const [firstRun] = Object.keys(readData(out).runs);
  assert.equal((await runBench([...SMALL, '--out', out])).code, 0);
  const data = readData(out);
  assert.deepEqual(Object.keys(data.runs), [data.cells[0].run]);
  assert.notEqual(data.cells[0].run, firstRun);
});

// Issue 43: the runs table counted the samples a file still held as the
// processes a run carried out; the run now counts them itself.
test('a run records how many processes it carried out for its repetitions (jobsRun)', async (t) => {
  const out = tempOut(t);
  const r = await runBench([...SMALL.slice(0, -1), '2', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const data = readData(out);
  const [id] = Object.keys(data.runs);
  const samples = data.cells.flatMap((c) => c.samples).filter((s) => s.run === id);
  const retried = samples.reduce((k, s) => k + (s.retries ? s.retries.length : 0), 0);
  assert.equal(samples.length, 4, 'the style and the floor workload, twice each');
  assert.equal(data.runs[id].jobsRun, samples.length + retried);
});
