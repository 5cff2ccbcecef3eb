// Issue 25, item 3: a data file given through a symbolic link. The run works
// on the file the link points to (lib/side-files.js, realFile): its lock,
// journal and temporary file sit beside the target, and the save renames
// over the target, so the link stays a link and a second run by the other
// name meets the first run's lock.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempDir, runBench, readData, until, readyPid, killQuietly } = require('../fixtures/bench/helpers');
const datafile = require('../../scripts/harness/datafile');

const SMALL = ['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--reps', '1'];

test('runs by a link and by its target at once: the second is refused by the first one\'s lock; the link stays a link to one file', { timeout: 120000 }, async (t) => {
  const dir = tempDir(t);
  fs.mkdirSync(path.join(dir, 'real'));
  const target = path.join(dir, 'real', 'perf.json');
  const link = path.join(dir, 'perf.json');
  fs.symlinkSync(path.join('real', 'perf.json'), link); // dangling until the first save

  const first = await runBench([...SMALL, '--n', '5', '--out', link]);
  assert.equal(first.code, 0, first.stderr);
  assert.ok(fs.lstatSync(link).isSymbolicLink(), 'the first save wrote through the link');
  assert.ok(fs.lstatSync(target).isFile());

  // The run by the link holds its lock while its fixture job waits; a run
  // by the target starts in that moment.
  const ready = path.join(dir, 'ready');
  let second = null;
  const byLink = await runBench([...SMALL, '--variants', '^(original|fixture-ready)$', '--n', '6', '--timeout', '600000', '--out', link], {
    env: { ASYNCBENCH_TEST_READY: ready },
    onStart(child) {
      until(() => readyPid(ready)).then(async (pid) => {
        t.after(() => killQuietly(pid));
        second = await runBench([...SMALL, '--n', '7', '--out', target]);
        second.holder = child.pid;
        killQuietly(pid); // the fixture job ends; the run by the link goes on
      });
    }
  });
  assert.equal(byLink.code, 0, byLink.stderr);
  assert.ok(second, 'the run by the target ran while the run by the link held the lock');
  assert.equal(second.code, 1, second.stderr);
  assert.match(second.stderr, new RegExp(`another benchmark run \\(pid ${second.holder}\\) is writing it`));

  assert.ok(fs.lstatSync(link).isSymbolicLink(), 'the link is still a link');
  assert.equal(fs.readlinkSync(link), path.join('real', 'perf.json'));
  assert.deepEqual(fs.readdirSync(dir).sort(), ['perf.json', 'ready', 'real']);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'real')), ['perf.json'], 'one data file; no lock, journal or temporary file left');
  const data = readData(target);
  assert.deepEqual(datafile.validate(data), []);
  const ns = (variant) => data.cells.filter((c) => c.variant === variant).map((c) => c.n).sort();
  assert.deepEqual(ns('original'), [5, 6], 'both runs by the link, none by the refused run');
  assert.deepEqual(ns('fixture-ready'), [6]);
});
