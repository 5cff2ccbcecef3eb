// bench --format json|csv (issue 26): the run's summary on stdout alone, one
// row per planned cell, saying what the data file holds; the table and the
// progress go to stderr. --out - is refused: the data file is never stdout.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { runBench, tempOut, readData } = require('../fixtures/bench/helpers');
const { formatSummary } = require('../../scripts/harness/summary-formats');

const SMALL = ['--variants', '^original$', '--scenario', 'upload,parallel', '--mode', 'cpu', '--n', '5', '--reps', '1'];

test('--format json prints only the summary on stdout, one row per planned cell, as the data file has it', async (t) => {
  const out = tempOut(t);
  const r = await runBench([...SMALL, '--out', out, '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const summary = JSON.parse(r.stdout); // nothing else on stdout
  const data = readData(out);
  assert.equal(summary.file, out);
  assert.ok(data.runs[summary.run], 'the run id is the data file\'s');
  assert.equal(summary.cells.length, data.cells.length, 'the original variant and the floor, in two scenarios');
  for (const row of summary.cells) {
    const cell = data.cells.find((c) => c.key === `${row.runtime}|${row.scenario}|${row.mode}|${row.variant}|${row.n}`);
    assert.ok(cell, JSON.stringify(row));
    assert.equal(row.medianMs, cell.time.median);
    assert.equal(row.reps, cell.time.count);
    assert.equal(row.status, cell.status);
  }
  assert.match(r.stderr, /median ms/, 'the table goes to stderr');
});

test('--format csv prints a header and one row per planned cell', async (t) => {
  const out = tempOut(t);
  const r = await runBench([...SMALL, '--out', out, '--format', 'csv']);
  assert.equal(r.code, 0, r.stderr);
  const [header, ...rows] = r.stdout.trim().split('\n');
  const columns = header.split(',');
  assert.deepEqual(columns.slice(0, 6), ['runtime', 'scenario', 'mode', 'variant', 'n', 'status']);
  const data = readData(out);
  assert.equal(rows.length, data.cells.length);
  const median = columns.indexOf('medianMs');
  const medians = rows.map((l) => Number(l.split(',')[median])).sort();
  assert.deepEqual(medians, data.cells.map((c) => c.time.median).sort());
});

test('a CSV field holding a comma, a quote or a line break is quoted', () => {
  const cell = { runtime: 'node-1', scenario: 'upload', mode: 'cpu', variant: 'v', n: 5, status: 'crash', error: 'a "b", c\nd' };
  const text = formatSummary('csv', [cell], { run: 'r', file: 'f' });
  assert.ok(text.endsWith(',"a ""b"", c\nd"'), text);
});

test('--out - is refused with the reason and what to do instead (exit 2)', async () => {
  const r = await runBench([...SMALL, '--out', '-']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--out -: the data file cannot be stdout.*--format json/);
  assert.equal(r.stdout, '');
});

test('--format takes table, json or csv, and not with --dry-run', async () => {
  assert.equal((await runBench([...SMALL, '--format', 'xml'])).code, 2);
  const dry = await runBench([...SMALL, '--format', 'json', '--dry-run']);
  assert.equal(dry.code, 2);
  assert.match(dry.stderr, /--dry-run runs nothing/);
});

test('warm batches reach the data file, the table\'s warm column and the json/csv rows', async (t) => {
  const out = tempOut(t);
  // 6 batches hold one segment at most (the classifier's shortest is 5, a ramp 8): every series is
  // flat, so the figures exist whatever the machine does.
  const r = await runBench([...SMALL, '--scenario', 'upload', '--reps', '3', '--warm-batches', '6', '--warm-min-steady', '6',
    '--out', out, '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const data = readData(out);
  const run = Object.values(data.runs).pop();
  assert.deepEqual([run.harness.warmBatches, run.harness.warmMinSteady], [6, 6]);
  for (const cell of data.cells) {
    for (const s of cell.samples) {
      assert.equal(s.warmBatchesMs.length, 6, JSON.stringify(s));
      assert.equal(s.warmSteady, true);
      assert.equal(s.warmClass, 'flat');
    }
    assert.equal(cell.warm.count, 3);
    assert.equal(cell.warmUnsteady, 0);
    assert.deepEqual(cell.warmClasses, { flat: 3, warmup: 0, slowdown: 0, 'no-steady-state': 0 });
    assert.equal(cell.warmCi.reps, 3);
  }
  for (const row of JSON.parse(r.stdout).cells) {
    const cell = data.cells.find((c) => c.variant === row.variant);
    assert.equal(row.warmMedianMs, cell.warm.median);
    assert.equal(row.warmReps, 3);
    assert.equal(row.warmFlat, 3);
    assert.equal(row.warmNoSteadyState, 0);
  }
  assert.match(r.stderr, /warm ms/);
  const cold = await runBench([...SMALL, '--scenario', 'upload', '--warm-batches', '0', '--out', tempOut(t), '--format', 'csv']);
  assert.equal(cold.code, 0, cold.stderr);
  const [header, first] = cold.stdout.trim().split('\n');
  assert.equal(first.split(',')[header.split(',').indexOf('warmMedianMs')], '', '--warm-batches 0: cold only');
});
