// One writer per data file. The lock is taken atomically, a stale one (its
// process gone, alive but not a benchmark, or from before the last boot) is
// taken over by exactly one of the processes that find it at the same moment,
// and a live benchmark's lock is respected.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { tempDir, tempOut, runBench, readData, until, readyPid, killQuietly } = require('../fixtures/bench/helpers');
const { lockText } = require('../../scripts/harness/lock');

const CONTENDER = path.join(__dirname, '..', 'fixtures', 'bench', 'lock-contender.js');
const SMALL = ['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--n', '5', '--reps', '1'];

// The pid of a process that has ended.
function deadPid() {
  return spawnSync('true').pid;
}

// A process that sleeps until the test ends, with `args` on its command line.
function sleeper(t, args = []) {
  const child = spawn(process.execPath, ['-e', 'setInterval(function () {}, 1e9)', ...args], { stdio: 'ignore' });
  t.after(() => killQuietly(child.pid));
  return child.pid;
}

// The lock a run in process `pid` writes; `change` edits its process record.
function lockOf(pid, change = {}) {
  const [first, record] = lockText(pid).split('\n');
  return `${first}\n${JSON.stringify({ ...JSON.parse(record), ...change })}\n`;
}

function bootTime() {
  return Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))[1]);
}

// Lines a contender printed, as they come.
function lines(child) {
  const out = [];
  let rest = '';
  child.stdout.on('data', (d) => {
    const parts = (rest + d).split('\n');
    rest = parts.pop();
    out.push(...parts);
  });
  return out;
}

test('processes that take over a stale lock at the same moment: exactly one gets it', { timeout: 120000 }, async (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'perf.json');
  const contenders = [];
  for (let i = 0; i < 4; i++) {
    const child = spawn(process.execPath, [CONTENDER, file], { stdio: ['pipe', 'pipe', 'inherit'] });
    contenders.push({ child, out: lines(child), exited: new Promise((resolve) => child.on('exit', resolve)) });
  }
  t.after(() => contenders.forEach((c) => killQuietly(c.child.pid)));
  const send = (command) => contenders.forEach((c) => c.child.stdin.write(`${command}\n`));
  const answers = (count) => until(() => contenders.every((c) => c.out.length >= count));

  for (let round = 0; round < 150; round++) {
    for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f), { force: true });
    fs.writeFileSync(`${file}.lock`, lockOf(deadPid()));
    const go = path.join(dir, `go-${round}`);
    send(`try ${go}`);
    fs.writeFileSync(go, '');
    await answers(2 * round + 1);
    const results = contenders.map((c) => c.out[2 * round]);
    assert.equal(results.filter((r) => r === 'got').length, 1, `round ${round}: ${results.join(' / ')}`);
    assert.ok(results.every((r) => r === 'got' || /another benchmark run \(pid \d+\) is writing it/.test(r)), results.join(' / '));
    send('release');
    await answers(2 * round + 2);
  }
  for (const c of contenders) c.child.stdin.end();
  await Promise.all(contenders.map((c) => c.exited));
});

test('a lock whose pid is alive but now runs another program is stale', async (t) => {
  const out = tempOut(t);
  fs.writeFileSync(`${out}.lock`, lockOf(sleeper(t), { cmdline: [process.execPath, 'scripts/bench.js', '--out', out] }));
  const r = await runBench([...SMALL, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(fs.existsSync(`${out}.lock`), false, 'taken over, then released');
});

// Locks are created whole (temporary file, then link), process record
// included: a lock with the pid alone was written by no run of this harness.
test('a lock without a process record is stale, even if its pid runs a benchmark', async (t) => {
  const out = tempOut(t);
  fs.writeFileSync(`${out}.lock`, String(sleeper(t, ['scripts/bench.js'])));
  const r = await runBench([...SMALL, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(fs.existsSync(`${out}.lock`), false, 'taken over, then released');
});

test('a lock from before the last boot is stale, even if its process still runs', async (t) => {
  const out = tempOut(t);
  fs.writeFileSync(`${out}.lock`, lockOf(sleeper(t, ['scripts/bench.js'])));
  const beforeBoot = bootTime() - 3600;
  fs.utimesSync(`${out}.lock`, beforeBoot, beforeBoot);
  const r = await runBench([...SMALL, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
});

test('a live benchmark run holding the lock is respected', async (t) => {
  const out = tempOut(t);
  const pid = sleeper(t, ['scripts/bench.js']);
  const held = lockOf(pid);
  fs.writeFileSync(`${out}.lock`, held);
  const r = await runBench([...SMALL, '--out', out]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, new RegExp(`another benchmark run \\(pid ${pid}\\) is writing it`));
  assert.equal(fs.readFileSync(`${out}.lock`, 'utf8'), held, 'its lock is left alone');
  assert.equal(fs.existsSync(out), false);
});

test('a takeover lock left by a process killed in the middle of a takeover does not block the next run', async (t) => {
  const out = tempOut(t);
  fs.writeFileSync(`${out}.lock`, lockOf(deadPid()));
  fs.writeFileSync(`${out}.lock.takeover`, lockOf(deadPid()));
  const r = await runBench([...SMALL, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(fs.readdirSync(path.dirname(out)), ['perf.json'], 'both stale locks are gone');
});

test('a run whose lock is removed under it stops without writing', async (t) => {
  const out = tempOut(t);
  const ready = path.join(path.dirname(out), 'ready');
  const r = await runBench([...SMALL, '--variants', '^(original|fixture-ready)$', '--timeout', '600000', '--out', out], {
    env: { ASYNCBENCH_TEST_READY: ready },
    onStart() {
      until(() => readyPid(ready)).then((pid) => {
        t.after(() => killQuietly(pid));
        fs.rmSync(`${out}.lock`);
        process.kill(pid, 'SIGKILL'); // the fixture's job ends; the harness tries to save it
      });
    }
  });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /its lock .*perf\.json\.lock was removed or taken by another process; stopped without writing/);
  assert.equal(readData(out).cells.some((c) => c.variant === 'fixture-ready'), false, 'nothing written after the lock was lost');
});

test('the lock is released when its process dies of an uncaught exception', (t) => {
  const out = tempOut(t);
  const script = `const { openRunStore } = require(${JSON.stringify(path.join(__dirname, '..', '..', 'scripts', 'harness', 'run-store'))});
    openRunStore(${JSON.stringify(out)}).lock();
    setTimeout(() => { throw new Error('unexpected'); }, 0);`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /unexpected/);
  assert.equal(fs.existsSync(`${out}.lock`), false);
});
