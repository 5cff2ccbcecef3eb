// Every committed performance data file matches the documented schema
// (data/schema/perf.schema.json, described in data/SCHEMA.md).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { validate } = require('../../scripts/harness/datafile');
const { cellKey } = require('../../scripts/harness/plan');
const { DEFAULT_PERF, DEFAULT_PERF_COMMAND } = require('../../site/lib/perf-files');

const DATA = path.join(__dirname, '..', '..', 'data');
const files = fs.readdirSync(DATA).filter((f) => /^perf.*\.json$/.test(f));

test('there is committed performance data of the default runtime', () => {
  assert.ok(files.includes(`${DEFAULT_PERF}.json`), `data/${DEFAULT_PERF}.json is missing: run ${DEFAULT_PERF_COMMAND}`);
});

for (const file of files) {
  test(`data/${file} matches asyncbench/perf@1`, () => {
    const data = JSON.parse(fs.readFileSync(path.join(DATA, file), 'utf8'));
    assert.deepEqual(validate(data), []);
    const keys = new Set();
    for (const cell of data.cells) {
      assert.equal(cell.key, cellKey(cell), `${cell.key}: key matches its fields`);
      assert.ok(!keys.has(cell.key), `${cell.key} appears once`);
      keys.add(cell.key);
      assert.ok(data.runs[cell.run], `${cell.key}: run ${cell.run} is stamped`);
      for (const s of cell.samples) {
        assert.ok(data.runs[s.run], `${cell.key} #${s.rep}: run ${s.run} is stamped`);
        if (s.status === 'ok') assert.ok(s.peakRssMb === null || s.peakRssMb >= 0, 'peak RSS growth is never negative');
      }
      if (cell.status === 'ok') assert.equal(cell.time.count, cell.samples.length);
    }
  });
}

test('the schema rejects what the harness must never write', () => {
  const base = { schema: 'asyncbench/perf@1', generatedBy: 'scripts/bench.js', runs: {}, cells: [] };
  assert.deepEqual(validate(base), []);
  assert.notDeepEqual(validate({ ...base, schema: 'asyncbench/perf@2' }), []);
  assert.notDeepEqual(validate({ ...base, cells: [{ key: 'x' }] }), []);
  const { runs, cells } = JSON.parse(fs.readFileSync(path.join(DATA, `${DEFAULT_PERF}.json`), 'utf8'));
  const cell = JSON.parse(JSON.stringify(cells.find((c) => c.samples.length)));
  cell.samples[0] = { rep: 1, run: cell.samples[0].run, status: 'crash' }; // a failure without its reason
  assert.match(validate({ ...base, runs, cells: [cell] }).join(), /must have required property 'error'/);
});
