// Noise control in the harness: interference read around each repetition,
// loaded repetitions run again (and recorded), and adaptive repetitions until
// the median's 95 % interval is within the target. Interference readings are
// injected (ASYNCBENCH_FAKE_INTERFERENCE or a fake meter) and timings come
// from a fake runtime, so nothing here depends on the machine's speed or load.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempDir, tempOut, runBench, readData, readMeasured, until, readyPid, isGone, killQuietly } = require('../fixtures/bench/helpers');
const { procMeter, fakeMeter, overLimit, machineTicks, ownTicks, descendantTicks } = require('../../scripts/harness/interference');
const { measureRepetition } = require('../../scripts/harness/repetition');
const { nextReps, extraJobs } = require('../../scripts/harness/adaptive');
const { validate } = require('../../scripts/harness/datafile');
const stats = require('../../scripts/lib/stats');

const FAKE_RUNTIME = path.join(__dirname, '..', 'fixtures', 'bench', 'fake-runtime.js');
const ONE = ['--variants', '^original$', '--scenario', 'upload', '--mode', 'cpu', '--n', '5'];
const QUIET = { ASYNCBENCH_FAKE_INTERFERENCE: '0' };


// The variant's cell, not the floor workload's that every group also holds.
function styleCell(data) {
  return data.cells.find((c) => c.variant !== 'floor');
}

test('the kernel counters are parsed into ticks', () => {
  const stat = 'cpu  100 5 20 800 10 1 2 7 0 0\ncpu0 50 2 10 400 5 0 1 3 0 0\n';
  assert.deepEqual(machineTicks(stat), { total: 945, busy: 128, steal: 7 });
  assert.equal(machineTicks('no cpu line'), null);
  const self = '123 (node (x) y) S 1 2 3 0 -1 4194304 97 0 0 0 11 4 30 5 20 0 1 0 1849529';
  assert.equal(ownTicks(self), 11 + 4 + 30 + 5);
});

test('the live descendants\' ticks (a browser\'s processes) count as the harness\'s own, no one else\'s', (t) => {
  const proc = tempDir(t);
  const stat = (pid, ppid, u, s, cu, cs) => `${pid} (p ${pid}) S ${ppid} 2 3 0 -1 4194304 97 0 0 0 ${u} ${s} ${cu} ${cs} 20 0 1 0 1849529`;
  const write = (pid, text) => { fs.mkdirSync(path.join(proc, String(pid))); if (text) fs.writeFileSync(path.join(proc, String(pid), 'stat'), text); };
  write(100, stat(100, 1, 500, 50, 0, 0)); // the harness: its own ticks are read elsewhere
  write(200, stat(200, 100, 10, 5, 0, 0)); // the browser
  write(300, stat(300, 200, 2, 1, 0, 0)); // its renderer
  write(310, stat(310, 300, 0, 0, 4, 0)); // a process under the renderer that reaped a child
  write(400, stat(400, 1, 40, 10, 0, 0)); // another program
  write(500); // ended between the listing and the read
  fs.mkdirSync(path.join(proc, 'self'));
  assert.equal(descendantTicks(100, proc), 15 + 3 + 4);
  assert.equal(descendantTicks(400, proc), 0);
  assert.equal(descendantTicks(100, path.join(proc, 'nonexistent')), 0, 'no /proc: nothing added');
});

test('without /proc the reading is null and names its source', () => {
  const meter = procMeter({ stat: '/nonexistent/stat', self: '/nonexistent/self' });
  const reading = meter.stop(meter.start());
  assert.equal(reading.steal, null);
  assert.equal(reading.other, null);
  assert.match(reading.source, /^none: \/nonexistent\/stat/);
  assert.equal(overLimit(reading, 0), null, 'an unknown reading is never judged loaded');
});

test('on Linux the real reading gives shares of the CPU time', { skip: !fs.existsSync('/proc/stat') }, () => {
  const meter = procMeter();
  const reading = meter.stop(meter.start());
  assert.equal(reading.source, 'proc-stat');
  for (const share of [reading.steal, reading.other]) assert.ok(share >= 0 && share <= 1, String(share));
});

test('bench.js records the real readings when nothing is injected', { skip: !fs.existsSync('/proc/stat') }, async (t) => {
  const out = tempOut(t);
  const r = await runBench([...ONE, '--reps', '1', '--retries', '0', '--out', out], { env: { ASYNCBENCH_FAKE_INTERFERENCE: '' } });
  assert.equal(r.code, 0, r.stderr);
  const [sample] = styleCell(readData(out)).samples;
  assert.equal(sample.interferenceSource, 'proc-stat');
  for (const share of [sample.steal, sample.other]) assert.ok(share >= 0 && share <= 1, String(share));
  assert.equal(typeof sample.load1, 'number');
});

test('overLimit counts other processes and steal together', () => {
  assert.equal(overLimit({ other: 0.1, steal: 0.04, source: 'x' }, 15), null);
  assert.match(overLimit({ other: 0.1, steal: 0.06, source: 'x' }, 15), /10 %.*steal 6 %.*limit 15 %/);
});

function okAttempt(times) {
  let i = 0;
  const attempt = async () => ({ rep: 1, status: 'ok', timeMs: times[Math.min(i++, times.length - 1)] });
  attempt.count = () => i;
  return attempt;
}

test('a loaded repetition is run again; the rejected attempt stays in the sample', async () => {
  const attempt = okAttempt([150, 100]);
  const sample = await measureRepetition(attempt, { meter: fakeMeter('0.6,0.02'), maxInterferencePct: 15, retries: 2, load1: () => 1.5 });
  assert.equal(attempt.count(), 2);
  assert.equal(sample.timeMs, 100);
  assert.equal(sample.other, 0.02);
  assert.equal(sample.interfered, undefined);
  assert.equal(sample.retries.length, 1);
  assert.deepEqual(Object.keys(sample.retries[0]).sort(), ['load1', 'other', 'reason', 'steal', 'timeMs']);
  assert.equal(sample.retries[0].other, 0.6);
  assert.equal(sample.retries[0].timeMs, 150);
  assert.match(sample.retries[0].reason, /60 %/);
});

test('a machine that stays loaded ends with a flagged sample, not a loop', async () => {
  const attempt = okAttempt([150, 140, 130, 120]);
  const sample = await measureRepetition(attempt, { meter: fakeMeter('0.9'), maxInterferencePct: 15, retries: 2 });
  assert.equal(attempt.count(), 3, 'one attempt and two retries');
  assert.equal(sample.timeMs, 130, 'the last attempt is kept');
  assert.equal(sample.retries.length, 2);
  assert.match(sample.interfered, /90 %/);
});

test('failures and unknown readings are not retried; an interrupted run stops retrying', async () => {
  let calls = 0;
  const crash = await measureRepetition(async () => { calls++; return { rep: 1, status: 'crash', error: 'x' }; },
    { meter: fakeMeter('0.9'), maxInterferencePct: 15, retries: 2 });
  assert.equal(calls, 1);
  assert.equal(crash.interfered, undefined);
  const unknown = okAttempt([100]);
  await measureRepetition(unknown, { meter: procMeter({ stat: '/nonexistent', self: '/nonexistent' }), maxInterferencePct: 0, retries: 2 });
  assert.equal(unknown.count(), 1);
  const stopping = okAttempt([100]);
  const s = await measureRepetition(stopping, { meter: fakeMeter('0.9'), maxInterferencePct: 15, retries: 5, stopped: () => true });
  assert.equal(stopping.count(), 1);
  assert.ok(s.interfered);
});

test('bench.js: a loaded repetition is retried and recorded in the data file', async (t) => {
  const out = tempOut(t);
  const r = await runBench([...ONE, '--reps', '1', '--retries', '2', '--out', out], { env: { ASYNCBENCH_FAKE_INTERFERENCE: '0.5,0' } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /run again \(1\/2\): other processes took 50 %/);
  const cell = styleCell(readData(out));
  const [sample] = cell.samples;
  assert.equal(sample.retries.length, 1);
  assert.equal(sample.retries[0].other, 0.5);
  assert.equal(sample.other, 0);
  assert.match(sample.interferenceSource, /injected/);
  assert.equal(cell.retried, 1);
  assert.equal(cell.interfered, 0);
  assert.match(r.stdout, /interference: 1 loaded attempt/);
});

test('bench.js: a permanently loaded machine leaves flagged samples and the run ends', async (t) => {
  const out = tempOut(t);
  const r = await runBench([...ONE, '--reps', '2', '--retries', '1', '--out', out], { env: { ASYNCBENCH_FAKE_INTERFERENCE: '1' } });
  assert.equal(r.code, 0, r.stderr);
  const cell = styleCell(readData(out));
  assert.deepEqual(cell.samples.map((s) => s.retries.length), [1, 1]);
  assert.ok(cell.samples.every((s) => /100 %/.test(s.interfered)));
  assert.equal(cell.interfered, 2);
  assert.deepEqual(validate(readData(out)), []);
});

test('nextReps: at least one more, at most half again, never past the cap', () => {
  const s = { maxReps: 25 };
  const miss = (halfWidthPct, targetPct = 3) => [{ halfWidthPct, targetPct }];
  assert.equal(nextReps(5, miss(null), s), 6, 'the smallest sample with a 95 % interval');
  assert.equal(nextReps(6, miss(3.2), s), 7);
  assert.equal(nextReps(6, miss(12), s), 9);
  assert.equal(nextReps(20, miss(12), s), 25);
  assert.equal(nextReps(24, miss(3.1), s), 25);
});

test('nextReps: the figure furthest from its target decides (cold and warm)', () => {
  const s = { maxReps: 100 };
  // cold ±5.5 % for ±5: 20·1.21 → 25; warm ±2.6 % for ±2: 20·1.69 → 34, capped at half again (30)
  assert.equal(nextReps(20, [{ halfWidthPct: 5.5, targetPct: 5 }], s), 25);
  assert.equal(nextReps(20, [{ halfWidthPct: 5.5, targetPct: 5 }, { halfWidthPct: 2.6, targetPct: 2 }], s), 30);
  assert.equal(nextReps(20, [{ halfWidthPct: 2.1, targetPct: 2 }], s), 23);
});

test('extraJobs: a cell whose cold median is within target but whose warm one is not gets more reps', () => {
  const settings = { reps: 6, maxReps: 12, ciTarget: 5, warmCiTarget: 2, seed: 1 };
  const tightCold = [100, 100.1, 100.2, 100, 100.1, 100.2];
  const cell = (warm, steady = true) => ({ status: 'ok', samples: tightCold.map((timeMs, i) => ({
    rep: i + 1, status: 'ok', timeMs, warmMs: steady ? warm[i] : null, warmSteady: steady, warmBatchesMs: [warm[i]] })) });
  const stored = {
    warmWide: cell([40, 44, 48, 36, 42, 46]),
    warmTight: cell([40, 40.1, 40.2, 40, 40.1, 40.2]),
    // no steady repetition: the style is reported unsteady, not chased with reps
    unsteady: cell([40, 40, 40, 40, 40, 40], false),
    coldOnly: { status: 'ok', samples: tightCold.map((timeMs, i) => ({ rep: i + 1, status: 'ok', timeMs })) }
  };
  const cells = Object.keys(stored).map((key) => ({ key }));
  const keys = [...new Set(extraJobs(cells, (k) => stored[k], settings, 2).map((j) => j.cell.key))].sort();
  assert.deepEqual(keys, ['warmWide']);
  // Past --warm-max-reps warm repetitions, a wide warm figure is reported as it is: no more warm batches.
  const wideBoth = { status: 'ok', samples: [100, 120, 140, 90, 110, 130].map((timeMs, i) => ({
    rep: i + 1, status: 'ok', timeMs, warmMs: [40, 44, 48, 36, 42, 46][i], warmSteady: true, warmBatchesMs: [40] })) };
  const capped = extraJobs([{ key: 'wideBoth' }], () => wideBoth, Object.assign({}, settings, { warmMaxReps: 6 }), 2);
  assert.ok(capped.length > 0, 'the cold figure still gets repetitions');
  assert.ok(capped.every((j) => j.coldOnly), 'but without warm batches');
  assert.ok(extraJobs([{ key: 'wideBoth' }], () => wideBoth, settings, 2).every((j) => !j.coldOnly));
  // With the warm target as loose as the cold one, the wide warm cell is done too.
  const loose = Object.assign({}, settings, { warmCiTarget: 50 });
  assert.deepEqual(extraJobs(cells, (k) => stored[k], loose, 2), []);
});

test('extraJobs: only measured ok cells that miss the target, numbered after their last rep', () => {
  const settings = { reps: 6, maxReps: 12, ciTarget: 3, seed: 1 };
  const samples = (times) => times.map((timeMs, i) => ({ rep: i + 1, status: 'ok', timeMs }));
  const stored = {
    wide: { status: 'ok', samples: samples([100, 120, 140, 90, 110, 130]) },
    tight: { status: 'ok', samples: samples([100, 100.1, 100.2, 100, 100.1, 100.2]) },
    failed: { status: 'crash', samples: samples([100, 150]) },
    capped: { status: 'ok', samples: samples([100, 120, 140, 90, 110, 130, 100, 120, 140, 90, 110, 130]) },
    replacing: { status: 'ok', replacing: 'r', samples: samples([100, 120, 140, 90, 110, 130]) }
  };
  const cells = Object.keys(stored).map((key) => ({ key })).concat({ key: 'skip', skip: 'no' });
  const jobs = extraJobs(cells, (k) => stored[k], settings, 2);
  assert.deepEqual([...new Set(jobs.map((j) => j.cell.key))], ['wide']);
  assert.deepEqual(jobs.map((j) => j.rep).sort((a, b) => a - b), [7, 8, 9]);
  assert.deepEqual(extraJobs(cells, (k) => stored[k], Object.assign({}, settings, { maxReps: 6 }), 2), []);
});

function fakeBench(args, env) {
  return runBench([...ONE, '--runtime', FAKE_RUNTIME, ...args], { env: Object.assign({}, QUIET, env) });
}

test('adaptive repetitions: a wide cell gets more reps up to --max-reps, a tight one none', async (t) => {
  const wideOut = tempOut(t);
  const wide = await fakeBench(['--reps', '6', '--max-reps', '12', '--out', wideOut], { FAKE_TIMES: 'wide' });
  assert.equal(wide.code, 0, wide.stderr);
  // Each group also holds the floor workload's cell (scripts/harness/floor-workload.js),
  // which the fake runtime times the same way: two cells per run.
  const w = readData(wideOut).cells.find((c) => c.variant !== 'floor');
  assert.deepEqual(w.samples.map((s) => s.rep), Array.from({ length: 12 }, (_, i) => i + 1));
  assert.equal(w.timeCi.met, false);
  assert.equal(w.timeCi.reps, 12);
  assert.ok(w.timeCi.halfWidthPct > 3);
  assert.match(wide.stderr, /pass 2: \d+ more repetitions/);
  assert.match(wide.stdout, /precision: 0 of 2 cells .* within ±3 %/);

  const tightOut = tempOut(t);
  const tight = await fakeBench(['--reps', '6', '--max-reps', '12', '--out', tightOut], { FAKE_TIMES: 'tight' });
  assert.equal(tight.code, 0, tight.stderr);
  const c = readData(tightOut).cells.find((x) => x.variant !== 'floor');
  assert.equal(c.samples.length, 6);
  assert.equal(c.timeCi.met, true);
  assert.equal(c.timeCi.targetPct, 3);
  assert.doesNotMatch(tight.stderr, /pass 2/);
  assert.match(tight.stderr, /2 of 2 cells have a 95 % interval of the median within ±3 %/);
  assert.deepEqual(validate(readData(tightOut)), []);
});

test('adaptive repetitions: warm batches only while the warm figure misses its target', async (t) => {
  // Cold wide, warm tight: the extra repetitions chase the cold figure and run cold only.
  const coldOut = tempOut(t);
  const coldCalls = path.join(tempDir(t), 'calls');
  const cold = await fakeBench(['--reps', '6', '--max-reps', '10', '--warm-batches', '2', '--warm-min-steady', '2', '--out', coldOut],
    { FAKE_TIMES: 'wide', FAKE_WARM: 'tight', FAKE_CALLS: coldCalls });
  assert.equal(cold.code, 0, cold.stderr);
  const c = styleCell(readData(coldOut));
  assert.equal(c.samples.length, 10);
  const warmReps = (cell) => cell.samples.filter((s) => Array.isArray(s.warmBatchesMs)).map((s) => s.rep).sort((a, b) => a - b);
  assert.deepEqual(warmReps(c), [1, 2, 3, 4, 5, 6], 'the planned repetitions have warm batches, the extra ones not');
  assert.equal(c.warmCi.met, true);
  assert.equal(c.warmCi.targetPct, 2);
  assert.equal(c.warm.median, stats.median(c.samples.filter((s) => s.warmMs != null).map((s) => s.warmMs)));
  const lines = fs.readFileSync(coldCalls, 'utf8').trim().split('\n');
  assert.equal(lines.filter((l) => l === 'cell').length, 2 * 4, 'style and floor: 4 cold-only extra repetitions each');

  // Cold tight, warm wide: the cold target is met after 6, the warm one is not,
  // so the cell gets more repetitions, with warm batches.
  const warmOut = tempOut(t);
  const warm = await fakeBench(['--reps', '6', '--max-reps', '10', '--warm-batches', '2', '--warm-min-steady', '2', '--out', warmOut],
    { FAKE_TIMES: 'tight', FAKE_WARM: 'wide' });
  assert.equal(warm.code, 0, warm.stderr);
  const w = styleCell(readData(warmOut));
  assert.equal(w.timeCi.met, true);
  assert.equal(w.samples.length, 10);
  assert.deepEqual(warmReps(w), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.equal(w.warmCi.met, false);
  assert.match(warm.stderr, /2 of 2 cells have a 95 % interval of the median within ±3 %; 0 of 2 warm figures within ±2 %/);
});

test('--resume continues adaptive repetitions: a stopped pass, then a wider cap', async (t) => {
  const out = tempOut(t);
  const ready = path.join(tempDir(t), 'ready');
  // First run: killed (SIGKILL) while repetition 9 of the adaptive passes runs.
  const killed = await new Promise((resolve) => {
    runBench([...ONE, '--runtime', FAKE_RUNTIME, '--reps', '6', '--max-reps', '12', '--out', out], {
      env: Object.assign({}, QUIET, { FAKE_TIMES: 'wide', FAKE_HANG_AT_REP: '9', FAKE_READY: ready }),
      onStart(child) {
        until(() => readyPid(ready)).then((pid) => {
          t.after(() => killQuietly(pid));
          child.kill('SIGKILL');
        });
      }
    }).then(resolve);
  });
  assert.equal(killed.signal, 'SIGKILL');
  const before = styleCell(readMeasured(out)).samples;
  assert.ok(before.length >= 6 && before.length < 12, `${before.length} samples before the kill`);
  assert.ok(!before.some((s) => s.rep === 9));
  await until(() => isGone(readyPid(ready)));

  const resumed = await fakeBench(['--reps', '6', '--max-reps', '12', '--resume', '--out', out], { FAKE_TIMES: 'wide' });
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /0 jobs to run/, 'the planned repetitions were all there');
  const after = styleCell(readData(out)).samples;
  assert.equal(after.length, 12);
  for (const s of before) assert.deepEqual(after.find((a) => a.rep === s.rep), s, `rep ${s.rep} kept`);

  // A wider cap on a cell with a wide interval: more repetitions.
  const wider = await fakeBench(['--reps', '6', '--max-reps', '15', '--resume', '--out', out], { FAKE_TIMES: 'wide' });
  assert.equal(wider.code, 0, wider.stderr);
  const cell = styleCell(readData(out));
  assert.equal(cell.samples.length, 15);
  assert.equal(cell.timeCi.reps, 15);
  assert.deepEqual(validate(readData(out)), []);

  // A looser target: the kept cell is judged against it and needs nothing more.
  const loose = await fakeBench(['--reps', '6', '--max-reps', '20', '--ci-target', '50', '--resume', '--out', out], { FAKE_TIMES: 'wide' });
  assert.equal(loose.code, 0, loose.stderr);
  const judged = styleCell(readData(out));
  assert.equal(judged.samples.length, 15);
  assert.equal(judged.timeCi.targetPct, 50);
  assert.equal(judged.timeCi.met, true);
});

test('the schema checks the noise fields of a sample', () => {
  const { validateSample } = require('../../scripts/harness/datafile');
  const ok = { rep: 1, run: 'r', status: 'ok', timeMs: 1, p50Ms: 1, p99Ms: 1, peakRssMb: 1, heapMb: 1, failed: 0 };
  assert.deepEqual(validateSample(Object.assign({}, ok, { steal: 0, other: null, interferenceSource: 'none: x',
    retries: [{ load1: 1, steal: 0, other: 0.5, timeMs: 2, reason: 'r' }], interfered: 'r' })), []);
  assert.notDeepEqual(validateSample(Object.assign({}, ok, { other: 1.5 })), []);
  assert.notDeepEqual(validateSample(Object.assign({}, ok, { retries: [{ other: 0.5 }] })), []);
});

test('noise options: defaults, --quick, an explicit --reps, and invalid values', () => {
  const { parseArgs } = require('../../scripts/harness/bench-args');
  const s = (argv) => parseArgs(argv, {}).settings;
  assert.deepEqual([s([]).ciTarget, s([]).maxReps, s([]).maxInterference, s([]).retries], [3, 25, 15, 2]);
  assert.deepEqual([s(['--quick']).reps, s(['--quick']).maxReps, s(['--quick']).retries], [1, 1, 0]);
  assert.equal(s(['--reps', '7']).maxReps, 7, 'an explicit --reps without --max-reps: exactly that many');
  assert.equal(s(['--reps', '7', '--max-reps', '9']).maxReps, 9);
  assert.equal(s(['--sweep']).maxReps, 12);
  assert.equal(s(['--ci-target', '2.5']).ciTarget, 2.5);
  for (const [argv, message] of [
    [['--ci-target', '0'], /--ci-target: expected a decimal number > 0/],
    [['--max-reps', '3', '--reps', '5'], /--max-reps 3 is below --reps 5/],
    [['--max-interference', '101'], /--max-interference/],
    [['--retries', '-1'], /--retries/],
    [['--retries', '21'], /--retries/]
  ]) {
    assert.throws(() => parseArgs(argv, {}), (err) => err.name === 'UsageError' && message.test(err.message), argv.join(' '));
  }
});

test('bench.js exits 2 naming an invalid noise option', async (t) => {
  const r = await runBench(['--max-reps', '2', '--reps', '3', '--out', tempOut(t)]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--max-reps 2 is below --reps 3/);
});
