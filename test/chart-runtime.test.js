'use strict';
// Which runtime a chart or table shows when the page names none: "now" (the
// current Node LTS) when the data hold it, even if another runtime has more
// cells (node-14 also runs the fibers variants); else the one with the most.
const test = require('node:test');
const assert = require('node:assert/strict');
const { selectCells } = require('../site/lib/cells');
const { runtimeMatches, NOW_RUNTIME } = require('../site/lib/runtime-match');

const cell = (runtime, variant) => ({ runtime, variant, scenario: 'upload', mode: 'cpu', n: 1000, status: 'ok' });
const runtimesOf = (cells) => [...new Set(cells.map((c) => c.runtime))];

test('without runtime=, the current LTS is shown when measured, whatever has more cells', () => {
  const perf = { cells: [cell('node-14@14.21.3', 'original'), cell('node-14@14.21.3', 'fibrous'), cell('node-24@24.21.0', 'original')] };
  assert.equal(NOW_RUNTIME, 'node-24');
  assert.deepEqual(runtimesOf(selectCells(perf, { scenario: 'upload', mode: 'cpu' })), ['node-24@24.21.0']);
});

test('without the LTS in the data, the runtime with the most cells; runtime= picks by id or prefix', () => {
  const perf = { cells: [cell('node-14@14.21.3', 'original'), cell('node-14@14.21.3', 'fibrous'), cell('node-0.11@0.11.14', 'original')] };
  assert.deepEqual(runtimesOf(selectCells(perf, { scenario: 'upload' })), ['node-14@14.21.3']);
  assert.deepEqual(runtimesOf(selectCells(perf, { runtime: 'node-0.11' })), ['node-0.11@0.11.14']);
  assert.ok(runtimeMatches('node-20.20.2', 'node-20'));
  assert.ok(!runtimeMatches('node-240@1', 'node-24'));
});

test('"Measured on" gives the repetitions the cells hold, not the run\'s base setting', () => {
  const { perfEnv } = require('../site/lib/provenance');
  const samples = (k) => Array.from({ length: k }, () => ({ status: 'ok' }));
  const run = { date: '2026-11-23T13:22:12.182Z', harness: { reps: 5 }, runtimes: { 'node-24@24.21.0': { name: 'node', version: '24.21.0', flags: [] } }, host: { cpu: 'cpu', cores: 2, os: 'os' } };
  const perf = { runs: { 'r/node-24@24.21.0': run }, cells: [] };
  const cells = [{ run: 'r/node-24@24.21.0', samples: samples(6) }, { run: 'r/node-24@24.21.0', samples: samples(25).concat({ status: 'timeout' }) }];
  assert.match(perfEnv(perf, cells), /6–25 repetitions per point/);
  assert.match(perfEnv(perf, [cells[0]]), /6 repetitions per point/);
  assert.match(perfEnv(perf, [{ run: 'r/node-24@24.21.0' }]), /5 repetitions per point/, 'cells without samples: the setting');
});

// Issue 29: a run that measured several runtimes (--runtimes node-0.11,node-24)
// was described by its first runtime, so the Node 24 charts it drew said
// "Measured on node 0.11.14". A caption names the runtimes of its cells.
test('"Measured on" names the runtime of each cell, not the first runtime of its run', () => {
  const { perfEnv } = require('../site/lib/provenance');
  const id = 'r/node-0.11@0.11.14+node-24@24.21.0';
  const run = { date: '2026-11-23T23:52:55.416Z', harness: { reps: 5 }, host: { cpu: 'cpu', cores: 2, os: 'os' }, git: { commit: 'a'.repeat(40), dirty: false },
    runtimes: { 'node-0.11@0.11.14': { name: 'node', version: '0.11.14', flags: ['--harmony'] }, 'node-24@24.21.0': { name: 'node', version: '24.21.0', flags: [] } } };
  const perf = { runs: { [id]: run }, cells: [] };
  const on = (runtime) => ({ run: id, runtime });
  assert.equal(perfEnv(perf, [on('node-24@24.21.0')]), 'node 24.21.0, cpu (2 cores), os, 2026-11-23, commit aaaaaaaaaa, 5 repetitions per point');
  assert.equal(perfEnv(perf, [on('node-0.11@0.11.14'), on('node-24@24.21.0')]),
    'node 0.11.14 --harmony and node 24.21.0, cpu (2 cores), os, 2026-11-23, commit aaaaaaaaaa, 5 repetitions per point');
});
