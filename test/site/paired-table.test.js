'use strict';
// The results page's pairedCost table (site/models/paired.js, issue 41 item 2)
// on a fixture: the recorded upload run (unpaired costs) and upload-paired
// cells made from known series, whose pair figures the harness derives as at
// a save. Expected figures are recomputed, not typed in.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { makeLoader } = require('../../site/lib/data-files');
const { tableModel } = require('../../site/models');
const recorded = require('../fixtures/recorded/record');
const datafile = require('../../scripts/harness/datafile');
const { cellCostPerCall } = require('../../scripts/lib/cost-per-call');
const { perCall: us } = require('../../assets/js/cost-format');

const base = JSON.parse(fs.readFileSync(recorded.file('perf-warm'), 'utf8'));
const N = 20;
const uploadCpu = base.cells.filter((c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === N);
const cellOf = (v) => uploadCpu.find((c) => c.variant === v);
const unpaired = (v) => cellCostPerCall(cellOf(v), cellOf('original'));

// 24 rounds at a level with a small, fixed jitter: a flat series for the classifier.
const series = (level) => Array.from({ length: 24 }, (_, i) => level + [0, 0.01, -0.01][i % 3]);

// An upload-paired cell of `variant` whose every process pairs the style at
// callbacks' level + costUs × n / 1000 with callbacks at a level of its own
// (so the cost is the same in every process, whatever its level).
function pairedCell(variant, costUs) {
  const template = cellOf(variant);
  const samples = Array.from({ length: 8 }, (_, k) => {
    const level = 20 + 0.7 * k;
    const { warmMs, warmBatchesMs, warmSteady, warmClass, warmSteadyFrom, warmCpuBatchesMs, warmGcBatchesMs, warmCpuMs, ...rest } =
      template.samples.find((s) => s.status === 'ok');
    return { ...rest, rep: k + 1, pairedFirst: k % 2 ? 'callbacks' : 'style', pairedCallbacksColdMs: 30, pairedCallbacksLoadMs: 5,
      pairedStyleBatchesMs: series(level + costUs * N / 1000), pairedCallbacksBatchesMs: series(level) };
  });
  const cell = { ...template, key: template.key.replace('|upload|', '|upload-paired|'), scenario: 'upload-paired', samples };
  for (const k of ['warm', 'warmCi', 'warmUnsteady', 'warmClasses', 'warmCpu']) delete cell[k];
  return datafile.summarizeCell(cell);
}

const same = unpaired('async-await').costUs;
const apart = unpaired('promises-native').costUs + 500;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-paired-'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.writeFileSync(path.join(dir, 'perf-node-24.json'), JSON.stringify({ ...base,
  cells: base.cells.concat(pairedCell('async-await', same), pairedCell('promises-native', apart)) }));
const load = makeLoader({ dataDir: dir });

test('pairedCost: each style\'s paired cost per call beside its unpaired one, with both intervals', () => {
  const t = tableModel('pairedCost', { n: N }, load);
  assert.deepEqual(t.rows.map((r) => r.name).sort(), ['async-await', 'promises-native']);
  const aa = t.rows.find((r) => r.name === 'async-await');
  assert.equal(aa.unpaired, us(same));
  assert.equal(aa.paired, us(same), 'every process gives the same cost, so its median is that cost');
  assert.equal(aa.pairedCi, `± ${us(0)}`, 'one cost in every process: no spread between processes');
  assert.equal(aa.same, 'yes');
  assert.match(aa.width, /^narrower \(0(\.0+)?×\)$/);
  assert.equal(aa.processes, '8 of 8');
  const pn = t.rows.find((r) => r.name === 'promises-native');
  assert.equal(pn.same, 'no: the intervals do not overlap');
  assert.match(t.caption, /distribution-free interval over processes/);
});

test('pairedCost: without paired cells the table says what to run', () => {
  const t = tableModel('pairedCost', { n: 1000 }, load);
  assert.deepEqual(t.rows, []);
  assert.match(t.empty, /--scenario upload-paired --mode cpu --n 1000/);
});
