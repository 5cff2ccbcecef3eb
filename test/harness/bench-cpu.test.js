// CPU time beside wall time (issue 41, item 3) on a real child run of the
// reference variant: every batch, cold and warm, records the process's CPU
// time, above 0 and at most the wall time on every core (plus one 10 ms tick
// of the /proc fallback); where the runtime reports GC events, the GC pause
// time too. Only the shape and the bound are asserted, never a timed value.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { TICK_MS } = require('../../scripts/harness/cpu-clock');
const { validateSample } = require('../../scripts/harness/datafile');

const ROOT = path.join(__dirname, '..', '..');
const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const CORES = os.cpus().length;

function child(extra) {
  const r = spawnSync(process.execPath, ['--expose-gc', CHILD, '--variant', path.join(ROOT, 'examples', 'original.js'), '--scenario', 'upload',
    '--n', '200', '--t', '0', '--seed', '1', ...extra], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, timeout: 60000 });
  const lines = r.stdout.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, `one result line, got:\n${r.stdout}\nstderr: ${r.stderr}`);
  assert.equal(r.status, 0, r.stdout);
  return JSON.parse(lines[0]);
}

function assertBounded(cpuMs, wallMs, what) {
  assert.equal(typeof cpuMs, 'number', `${what}: CPU time recorded`);
  assert.ok(cpuMs > 0, `${what}: CPU time ${cpuMs} ms is above 0`);
  assert.ok(cpuMs <= wallMs * CORES + TICK_MS, `${what}: CPU time ${cpuMs} ms is at most ${wallMs} ms × ${CORES} cores (+ ${TICK_MS} ms)`);
}

test('cpu: the cold batch records the process\'s CPU time, bounded by its wall time on every core, and its GC time', () => {
  const record = child([]);
  assert.equal(record.cpuSource, 'process.cpuUsage', 'this Node has process.cpuUsage');
  assertBounded(record.cpuMs, record.timeMs, 'cold batch');
  assert.equal(record.gcSource, 'perf_hooks', 'this Node reports GC events');
  assert.ok(record.gcMs >= 0 && record.gcMs <= record.timeMs, `GC pause ${record.gcMs} ms within the batch's ${record.timeMs} ms`);
  assert.deepEqual(validateSample({ rep: 1, run: 'r', ...record }), []);
});

test('cpu: every warm batch records its CPU and GC time, in arrays parallel to warmBatchesMs', () => {
  const record = child(['--warm-batches', '6', '--warm-min-steady', '6']);
  assert.equal(record.warmCpuBatchesMs.length, record.warmBatchesMs.length);
  assert.equal(record.warmGcBatchesMs.length, record.warmBatchesMs.length);
  record.warmBatchesMs.forEach((wallMs, i) => {
    assertBounded(record.warmCpuBatchesMs[i], wallMs, `warm batch ${i + 1}`);
    assert.ok(record.warmGcBatchesMs[i] >= 0 && record.warmGcBatchesMs[i] <= wallMs, `warm batch ${i + 1}: GC pause within the batch`);
  });
  assert.deepEqual(validateSample({ rep: 1, run: 'r', ...record }), []);
});
