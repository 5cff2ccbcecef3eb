// The price of a library's long-stack switch in time and memory, measured by
// the benchmark's own child runner (analyzers may run the harness child).
'use strict';
const { summarize } = require('../lib/stats');
const { runCell } = require('../harness/spawn-cell');
const { gcFlags } = require('../harness/runtime-record');
const { exampleFile } = require('../lib/paths');

// The switch's price: n concurrent uploads with every fake operation taking
// 1 ms (the 2013 "CPU-bound" setting), measured by the benchmark's own child
// runner (scripts/harness/child.js --long-stacks), so time and peak memory mean
// exactly what they mean in data/perf.json. Fresh processes, switch off and
// on alternating so drift hits both alike.
// `runtime`: a probed runtime record (path, flags, harnessFlags, env); by
// default the node running this script.
async function switchCost(entry, { costN, costReps, costDelay }, runtime = { path: process.execPath, flags: [], harnessFlags: gcFlags('node') }) {
  const cell = { file: exampleFile(entry.file), scenario: 'upload', n: costN, t: costDelay };
  const samples = { off: { ms: [], peakRssMB: [] }, on: { ms: [], peakRssMB: [] } };
  const failures = [];
  for (let rep = 0; rep < costReps; rep++) {
    const order = rep % 2 ? ['on', 'off'] : ['off', 'on'];
    for (const setting of order) {
      const longStacks = setting === 'on' ? entry.longStackTraces : null;
      const r = await runCell(runtime, { ...cell, longStacks }, rep, { timeoutMs: 120000, seed: 1 });
      if (r.status !== 'ok') {
        failures.push(`${setting} rep ${rep}: ${r.status}: ${r.error}`);
        continue;
      }
      samples[setting].ms.push(Math.round(r.timeMs * 100) / 100);
      samples[setting].peakRssMB.push(Math.round(r.peakRssMb * 10) / 10);
    }
  }
  const off = { ms: summarize(samples.off.ms), peakRssMB: summarize(samples.off.peakRssMB) };
  const on = { ms: summarize(samples.on.ms), peakRssMB: summarize(samples.on.peakRssMB) };
  const ratio = (a, b) => (a && b ? Math.round((b / a) * 100) / 100 : null);
  return {
    switch: entry.longStackTraces,
    n: costN, delayMs: costDelay, reps: costReps,
    samples, off, on,
    timeRatio: ratio(off.ms.median, on.ms.median),
    extraMs: off.ms.median !== null && on.ms.median !== null ? Math.round((on.ms.median - off.ms.median) * 10) / 10 : null,
    extraPeakRssMB: off.peakRssMB.median !== null && on.peakRssMB.median !== null
      ? Math.round((on.peakRssMB.median - off.peakRssMB.median) * 10) / 10 : null,
    failures,
  };
}

module.exports = { switchCost };
