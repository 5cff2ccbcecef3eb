'use strict';
// Which runtime a chart or table shows when the page names none: "now" (the
// current Node LTS) when the data hold it, even if another runtime has more
// cells (node-14 also runs the fibers variants); else the one with the most.
const test = require('node:test');
const assert = require('node:assert/strict');
const { selectCells } = require('../../site/lib/cells');
const { runtimeMatches, NOW_RUNTIME } = require('../../site/lib/runtime-match');
const { profileName } = require('../../scripts/lib/runtime-id');

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

test('keepFailed returns the chosen runtime\'s failed cells too, never its skipped ones nor another runtime\'s', () => {
  const failed = (runtime, variant, status) => ({ ...cell(runtime, variant), n: 50000, status });
  const perf = { cells: [
    cell('node-24@24.21.0', 'original'), failed('node-24@24.21.0', 'fibrous', 'oom'), failed('node-24@24.21.0', 'x', 'skipped'),
    failed('node-14@14.21.3', 'fibrous', 'oom'), failed('node-14@14.21.3', 'original', 'oom')
  ] };
  const statuses = (cells) => cells.map((c) => `${profileName(c.runtime)}:${c.variant}:${c.status}`).sort();
  assert.deepEqual(statuses(selectCells(perf, { scenario: 'upload' })), ['node-24:original:ok']);
  assert.deepEqual(statuses(selectCells(perf, { scenario: 'upload', keepFailed: true })), ['node-24:fibrous:oom', 'node-24:original:ok']);
  assert.deepEqual(selectCells(perf, { runtime: 'node-14', keepFailed: true }), [], 'a runtime without a measured cell has nothing to show');
});

test('"Measured on" gives the repetitions the cells hold, not the run\'s base setting', () => {
  const { perfEnv } = require('../../site/lib/provenance');
  const samples = (k) => Array.from({ length: k }, () => ({ status: 'ok' }));
  const run = { date: '2026-11-23T13:22:12.182Z', harness: { reps: 5 }, runtimes: { 'node-24@24.21.0': { name: 'node', version: '24.21.0', flags: [] } }, host: { cpu: 'cpu', cores: 2, os: 'os' } };
  const perf = { runs: { 'r/node-24@24.21.0': run }, cells: [] };
  const cells = [{ run: 'r/node-24@24.21.0', samples: samples(6) }, { run: 'r/node-24@24.21.0', samples: samples(25).concat({ status: 'timeout' }) }];
  assert.match(perfEnv(perf, cells), /6–25 repetitions per point/);
  assert.match(perfEnv(perf, [cells[0]]), /6 repetitions per point/);
  assert.match(perfEnv(perf, [{ run: 'r/node-24@24.21.0' }]), /5 repetitions per point/, 'cells without samples: the setting');
});

test('"Measured on" names the runtime of the cells, not the first runtime of a run that measured several', () => {
  // streamline-modes ran Node 24 and Node 14 in one run; its Node 14 charts said "node 24.21.0".
  const { perfEnv } = require('../../site/lib/provenance');
  const id = '2026-11-23T17:23:21.573Z/node-24@24.21.0+node-14@14.21.3';
  const run = {
    date: '2026-11-23T17:23:21.573Z',
    runtimes: { 'node-24@24.21.0': { name: 'node', version: '24.21.0', flags: [] }, 'node-14@14.21.3': { name: 'node', version: '14.21.3', flags: [] } },
    host: { cpu: 'cpu', cores: 2, os: 'os' },
  };
  const perf = { runs: { [id]: run }, cells: [] };
  const of = (runtime) => ({ run: id, runtime, samples: [{ status: 'ok' }] });
  const fourteen = perfEnv(perf, [of('node-14@14.21.3')]);
  assert.match(fourteen, /node 14\.21\.3/);
  assert.doesNotMatch(fourteen, /24\.21\.0/);
  const both = perfEnv(perf, [of('node-24@24.21.0'), of('node-14@14.21.3')]);
  assert.match(both, /^node 24\.21\.0 and node 14\.21\.3, cpu \(2 cores\)/, 'measured alike: one line');
});

test('"Measured on" names the machine of each cell of a merged file, not the merging run\'s', () => {
  const { perfEnv } = require('../../site/lib/provenance');
  const run = { date: '2026-11-23', runtimes: { 'bun@1.4.5': { name: 'bun', version: '1.4.5', flags: [] } }, host: { cpu: 'Intel Xeon', cores: 2, os: 'Linux' } };
  const perf = { runs: { r: run }, hosts: { h1: { cpu: 'AMD EPYC', cores: 4, os: 'Linux' } }, cells: [] };
  assert.match(perfEnv(perf, [{ run: 'r', runtime: 'bun@1.4.5', host: 'h1', samples: [{ status: 'ok' }] }]), /AMD EPYC \(4 cores\)/);
  assert.match(perfEnv(perf, [{ run: 'r', runtime: 'bun@1.4.5', samples: [{ status: 'ok' }] }]), /Intel Xeon \(2 cores\)/);
});

test('a figure names the commands that made it, from the argv its runs recorded, --out as the file in data/', () => {
  const { perfCommands, commandOf } = require('../../site/lib/provenance');
  const perf = { runs: {
    a: { argv: ['--runtimes', 'node-24', '--variants', '^(original|rx)$', '--out', '/work/x/remeasure/perf-node-24.json', '--resume'] },
    b: { argv: ['--runtimes', 'node-24', '--mode', 'io', '--out', 'data/perf-node-24.json'] },
    old: {},
  } };
  assert.equal(commandOf(perf.runs.a), "npm run bench -- --runtimes node-24 --variants '^(original|rx)$' --out data/perf-node-24.json --resume");
  assert.equal(commandOf(perf.runs.old), null, 'a run from before argv was recorded names none');
  assert.deepEqual(perfCommands(perf, [{ run: 'b' }, { run: 'a' }, { run: 'b' }, { run: 'old' }]), [
    'npm run bench -- --runtimes node-24 --mode io --out data/perf-node-24.json',
    "npm run bench -- --runtimes node-24 --variants '^(original|rx)$' --out data/perf-node-24.json --resume",
  ]);
});

// Issue 29: a run that measured several runtimes (--runtimes node-0.11,node-24)
// was described by its first runtime, so the Node 24 charts it drew said
// "Measured on node 0.11.14". A caption names the runtimes of its cells.
test('"Measured on" names the runtime of each cell, not the first runtime of its run', () => {
  const { perfEnv } = require('../../site/lib/provenance');
  const id = 'r/node-0.11@0.11.14+node-24@24.21.0';
  const run = { date: '2026-11-23T23:52:55.416Z', harness: { reps: 5 }, host: { cpu: 'cpu', cores: 2, os: 'os' }, git: { commit: 'a'.repeat(40), dirty: false },
    runtimes: { 'node-0.11@0.11.14': { name: 'node', version: '0.11.14', flags: ['--harmony'] }, 'node-24@24.21.0': { name: 'node', version: '24.21.0', flags: [] } } };
  const perf = { runs: { [id]: run }, cells: [] };
  const on = (runtime) => ({ run: id, runtime });
  assert.equal(perfEnv(perf, [on('node-24@24.21.0')]), 'node 24.21.0, cpu (2 cores), os, 2026-11-23, commit aaaaaaaaaa, 5 repetitions per point');
  assert.equal(perfEnv(perf, [on('node-0.11@0.11.14'), on('node-24@24.21.0')]),
    'node 0.11.14 --harmony and node 24.21.0, cpu (2 cores), os, 2026-11-23, commit aaaaaaaaaa, 5 repetitions per point');
});

test('under a figure: its commands, or a link to the runs list when it draws from many runs', () => {
  const { provenance } = require('../../site/render/chart-html');
  assert.equal(provenance({ env: 'node 24', commands: ['npm run bench -- --mode io'] }), 'Measured on node 24. Made by <code class="command">npm run bench -- --mode io</code>');
  assert.match(provenance({ env: 'many', commands: ['a', 'b', 'c', 'd'] }), /Made by 4 runs, whose commands are listed on the <a href="\/posts\/results\/#the-runs-behind-the-figures">results page<\/a>$/);
  assert.equal(provenance({ env: 'old' }), 'Measured on old', 'runs from before commands were kept name none');
});
