// Issue 25, item 5: the wall clock set back two hours during a run (a preload
// moves Date, test/fixtures/clock/jump-back.js; the monotonic clock goes on).
// Durations come from the monotonic clock (lib/clock.js), dates are only
// timestamps: no negative wall time, no end before the start, a sane ratio.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { tempOut, runBench, readData } = require('../fixtures/bench/helpers');

const JUMP = ['--require', path.join(__dirname, '..', 'fixtures', 'clock', 'jump-back.js')];
const SMALL = ['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--n', '5,6', '--reps', '1'];

test('the wall clock set back 2 hours mid-run: wallMs not negative, finished not before date, the printed ratio sane', { timeout: 60000 }, async (t) => {
  const out = tempOut(t);
  const r = await runBench([...SMALL, '--out', out], { nodeArgs: JUMP });
  assert.equal(r.code, 0, r.stderr);
  const runs = Object.values(readData(out).runs);
  assert.equal(runs.length, 1);
  const [run] = runs;
  assert.ok(run.wallMs >= 0, `wallMs ${run.wallMs}`);
  assert.ok(Date.parse(run.finished) >= Date.parse(run.date), `finished ${run.finished} before date ${run.date}`);
  const line = /^wall time (\d+) s against a floor of (\d+) s \(([^×]+)×\)/m.exec(r.stdout);
  assert.ok(line, r.stdout);
  const ratio = Number(line[3]);
  assert.ok(Number.isFinite(ratio) && ratio > 0, `ratio ${line[3]}`);
  assert.ok(Number(line[1]) >= 0);
});
