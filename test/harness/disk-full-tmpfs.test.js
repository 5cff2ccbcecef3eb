// Issue 25, items 1 and 2, on a real full disk: a small tmpfs mounted for
// the test. Mounting needs root: CI runs the tests as root, and there a
// mount that fails is a failure, never a skip. Elsewhere the tests skip and
// say why; test/harness/disk-full-injected.test.js makes the same checks on any
// machine through an injected short write.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, tempDir, runBench, readData, until } = require('../fixtures/bench/helpers');
const datafile = require('../../scripts/harness/datafile');
const { openRunStore } = require('../../scripts/harness/run-store');
const { journalFile } = require('../../scripts/lib/side-files');
const { journalLines, sampleIn, oneLine: sharedOneLine } = require('../helpers/disk-full');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');

const ROOT_ONLY = 'mounting a tmpfs needs root; test/harness/disk-full-injected.test.js covers the same cases on this machine';
const PAUSE = ['--require', path.join(__dirname, '..', 'fixtures', 'disk', 'pause-after.js')];
// The command, in both modes as --quick then ran (it is cpu only now): 12 jobs.
const QUICK = ['--quick', '--mode', 'cpu,io', '--variants', '^original$', '--n', '200'];

// A fresh tmpfs of `size` (mount's notation: 3m, 64k), unmounted and removed after the test.
function tmpfs(t, size) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-tmpfs-'));
  t.after(() => {
    spawnSync('umount', [dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  assert.equal(r.status, 0, `running as root, yet cannot mount a tmpfs on ${dir}: ${r.error || r.stderr}`);
  return dir;
}

// Takes all the free space of the file system at `dir` but `leave` bytes.
function fill(dir, leave) {
  const { bavail, bsize } = fs.statfsSync(dir);
  const filler = path.join(dir, 'filler');
  fs.writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - leave)));
  return filler;
}

// About 1.3 MB of perf@1 data copied from the default runtime's committed
// data/perf-node-24.json (its first cells and the runs they come from): the
// large data file of the report.
function bigDataFile(file) {
  const all = datafile.load(path.join(ROOT, 'data', `${DEFAULT_PERF}.json`), null);
  const data = { ...all, cells: [] };
  let size = 0;
  for (const cell of all.cells) {
    if (size > 1.3e6) break;
    data.cells.push(cell);
    size += JSON.stringify(cell, null, 1).length;
  }
  new datafile.Store(openRunStore(path.join(path.dirname(file), 'none.json')), data).pruneRuns();
  assert.deepEqual(datafile.validate(data), []);
  fs.writeFileSync(file, JSON.stringify(data, null, 1) + '\n');
  return data;
}

// The one line a failed write prints (helpers/disk-full.js), which on a
// real mount also says how much room to make.
function oneLine(stderr, prefix) {
  const said = sharedOneLine(stderr, prefix);
  assert.match(said, /the disk is full \(ENOSPC after [\d,]+ of [\d,]+ bytes; [\d,]+ bytes free on \/.*(Free at least [\d,]+ bytes|Make room) on \//);
  return said;
}

function keepsEveryCell(after, before) {
  for (const cell of before.cells) assert.deepEqual(after.cells.find((c) => c.key === cell.key).samples, cell.samples, cell.key);
}

// The run's 12 jobs, each with its one sample, besides everything from before.
function runComplete(after) {
  for (const scenario of ['upload', 'errors', 'parallel']) {
    for (const mode of ['cpu', 'io']) {
      for (const variant of ['original', 'floor']) {
        assert.ok(after.cells.some((c) => c.scenario === scenario && c.mode === mode && c.variant === variant && c.n === 200 &&
          c.samples.length === 1), `${scenario}/${mode} ${variant} n=200 measured`);
      }
    }
  }
}

test('issue 25 on a 3 MB tmpfs: a save that does not fit keeps the 1.3 MB file and the journal, one line, exit 1; --resume after freeing space recovers everything',
  { skip: process.getuid() !== 0 && ROOT_ONLY, timeout: 180000 }, async (t) => {
    const dir = tmpfs(t, '3m');
    const out = path.join(dir, 'perf.json');
    const before = bigDataFile(out);
    const filler = fill(dir, fs.statSync(out).size + 20 * 1024);
    const r = await runBench([...QUICK, '--save-every', '0', '--out', out]);
    assert.equal(r.code, 1, r.stderr);
    oneLine(r.stderr, `bench: ${out}: not written`);
    const kept = readData(out); // parses: not cut
    assert.deepEqual(datafile.validate(kept), []);
    keepsEveryCell(kept, before);
    const journaled = journalLines(out);
    assert.equal(journaled.length, 1, 'the repetition the failed save held');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['filler', 'perf.json', 'perf.json.journal'], 'no temporary file, no lock');

    fs.rmSync(filler);
    const resumed = await runBench([...QUICK, '--save-every', '0', '--out', out, '--resume']);
    assert.equal(resumed.code, 0, resumed.stderr);
    const after = readData(out);
    assert.deepEqual(datafile.validate(after), []);
    keepsEveryCell(after, before);
    for (const { cell, sample } of journaled) assert.deepEqual(sampleIn(after, cell.key, sample), sample, `${cell.key} kept as measured`);
    runComplete(after);
    assert.equal(fs.existsSync(journalFile(out)), false);
  });

test('issue 25 on a 3 MB tmpfs: a journal line that does not fit is one line and exit 1, the journal keeps its whole lines; --resume after freeing space recovers them',
  { skip: process.getuid() !== 0 && ROOT_ONLY, timeout: 180000 }, async (t) => {
    const dir = tmpfs(t, '3m');
    const out = path.join(dir, 'perf.json');
    const signals = tempDir(t);
    let filler = null;
    let ended = false;
    // Paused after its first journal line, the run finds the disk full: the
    // lines that still fit the journal's last page go in, the next one cannot.
    const r = await runBench([...QUICK, '--save-every', '3600', '--out', out], {
      nodeArgs: PAUSE, env: { ASYNCBENCH_TEST_PAUSE: `perf\\.json\\.journal$@1@${signals}` },
      onStart() {
        until(() => ended || fs.existsSync(path.join(signals, 'paused'))).then(() => {
          if (ended) return;
          filler = fill(dir, 0);
          fs.writeFileSync(path.join(signals, 'go'), '');
        });
      }
    });
    ended = true;
    assert.ok(filler, `the run never paused after its first journal line:\n${r.stderr}`);
    assert.equal(r.code, 1, r.stderr);
    oneLine(r.stderr, `bench: ${out}.journal: not written`);
    const journaled = journalLines(out); // throws on a cut line
    assert.ok(journaled.length >= 1 && journaled.length < 12, `${journaled.length} whole lines`);
    assert.deepEqual(datafile.validate(readData(out)), []);

    fs.rmSync(filler);
    const resumed = await runBench([...QUICK, '--out', out, '--resume']);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, new RegExp(`perf\\.json\\.journal: ${journaled.length} repetitions of a stopped run recovered`));
    const after = readData(out);
    for (const { cell, sample } of journaled) assert.deepEqual(sampleIn(after, cell.key, sample), sample, `${cell.key} kept as measured`);
    runComplete(after);
  });

test('issue 25 on a 64 KB tmpfs: complexity --out that does not fit keeps the old file, one line, exit 1',
  { skip: process.getuid() !== 0 && ROOT_ONLY }, (t) => {
    const dir = tmpfs(t, '64k');
    const file = path.join(dir, 'complexity.json');
    const complexity = (args) => spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'complexity.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
    const first = complexity(['--out', file]);
    assert.equal(first.status, 0, first.stderr);
    const before = fs.readFileSync(file, 'utf8');
    fill(dir, 8192); // nearly full: a fifth of the new file fits
    const r = complexity(['--out', file]);
    assert.equal(r.status, 1, r.stderr);
    oneLine(r.stderr, `complexity: ${file}: not written`);
    assert.equal(fs.readFileSync(file, 'utf8'), before, 'the old file is whole');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['complexity.json', 'filler']);
  });
