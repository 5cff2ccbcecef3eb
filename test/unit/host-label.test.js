'use strict';
// The short host id of the "Measured on" lines (site/lib/provenance.js,
// issue 42 item 1): two hosts of one CPU model are told apart by their
// kernel's build.
const test = require('node:test');
const assert = require('node:assert/strict');
const { hostLabel, perfEnv } = require('../../site/lib/provenance');

test('hostLabel: the CPU and the kernel build, or the CPU alone without a kernel', () => {
  assert.equal(hostLabel({ cpu: 'AMD EPYC', kernel: 'Linux 6.18.44-fc-v595' }), 'AMD EPYC · kernel …v595');
  assert.equal(hostLabel({ cpu: 'Intel Xeon', kernel: 'Linux 6.18.44-fc-v657 ' }), 'Intel Xeon · kernel …v657');
  assert.equal(hostLabel({ cpu: 'AMD EPYC' }), 'AMD EPYC');
});

test('"Measured on" names each cell\'s host by that id, so two hosts of one CPU read apart', () => {
  const run = (kernel, date) => ({ date, runtimes: { 'node-24@24.21.0': { name: 'node', version: '24.21.0' } },
    host: { cpu: 'AMD EPYC', cores: 2, os: 'Debian GNU/Linux 12 (bookworm)', kernel } });
  const perf = { runs: { a: run('Linux 6.18.44-fc-v782', '2026-11-25T12:00:00Z'), b: run('Linux 6.18.44-fc-v595', '2026-11-27T12:00:00Z') } };
  const cell = (id, rep) => ({ run: id, runtime: 'node-24@24.21.0', samples: [{ status: 'ok', rep }] });
  const text = perfEnv(perf, [cell('a', 1), cell('b', 1)]);
  assert.match(text, /AMD EPYC · kernel …v782 \(2 cores\), Debian GNU\/Linux 12 \(bookworm\), 2026-11-25/);
  assert.match(text, /AMD EPYC · kernel …v595 \(2 cores\), Debian GNU\/Linux 12 \(bookworm\), 2026-11-27/);
});
