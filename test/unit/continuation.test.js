'use strict';
// Which stopped runs a finished run completes (scripts/lib/continuation.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const { markContinued, isContinued } = require('../../scripts/lib/continuation');

const cell = (key, run, sampleRuns = [run], replacing) => ({ key, run, replacing, samples: sampleRuns.map((r, i) => ({ rep: i + 1, run: r })) });

test('a stopped run whose every touched cell the finished run planned is marked continued; a finished run never is', () => {
  const data = {
    runs: { old: { finished: '2026-01-01' }, stopped: { finished: null }, now: { finished: '2026-01-02' } },
    cells: [cell('a', 'stopped', ['old', 'stopped']), cell('b', 'old', ['old'], 'stopped'), cell('c', 'now')],
  };
  assert.deepEqual(markContinued(data, 'now', new Set(['a', 'b', 'c'])), ['stopped']);
  assert.equal(data.runs.stopped.continuedBy, 'now');
  assert.equal(data.runs.stopped.finished, null, 'the stop stays on record');
  assert.equal(data.runs.old.continuedBy, undefined);
  assert.ok(isContinued(data.runs, data.runs.stopped));
});

test('a cell of the stopped run outside the plan (kept sample or replacing mark) leaves it unfinished', () => {
  const sample = { runs: { stopped: { finished: null }, now: { finished: 'x' } }, cells: [cell('a', 'now', ['now', 'stopped']), cell('z', 'now')] };
  assert.deepEqual(markContinued(sample, 'now', new Set(['z'])), []);
  const mark = { runs: { stopped: { finished: null }, now: { finished: 'x' } }, cells: [cell('q', 'now', ['now'], 'stopped')] };
  assert.deepEqual(markContinued(mark, 'now', new Set(['a'])), []);
  assert.equal(isContinued(mark.runs, mark.runs.stopped), false);
});

test('continuedBy counts only while it names a finished run in the file', () => {
  const runs = { stopped: { finished: null, continuedBy: 'gone' }, live: { finished: null } };
  assert.equal(isContinued(runs, runs.stopped), false, 'a run no longer in the file');
  runs.stopped.continuedBy = 'live';
  assert.equal(isContinued(runs, runs.stopped), false, 'a run that did not finish');
});
