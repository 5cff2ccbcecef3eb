// The I/O floor of each scenario: how many fake I/O operations lie one after
// another on the critical path of a call. No code can finish a call faster
// than that many × t, so charts show each style's distance from the limit.
//
// Computed from the fakes, not assumed: the reference variant (nested
// callbacks, which adds nothing of its own) runs once per kind of call with
// every operation taking STEP_MS, and elapsed / STEP_MS, rounded, is the
// number of sequential waits. The operation log gives the op count, which
// must match for a purely sequential upload.
'use strict';
const path = require('node:path');
const { EXAMPLES } = require('./manifest');

const STEP_MS = 20; // large against timer jitter (~1 ms), so rounding is exact

function timedCall(fakes, call) {
  return new Promise((resolve, reject) => {
    fakes.reset({ delay: fakes.delays.fixed(STEP_MS), log: true });
    const start = process.hrtime.bigint();
    call((err) => {
      if (err) return reject(new Error(`Internal error: the reference variant failed while measuring the I/O floor: ${err.message}`));
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const asyncOps = fakes.stats().log.filter((entry) => fakes.ASYNC_OPS.includes(entry.split(' ')[0])).length;
      resolve({ waits: Math.round(ms / STEP_MS), asyncOps });
    });
  });
}

// { upload: {criticalPath, newFile, existingFile}, errors: same, parallel: {criticalPath, k} }
async function measureFloors({ k = 25, reference = path.join(EXAMPLES, 'original.js') } = {}) {
  const fakes = require(path.join(EXAMPLES, 'lib', 'fakes.js'));
  const variant = require(reference);
  const stream = { name: 'floor.bin' };
  const newFile = await timedCall(fakes, (done) => variant.upload(stream, fakes.pathFor(0, false), 'floor', done));
  const existing = await timedCall(fakes, (done) => variant.upload(stream, fakes.pathFor(0, true), 'floor', done));
  const parallel = await timedCall(fakes, (done) => variant.parallel(fakes.pathFor(0, true), k, done));
  for (const [name, r] of [['new-file upload', newFile], ['existing-file upload', existing]]) {
    if (r.waits !== r.asyncOps) {
      throw new Error(`Internal error: ${name} took ${r.waits} sequential waits but logged ${r.asyncOps} async operations; is the machine overloaded?`);
    }
  }
  fakes.reset({});
  const upload = {
    criticalPath: Math.max(newFile.waits, existing.waits),
    newFile: newFile.waits,
    existingFile: existing.waits
  };
  return {
    upload,
    errors: Object.assign({}, upload),
    parallel: { criticalPath: parallel.waits, k }
  };
}

module.exports = { measureFloors, STEP_MS };
