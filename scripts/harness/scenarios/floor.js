// The I/O floor of each scenario: how many fake I/O operations lie one after
// another on the critical path of a call. No code can finish a call faster
// than that many × t, so charts show each style's distance from the limit.
//
// Computed from the fakes, not assumed: the reference variant (nested
// callbacks, which adds nothing of its own) runs once per kind of call on a
// virtual clock where every fake operation takes one tick; the tick at which
// the call completes is the number of sequential waits. Virtual time makes
// the answer exact and independent of machine load. The operation log gives
// the op count, which must match for a purely sequential upload.
'use strict';
const path = require('node:path');
const { EXAMPLES } = require('../../lib/manifest');

// Runs `call(done)` to completion with the global setTimeout replaced by a
// virtual timer queue (the fakes schedule every delay > 0 through it).
// Synchronous from start to end, so no other code sees the replacement.
function virtualCall(fakes, call) {
  const queue = [];
  let now = 0, seq = 0, finishedAt = null, error = null;
  const realSetTimeout = global.setTimeout;
  global.setTimeout = (fn, ms) => { queue.push({ at: now + ms, seq: seq++, fn }); };
  try {
    fakes.reset({ delay: fakes.delays.fixed(1), log: true });
    call((err) => { finishedAt = now; error = err; });
    while (queue.length) {
      queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = queue.shift();
      now = next.at;
      next.fn();
    }
  } finally {
    global.setTimeout = realSetTimeout;
  }
  if (error || finishedAt === null) {
    throw new Error(`Internal error: the reference variant ${error ? `failed (${error.message})` : 'never called back'} while measuring the I/O floor`);
  }
  const asyncOps = fakes.stats().log.filter((entry) => fakes.ASYNC_OPS.includes(entry.split(' ')[0])).length;
  return { waits: finishedAt, asyncOps };
}

// Per kind of call (the variant's function the scenario calls, see
// fake-io.js): { upload: {criticalPath, newFile, existingFile},
// parallel: {criticalPath, k} }.
function measureFloors({ k = 25, reference = path.join(EXAMPLES, 'original.js') } = {}) {
  const fakes = require(path.join(EXAMPLES, 'lib', 'fakes.js'));
  const variant = require(reference);
  const stream = { name: 'floor.bin' };
  const newFile = virtualCall(fakes, (done) => variant.upload(stream, fakes.pathFor(0, false), 'floor', done));
  const existing = virtualCall(fakes, (done) => variant.upload(stream, fakes.pathFor(0, true), 'floor', done));
  const parallel = virtualCall(fakes, (done) => variant.parallel(fakes.pathFor(0, true), k, done));
  for (const [name, r] of [['new-file upload', newFile], ['existing-file upload', existing]]) {
    if (r.waits !== r.asyncOps) {
      throw new Error(`Internal error: ${name} took ${r.waits} sequential waits but logged ${r.asyncOps} async operations; the reference variant should be purely sequential`);
    }
  }
  fakes.reset({});
  const upload = {
    criticalPath: Math.max(newFile.waits, existing.waits),
    newFile: newFile.waits,
    existingFile: existing.waits
  };
  return { upload, parallel: { criticalPath: parallel.waits, k } };
}

module.exports = { measureFloors };
