// A sample's warm CPU figure (issue 41): warmCpuMs, the median of its warm
// batches' CPU times (warmCpuBatchesMs) over the steady segment, the batches
// from warmSteadyFrom on (steady-state.js's classification, in the sample).
// Derived, not measured: summarizeCell (datafile.js) sets it before every
// save and `npm run data -- rederive` again, so a file written before the
// steady segment existed gets it once rederived. null where the series has no
// steady segment or the sample does not say where it starts; absent on a
// sample without per-batch CPU times.
'use strict';
const { median, round } = require('../lib/stats');

function deriveWarmCpu(sample) {
  const cpu = sample.warmCpuBatchesMs;
  if (!Array.isArray(cpu)) {
    delete sample.warmCpuMs;
    return sample;
  }
  const from = sample.warmSteadyFrom;
  const steady = Number.isInteger(from) && from >= 0 && from < cpu.length ? cpu.slice(from) : null;
  sample.warmCpuMs = steady ? round(median(steady)) : null;
  return sample;
}

module.exports = { deriveWarmCpu };
