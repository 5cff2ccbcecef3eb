// One repetition of a cell, measured again when other work took too much of
// the machine while it ran (scripts/harness/interference.js). A loaded
// attempt is not thrown away silently: its figures stay in the sample's
// `retries`, and after `retries` further attempts the last one is kept with
// `interfered` saying why, so a machine that never quietens down ends the
// repetition instead of looping. Only ok samples are judged: a crash or a
// timeout is a result of the variant, not of the load.
'use strict';
const os = require('node:os');
const { overLimit } = require('./interference');

function load1Now() {
  return Math.round(os.loadavg()[0] * 100) / 100;
}

// attempt(): Promise<sample>; meter: { start(), stop(token) }; stopped():
// true once the run is being interrupted (no further attempt then).
async function measureRepetition(attempt, { meter, maxInterferencePct, retries, stopped = () => false, onRetry = () => {},
  load1 = load1Now }) {
  const rejected = [];
  for (let i = 0; ; i++) {
    // Other work on the machine shows up here, not in the child's timing.
    const load = load1();
    const token = meter.start();
    const sample = await attempt();
    const reading = meter.stop(token);
    Object.assign(sample, { load1: load, steal: reading.steal, other: reading.other, interferenceSource: reading.source });
    const reason = sample.status === 'ok' ? overLimit(reading, maxInterferencePct) : null;
    if (rejected.length) sample.retries = rejected;
    if (!reason) return sample;
    if (i >= retries || stopped()) {
      sample.interfered = reason;
      return sample;
    }
    const record = { load1: load, steal: reading.steal, other: reading.other, timeMs: sample.timeMs, reason };
    rejected.push(record);
    onRetry(record, i + 1);
  }
}

module.exports = { measureRepetition };
