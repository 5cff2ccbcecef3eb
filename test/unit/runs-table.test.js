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
      { run: 'early', samples: [{ status: 'ok', run: 'early' }, { status: 'ok', run: 'early' }, { status: 'timeout', run: 'early' }] },
      { run: 'late', samples: [{ status: 'ok', run: 'late' }] },
      { run: 'late', samples: [{ status: 'ok', run: 'late' }] },
    ],
  };
  const load = (name) => ({ shown: `data/${name}.json`, data });
  const t = tableModel('runs', { runtime: 'node-24' }, load);
  assert.deepEqual(t.rows.map((r) => [r.date, r.scope, r.wall, r.cells, r.processes, r.kept]), [
    ['2026-11-25', 'upload; cpu; n = 1,000', '42 min', '1', 'not recorded', '3'],
    ['2026-11-25', 'upload; io; n = 100, 2,000', '23 min (stopped, resumed later)', '2', 'not recorded', '2'],
  ]);
  assert.equal(t.rows[1].command, 'npm run bench -- --mode io --out data/perf-node-24.json --resume');
  assert.match(dataTable(t), /<td><code>npm run bench -- --mode cpu --n 1000<\/code><\/td>/);
  assert.equal(scope({ harness: { scenarios: ['upload', 'errors'], modes: ['cpu'], ns: [1000], variants: '^rx$' } }), 'upload, errors; cpu; n = 1,000; variants ^rx$');
});

// Issue 43: the table counted the ok samples of the cells whose latest sample
// was the run's, so a run that carried out 361 repetitions, all in cells a
// later run measured again, read 0.
test('the runs table counts the processes a run recorded, and says "not recorded" where it recorded none', () => {
  const host = { cpu: 'AMD EPYC', cores: 2, os: 'Linux' };
  const reps = (run, k, status = 'ok') => Array.from({ length: k }, (_, i) => ({ rep: i + 1, run, status }));
  const data = {
    runs: {
      stopped: { date: '2026-11-25T15:49:48Z', argv: [], harness: {}, wallMs: 817002, finished: null, host },
      resumed: { date: '2026-11-25T16:15:29Z', argv: [], harness: {}, wallMs: 1635427, finished: '2026-11-25T16:42:44Z', host, jobsRun: 40 },
    },
    cells: [
      // The stopped run's own cells: it reached them, and every repetition failed.
      { run: 'stopped', samples: reps('stopped', 2, 'crash') },
      // The other 359 sit in cells whose latest sample is the resumed run's.
      { run: 'resumed', samples: reps('stopped', 200).concat(reps('resumed', 25)) },
      { run: 'resumed', samples: reps('stopped', 159).concat(reps('resumed', 15)) },
    ],
  };
  const t = tableModel('runs', { runtime: 'node-24' }, () => ({ shown: 'data/perf-node-24.json', data }));
  const byDate = Object.fromEntries(t.rows.map((r) => [r.wall, r]));
  const stopped = byDate['14 min (stopped, resumed later)'];
  assert.equal(stopped.processes, 'not recorded', 'no count recorded: the table does not make one up');
  assert.equal(stopped.kept, '361');
  assert.equal(stopped.cells, '3');
  const resumed = byDate['27 min'];
  assert.equal(resumed.processes, '40');
  assert.equal(resumed.kept, '40');
  assert.ok(t.columns.some((c) => c.key === 'processes' && c.title === 'Processes'));
});
