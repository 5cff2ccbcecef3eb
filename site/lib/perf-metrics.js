'use strict';
// The metrics of the perf@1 files (data/perf-<profile>.json), once: what
// charts title and draw, what prose prints and compares. For each: the axis title and unit, the cell's
// summary key (data/SCHEMA.md, perf@1 cells), the sample field it is
// summarised from (for intervals worked out from the samples), and how a
// comparative phrase names it ({r}: the ratio).
const PERF_METRICS = {
  time: { title: 'Time for all n calls', unit: 'ms', key: 'time', sample: 'timeMs', phrase: 'took {r} the time of', tie: 'took the same time' },
  // The same batch repeated in one process once steady (issue 28): what a
  // style costs with compilation out of it. Cells from before have no warm figure.
  warm: { title: 'Time for all n calls, warm', unit: 'ms', key: 'warm', sample: 'warmMs', phrase: 'took {r} the warm time of', tie: 'took the same warm time' },
  memory: { title: 'Peak memory', unit: 'MB', key: 'memory', sample: 'peakRssMb', phrase: 'needed {r} the peak memory of', tie: 'needed the same peak memory' },
  heap: { title: 'JS heap in use at the end', unit: 'MB', key: 'heap', sample: 'heapMb', phrase: 'needed {r} the heap of', tie: 'ended with the same heap' },
  'latency-p50': { title: 'Per-call latency, median', unit: 'ms', key: 'latencyP50', sample: 'p50Ms', phrase: 'had {r} the median call latency of', tie: 'had the same median call latency' },
  'latency-p99': { title: 'Per-call latency, 99th percentile', unit: 'ms', key: 'latencyP99', sample: 'p99Ms', phrase: 'had {r} the 99th-percentile call latency of', tie: 'had the same 99th-percentile call latency' },
};

// The companion posts' files (data/delegation.json, streamline-modes.json,
// chains.json; site/models/<name>.js): what their prose prints and claims
// read, by the same fields. Throughput (coroutines a second, delegation) is
// n over each repetition's time, so it orders the styles as time does, the
// other way round: claims rank on time, where less is ahead.
const SCENARIO_METRICS = {
  time: PERF_METRICS.time,
  memory: PERF_METRICS.memory,
  throughput: { title: 'Coroutines finished per second', unit: 'ops/s', key: 'throughput', sample: 'opsPerSec', higherIsBetter: true },
  'after-first': { title: 'Time from the first resolution to the end', unit: 'ms', key: 'afterFirst', sample: 'afterFirstMs' },
};

module.exports = { PERF_METRICS, SCENARIO_METRICS };
