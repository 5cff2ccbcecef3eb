'use strict';
// scripts/analyze/warm-levels.js on a made-up perf file whose answer is known:
// one style whose processes each settle at a level of their own (tight
// batches, spread levels), one whose processes share a level and whose
// batches scatter, and the repetitions a run does not count.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { warmLevels } = require('../../scripts/analyze/warm-levels');
const stats = require('../../scripts/lib/stats');

const SCRIPT = path.join(__dirname, '..', '..', 'scripts', 'analyze', 'warm-levels.js');
const WINDOW = 8;
const RUN = 'run-1';

// A steady repetition: 4 warm-up batches, then a window around `level` whose
// batches alternate level·(1 ± jitter).
function sample(rep, level, jitter, coldMs, extra = {}) {
  const window = Array.from({ length: WINDOW }, (_, i) => level * (1 + (i % 2 ? jitter : -jitter)));
  return { rep, status: 'ok', timeMs: coldMs, warmMs: stats.median(window), warmSteady: true,
    warmBatchesMs: [level * 3, level * 2, level * 1.5, level * 1.2, ...window], wallMs: 500, ...extra };
}
const cell = (variant, samples) => ({ scenario: 'upload', mode: 'cpu', n: 1000, variant, run: RUN, warm: { median: 1 }, samples });

const levels = [10, 11, 12, 13, 14, 15, 16, 17];
const perf = {
  runs: { [RUN]: { harness: { warmBatches: WINDOW } } },
  cells: [
    // Each process at its own level, batches within ±1 %; the cold batch grows with the level.
    cell('original', levels.map((l, i) => sample(i + 1, l, 0.01, 50 + l))),
    // Every process within ±2 % of 12 ms, batches ±40 %; an unsteady and a failed repetition are left out.
    cell('async-await', [
      ...levels.map((_, i) => sample(i + 1, 12 * (1 + ((i % 3) - 1) * 0.02), 0.4, 60 - i)),
      { ...sample(9, 30, 0.01, 50), warmSteady: false, warmMs: null },
      { ...sample(10, 30, 0.01, 50), status: 'timeout' },
    ]),
    // Another scenario and another n are not read.
    { ...cell('async-await', [sample(1, 99, 0, 1)]), n: 100 },
  ],
};

test('a process that keeps its own level: its window explains little of the spread', () => {
  const r = warmLevels(perf);
  const own = r.styles.find((s) => s.variant === 'original');
  assert.equal(own.processes, 8);
  const warm = levels.map((l) => l); // the median of ±1 % alternating batches is the level itself
  assert.ok(Math.abs(own.spreadPct - (1.4826 * stats.mad(warm)) / stats.median(warm) * 100) < 1e-9);
  assert.ok(own.noiseShare < 0.01, `share ${own.noiseShare}`);
  assert.equal(own.cold, 1, 'the warm level grows with the cold batch');
  assert.equal(r.baseline.variant, 'original');
});

test('processes at one level with scattered batches: the window\'s noise is the whole spread', () => {
  const shared = warmLevels(perf).styles.find((s) => s.variant === 'async-await');
  assert.equal(shared.processes, 8, 'the unsteady and the failed repetitions are not counted');
  assert.ok(shared.noisePct > 15, `noise ${shared.noisePct}`);
  assert.equal(shared.noiseShare, 1);
});

test('the CLI prints the medians, and says what to do with a file it cannot read', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-levels-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'perf.json');
  fs.writeFileSync(file, JSON.stringify(perf));
  const ok = spawnSync(process.execPath, [SCRIPT, file], { encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /median over 2 styles:/);
  assert.match(ok.stdout, /that this noise explains: \d+ %/);
  const none = spawnSync(process.execPath, [SCRIPT, file, '--n', '500'], { encoding: 'utf8' });
  assert.equal(none.status, 2);
  assert.match(none.stderr, /^warm-levels: no CPU-bound upload cells with warm figures at n = 500: measure them with --warm-batches/);
  const missing = spawnSync(process.execPath, [SCRIPT, path.join(dir, 'nope.json')], { encoding: 'utf8' });
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /nope\.json: no such file/);
  const usage = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /give one data file/);
});
