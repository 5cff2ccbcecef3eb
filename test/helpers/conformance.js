// Runs one call of a variant against a fresh fake world and reports what it
// did, then lists every way that differs from what the reference upload does.
// Kept apart from the assertions so the same checker can be pointed at broken
// fixture variants to prove it catches them.
'use strict';
const fakes = require('../../examples/lib/fakes');

// How long after the last fake operation we keep listening for a second
// callback or a late operation.
const GRACE_MS = 20;
const LIMIT_MS = 2000;

// Calls `fn(...args, done)` once and resolves with what happened.
function observe(fn, args, fakeOptions) {
  const obs = { doneCalls: [], escaped: [] };
  const onError = (err) => obs.escaped.push(err);
  // Exceptions thrown out of a fake I/O callback are what a real program sees
  // as uncaught; the fakes hand them to us instead of crashing the test run.
  fakes.reset(Object.assign({ log: true, delay: 0, onUncaught: onError }, fakeOptions));
  const world = obs.world = fakes.stats();
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return new Promise((resolve) => {
    const started = Date.now();
    let quietSince = null;
    const finish = () => {
      process.removeListener('uncaughtException', onError);
      process.removeListener('unhandledRejection', onError);
      resolve(obs);
    };
    try {
      fn(...args, (...cbArgs) => obs.doneCalls.push(cbArgs));
    } catch (err) {
      obs.escaped.push(err);
    }
    // Poll rather than trust `done`: a variant may call back early and keep
    // working, or never call back at all.
    const poll = () => {
      const idle = world.inFlight === 0;
      if (!idle) quietSince = null;
      else if (quietSince === null) quietSince = Date.now();
      if ((idle && Date.now() - quietSince >= GRACE_MS) || Date.now() - started > LIMIT_MS) return finish();
      setTimeout(poll, 2);
    };
    setTimeout(poll, 2);
  });
}

// Expectation: { log?, error?: Error (that one) | true (an injected one) | absent (none),
//   committed: bool, maxInFlight?, unordered? }
function problems(obs, expect) {
  const out = [];
  const w = obs.world;
  if (obs.escaped.length) {
    out.push('an exception escaped instead of reaching the callback: ' + obs.escaped[0].message);
  }
  if (obs.doneCalls.length === 0) out.push('the callback was never called');
  if (obs.doneCalls.length > 1) out.push('the callback was called ' + obs.doneCalls.length + ' times');
  const first = obs.doneCalls[0];
  if (first) {
    if (expect.error instanceof Error && first[0] !== expect.error) {
      out.push('the callback got ' + describe(first[0]) + ' instead of the injected error');
    }
    if (expect.error === true && !(first[0] && first[0].injected)) {
      out.push('the callback got ' + describe(first[0]) + ' instead of the thrown error');
    }
    if (!expect.error && first[0] != null) out.push('the callback got an unexpected error: ' + describe(first[0]));
  }
  const commits = expect.committed ? 1 : 0;
  const rollbacks = expect.committed ? 0 : 1;
  if (w.counts.commits !== commits) out.push(`committed ${w.counts.commits} times, expected ${commits}`);
  if (w.counts.rollbacks !== rollbacks) out.push(`rolled back ${w.counts.rollbacks} times, expected ${rollbacks}`);
  if (w.afterEnd) out.push(`${w.afterEnd} operations ran on the transaction after it ended`);
  if (expect.maxInFlight !== undefined && w.maxInFlight !== expect.maxInFlight) {
    out.push(`${w.maxInFlight} operations were in flight at once, expected ${expect.maxInFlight}`);
  }
  if (expect.log) {
    const got = expect.unordered ? w.log.slice().sort() : w.log;
    const want = expect.unordered ? expect.log.slice().sort() : expect.log;
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      out.push('operation log differs:\n  expected ' + want.join(' | ') + '\n  got      ' + got.join(' | '));
    }
  }
  return out;
}

function describe(value) {
  if (value instanceof Error) return `Error("${value.message}")`;
  return JSON.stringify(value);
}

// The log of a failing run: everything up to and including the failed
// operation, then the rollback, and nothing else.
function failedLog(log, failedIndex) {
  return log.slice(0, failedIndex + 1).concat('tx.rollback');
}

module.exports = { observe, problems, failedLog };
