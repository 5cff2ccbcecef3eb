// The warm series' classes (issue 41): counted per cell for the data file,
// and derived again from stored series by `npm run data -- rederive`, so a
// file measured under the window rule of before (warm.js's history) gets the
// figures the classifier gives, from the same batches.
'use strict';
const warm = require('./measure/warm');

const CLASSES = Object.freeze(['flat', 'warmup', 'slowdown', 'no-steady-state']);
// How a reader sees each class, on the pages and in the run's summary.
const LABELS = Object.freeze({ flat: 'flat', warmup: 'warm-up', slowdown: 'slowdown', 'no-steady-state': 'no steady state' });

// A cell's warmClasses in words, the classes it has, in CLASSES' order:
// "11 flat, 4 warm-up, 1 no steady state"; '' without counts.
function describeClasses(counts) {
  if (!counts) return '';
  return CLASSES.filter((c) => counts[c] > 0).map((c) => `${counts[c]} ${LABELS[c]}`).join(', ');
}

// The cell's `warmClasses`: ok samples with a warm series counted by class.
function countClasses(samples) {
  const counts = Object.fromEntries(CLASSES.map((c) => [c, 0]));
  for (const s of samples) if (s.status === 'ok' && Array.isArray(s.warmBatchesMs) && s.warmClass) counts[s.warmClass]++;
  return counts;
}

// The steady segment a run asked for: its warmMinSteady; for a run of the
// window rule (before issue 41), its window (warmBatches), the batches it
// wanted to see settled; else the classifier's default.
function minSteadyOf(harness) {
  if (harness && Number.isInteger(harness.warmMinSteady)) return harness.warmMinSteady;
  if (harness && Number.isInteger(harness.warmup) && harness.warmBatches > 0) return harness.warmBatches;
  return warm.DEFAULTS.minSteady;
}

// Every ok sample with a warm series in `data` (perf@1) classified again, in
// place: warmMs, warmSteady, warmClass, warmSteadyFrom. → how many.
function reclassify(data) {
  let count = 0;
  for (const cell of data.cells) {
    for (const sample of cell.samples) {
      if (sample.status !== 'ok' || !Array.isArray(sample.warmBatchesMs)) continue;
      const run = data.runs[sample.run || cell.run];
      Object.assign(sample, warm.fields(sample.warmBatchesMs, minSteadyOf(run && run.harness)));
      count++;
    }
  }
  return count;
}

module.exports = { CLASSES, LABELS, countClasses, describeClasses, minSteadyOf, reclassify };
