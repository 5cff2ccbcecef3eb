// Issue 25, items 1 and 2, on any machine: the disk fills up at a chosen
// write (test/fixtures/disk/full-after.js, preloaded into the writing
// process: a short write, then ENOSPC, as Linux answers on a full disk).
// test/harness/disk-full-tmpfs.test.js does the same on a real, small file system.
// Every writer of generated files must then keep the old file (and the
// bench its journal), print one line saying what to free, and exit 1; and a
// --resume after freeing space must recover every repetition.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, tempDir, tempOut, runBench, readData } = require('../fixtures/bench/helpers');
const datafile = require('../../scripts/harness/datafile');
const { journalFile } = require('../../scripts/lib/side-files');
const { journalLines, sampleIn, oneLine } = require('../helpers/disk-full');

const FULL = ['--require', path.join(__dirname, '..', 'fixtures', 'disk', 'full-after.js')];
const SMALL = ['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--reps', '1'];
const NEW = ['--n', '6,7,8']; // 6 jobs: original and the floor workload at three n
const full = (pattern, after) => ({ ASYNCBENCH_TEST_DISK_FULL: `${pattern}@${after}` });


// A data file from a finished run: what a full disk must not lose.
async function measured(t) {
  const out = tempOut(t);
  const r = await runBench([...SMALL, '--n', '5', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  return { out, before: readData(out) };
}

function keepsEveryCell(after, before) {
  for (const cell of before.cells) assert.deepEqual(after.cells.find((c) => c.key === cell.key).samples, cell.samples, cell.key);
}

test('bench: a save on a full disk (injected) keeps the old file and the journal, says what to free in one line, exits 1; --resume recovers everything', { timeout: 120000 }, async (t) => {
  const { out, before } = await measured(t);
  // Saves 1 and 2 (the run's start, its first job) fit; the third does not.
  const r = await runBench([...SMALL, ...NEW, '--save-every', '0', '--out', out], { nodeArgs: FULL, env: full('perf\\.json\\.\\d+\\.tmp$', 2) });
  assert.equal(r.code, 1, r.stderr);
  const line = oneLine(r.stderr, `bench: ${fs.realpathSync(out)}: not written`);
  assert.match(line, /perf\.json is unchanged and perf\.json\.journal holds every repetition since its last save\. .*rerun with --resume --out /);
  const kept = readData(out);
  assert.deepEqual(datafile.validate(kept), [], 'the old file is whole');
  keepsEveryCell(kept, before);
  const journaled = journalLines(out);
  assert.equal(journaled.length, 1, 'the repetition the failed save held');
  assert.equal(sampleIn(kept, journaled[0].cell.key, journaled[0].sample), undefined);
  assert.deepEqual(fs.readdirSync(path.dirname(out)).sort(), ['perf.json', 'perf.json.journal'], 'no temporary file, no lock');

  const resumed = await runBench([...SMALL, ...NEW, '--save-every', '0', '--out', out, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /perf\.json\.journal: 1 repetitions of a stopped run recovered/);
  const after = readData(out);
  assert.deepEqual(datafile.validate(after), []);
  keepsEveryCell(after, before);
  assert.deepEqual(sampleIn(after, journaled[0].cell.key, journaled[0].sample), journaled[0].sample, 'kept as measured, not run again');
  for (const n of [6, 7, 8]) {
    for (const variant of ['original', 'floor']) {
      assert.ok(after.cells.some((c) => c.variant === variant && c.n === n && c.samples.length === 1), `${variant} n=${n} measured`);
    }
  }
  assert.equal(fs.existsSync(journalFile(out)), false);
});

test('bench: a journal line on a full disk (injected) is one line and exit 1, the journal keeps its whole lines; --resume after freeing space recovers them', { timeout: 120000 }, async (t) => {
  const { out, before } = await measured(t);
  const r = await runBench([...SMALL, ...NEW, '--save-every', '3600', '--out', out], { nodeArgs: FULL, env: full('perf\\.json\\.journal$', 2) });
  assert.equal(r.code, 1, r.stderr);
  const line = oneLine(r.stderr, `bench: ${fs.realpathSync(out)}.journal: not written`);
  assert.match(line, /perf\.json and perf\.json\.journal hold every repetition finished before this one\. .*rerun with --resume/);
  const journaled = journalLines(out); // throws on a cut line
  assert.equal(journaled.length, 2, 'the two lines before the full disk, whole; the cut third one taken back');
  keepsEveryCell(readData(out), before);

  const resumed = await runBench([...SMALL, ...NEW, '--out', out, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /perf\.json\.journal: 2 repetitions of a stopped run recovered/);
  assert.doesNotMatch(resumed.stderr, /cut short/);
  const after = readData(out);
  keepsEveryCell(after, before);
  for (const { cell, sample } of journaled) assert.deepEqual(sampleIn(after, cell.key, sample), sample, `${cell.key} kept as measured`);
});

// Runs an entry point with the disk full from its first write of `pattern`.
function runFull(script, args, pattern) {
  return spawnSync(process.execPath, [...FULL, path.join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...full(pattern, 0) }
  });
}

function oldFileKept(t, name, run) {
  const dir = tempDir(t);
  const file = path.join(dir, name);
  fs.writeFileSync(file, '{"old": true}\n');
  const r = run(file, dir);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(fs.readFileSync(file, 'utf8'), '{"old": true}\n', 'the old file is whole');
  return { r, dir, file };
}

test('complexity --out on a full disk (injected): the old file kept, one line, exit 1', (t) => {
  const { r, dir, file } = oldFileKept(t, 'complexity.json', (f) => runFull('complexity.js', ['--out', f], 'complexity\\.json\\.\\d+\\.tmp$'));
  oneLine(r.stderr, `complexity: ${fs.realpathSync(file)}: not written`);
  assert.equal(r.stdout, '', 'no table for a file that was not written');
  assert.deepEqual(fs.readdirSync(dir), ['complexity.json']);
});

test('data merge on a full disk (injected): the old file kept, one line, exit 1', async (t) => {
  const { out } = await measured(t);
  const { r, dir, file } = oldFileKept(t, 'merged.json', (f) => runFull('data.js', ['merge', out, '--out', f], 'merged\\.json\\.\\d+\\.tmp$'));
  oneLine(r.stderr, `data: ${fs.realpathSync(file)}: not written`);
  assert.deepEqual(fs.readdirSync(dir), ['merged.json'], 'no temporary file, no lock');
});

test('debuggability --out on a full disk (injected): the old file kept, one line, exit 1', { timeout: 60000 }, (t) => {
  const { r, dir, file } = oldFileKept(t, 'debuggability.json', (f) => runFull('debuggability.js',
    ['--variants', '^original$', '--no-cost', '--out', f], 'debuggability\\.json\\.\\d+\\.tmp$'));
  oneLine(r.stderr, `debuggability: ${fs.realpathSync(file)}: not written`);
  assert.deepEqual(fs.readdirSync(dir), ['debuggability.json']);
});
