'use strict';
// site/models/runs.js: the runs behind a data file, with the command each
// recorded, for "Run it yourself"; durations in the units a reader plans in.
const test = require('node:test');
const assert = require('node:assert/strict');
const { tableModel } = require('../../site/models');
const { duration, scope } = require('../../site/models/runs');
const { dataTable } = require('../../site/render/chart-html');

test('durations read as a reader plans a rerun', () => {
  assert.equal(duration(9400), '9 s');
  assert.equal(duration(108000), '1 min 48 s');
  assert.equal(duration(120000), '2 min');
  assert.equal(duration(2522432), '42 min');
  assert.equal(duration(null), '–');
});

test('the runs table: one row per run that still holds cells, oldest first, with its command and wall time', () => {
  const run = (date, argv, harness, wallMs, finished = true) => ({ date, argv, harness, wallMs, finished: finished ? date : null, host: { cpu: 'AMD EPYC', cores: 2, os: 'Linux' } });
  const data = {
    runs: {
      late: run('2026-11-25T15:00:00Z', ['--mode', 'io', '--out', '/tmp/x/perf-node-24.json', '--resume'], { scenarios: ['upload'], modes: ['io'], ns: [100, 2000] }, 1357183, false),
      early: run('2026-11-25T12:00:00Z', ['--mode', 'cpu', '--n', '1000'], { scenarios: ['upload'], modes: ['cpu'], ns: [1000] }, 2522432),
      empty: run('2026-11-20T12:00:00Z', [], {}, 1000),
    },
    cells: [
      { run: 'early', samples: [{ status: 'ok' }, { status: 'ok' }, { status: 'timeout' }] },
      { run: 'late', samples: [{ status: 'ok' }] },
      { run: 'late', samples: [{ status: 'ok' }] },
    ],
  };
  const load = (name) => ({ shown: `data/${name}.json`, data });
  const t = tableModel('runs', { runtime: 'node-24' }, load);
  assert.deepEqual(t.rows.map((r) => [r.date, r.scope, r.wall, r.cells, r.samples]), [
    ['2026-11-25', 'upload; cpu; n = 1,000', '42 min', '1', '2'],
    ['2026-11-25', 'upload; io; n = 100, 2,000', '23 min (stopped, resumed later)', '2', '2'],
  ]);
  assert.equal(t.rows[1].command, 'npm run bench -- --mode io --out data/perf-node-24.json --resume');
  assert.match(dataTable(t), /<td><code>npm run bench -- --mode cpu --n 1000<\/code><\/td>/);
  assert.equal(scope({ harness: { scenarios: ['upload', 'errors'], modes: ['cpu'], ns: [1000], variants: '^rx$' } }), 'upload, errors; cpu; n = 1,000; variants ^rx$');
});
