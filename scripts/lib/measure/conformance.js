// What a variant must do, checked by running it: the same operations as the
// reference upload, in the same order, one step at a time, one callback; a
// failure at each operation rolls back once and reaches the caller once; a
// throw in its own code is caught or escapes as the manifest says; the
// parallel and error-rate scenarios end every call exactly once.
//
// One copy of these checks serves two places: the test suite
// (test/helpers/conformance-suite.js adds the checks that read files and
// stack traces, which only Node can) and the browser's Web Worker
// (worker.js, beside this file), which runs them before it times a
// variant, so a variant that misbehaves in a browser is reported, not timed.
// Nothing here needs Node: what differs is given by the caller, the fakes
// (the instance the variant loaded) and how an exception that escapes is
// seen (process events in Node, the worker's error events in a browser).
'use strict';

// How long after the last fake operation we keep listening for a second
// callback or a late operation.
const GRACE_MS = 20;
const LIMIT_MS = 2000;
const K = 5;

// The two paths every check uses: one whose file exists, one whose does not.
function paths(fakes) {
  return { EXISTING: fakes.pathFor(1, true), NEW: fakes.pathFor(2, false) };
}

// Calls `fn(...args, done)` once against a fresh fake world and resolves with
// what happened: { doneCalls, escaped, world }. listenEscapes(onError) starts
// listening for exceptions no code caught and returns the function that stops.
function observe(fakes, listenEscapes, fn, args, fakeOptions) {
  const obs = { doneCalls: [], escaped: [] };
  const onError = (err) => obs.escaped.push(err);
  // Exceptions thrown out of a fake I/O callback are what a real program sees
  // as uncaught; the fakes hand them to us instead of crashing the run.
  fakes.reset(Object.assign({ log: true, delay: 0, onUncaught: onError }, fakeOptions));
  const world = obs.world = fakes.stats();
  const stop = listenEscapes(onError);
  return new Promise((resolve) => {
    const started = Date.now();
    let quietSince = null;
    const finish = () => {
      stop();
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
//   identity?: 'copy' (error: a copy of that one, as the manifest's errorIdentity records),
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
  if (first && expect.error instanceof Error && expect.identity === 'copy') {
    // The manifest records (errorIdentity) that this variant hands done a copy:
    // an object that inherits from the injected error (Object.create, once
    // per runtime layer it passed), with its message.
    const got = first[0];
    if (got === expect.error) {
      out.push('the callback got the injected error itself, but the manifest records errorIdentity.kept: false; ' +
        'the finding no longer holds: remove errorIdentity from the entry');
    } else if (!(got instanceof Error) || !Object.prototype.isPrototypeOf.call(expect.error, got)) {
      out.push('the callback got ' + describe(got) + ', which is not a copy of the injected error (that error is not on its prototype chain)');
    } else if (got.message !== expect.error.message) {
      out.push(`the callback got a copy of the injected error whose message is "${got.message}", not "${expect.error.message}"`);
    }
  } else if (first) {
    if (expect.error instanceof Error && first[0] !== expect.error) {
      out.push(wraps(first[0], expect.error)
        ? 'error identity lost: the callback got ' + describe(first[0]) + ', which wraps the error the fake ' +
          'created' + (first[0].cause === expect.error ? ' (as its .cause)' : '') + ', instead of the injected error itself'
        : 'the callback got ' + describe(first[0]) + ' instead of the injected error');
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
  // The constructor, not .name: a wrapper may copy the original's name.
  if (value instanceof Error) return `${(value.constructor && value.constructor.name) || value.name}("${value.message}")`;
  return JSON.stringify(value);
}

// A different error that carries the original: as its cause, or its message.
function wraps(got, original) {
  if (!got || typeof got !== 'object') return false;
  return got.cause === original || (typeof got.message === 'string' && got.message.includes(original.message));
}

// The log of a failing run: everything up to and including the failed
// operation, then the rollback, and nothing else.
function failedLog(log, failedIndex) {
  return log.slice(0, failedIndex + 1).concat('tx.rollback');
}

// The reference logs { existing, new }, from the nested-callback original's upload.
async function referenceLogs(see, reference, fakes) {
  const p = paths(fakes);
  return {
    existing: (await see(reference.upload, [{}, p.EXISTING, 'tag'])).world.log,
    new: (await see(reference.upload, [{}, p.NEW, 'tag'])).world.log
  };
}

// → [{ name, run: async () => [problem, ...] }], the checks of behaviour of
// manifest entry v whose module is mod. ctx: { fakes, see: observe bound to
// the caller's fakes and escape listener, refs: referenceLogs(),
// explain: async (problems) => problems, which may add why an error's
// identity was lost (the test suite names the adapter or the variant) }.
function behaviourChecks(v, mod, ctx) {
  const { fakes, see, refs } = ctx;
  const explain = ctx.explain || (async (found) => found);
  const { EXISTING, NEW } = paths(fakes);
  // errorIdentity (manifest): the error reaching done is a copy, a recorded finding.
  const identity = v.errorIdentity ? 'copy' : undefined;
  const list = [];
  const add = (name, run) => list.push({ name, run });

  for (const [branch, p, ref] of [['existing file', EXISTING, refs.existing], ['new file', NEW, refs.new]]) {
    add(`${branch}: same operations, one sequential step at a time, one success callback`, async () => {
      const obs = await see(mod.upload, [{}, p, 'tag']);
      return problems(obs, { log: ref, committed: true, maxInFlight: 1 });
    });

    add(`${branch}: a failure at each operation rolls back once and reaches the caller once` +
      (identity ? ' (as a copy of the error: errorIdentity finding)' : ''), async () => {
      const out = [];
      for (let i = 1; i < ref.length; i++) {
        const op = ref[i].split(' ')[0];
        const error = new Error('boom at ' + op);
        const obs = await see(mod.upload, [{}, p, 'tag'], { fail: { op, error } });
        const found = await explain(problems(obs, { log: failedLog(ref, i), error, identity, committed: false }));
        if (found.length) out.push(`${v.id}, failing ${op}:\n` + found.join('\n'));
      }
      return out;
    });
  }

  // A throw in the variant's own code after an asynchronous step: reading a
  // field of the looked-up file, and a synchronous helper that throws.
  for (const [what, fail, p] of [
    ['reading a field of the looked-up file throws', { op: 'file.get', how: 'poison' }, EXISTING],
    ['a synchronous helper throws', { op: 'version.createHash', how: 'throw' }, NEW]
  ]) {
    add(`${what}: ${v.catchesThrows ? 'reaches the callback and rolls back' : 'escapes, as the manifest declares'}`, async () => {
      const obs = await see(mod.upload, [{}, p, 'tag'], { fail });
      if (v.catchesThrows) return problems(obs, { error: true, committed: false });
      return obs.escaped.some((e) => e.injected) ? [] : ['manifest says catchesThrows: false, but the throw did not escape'];
    });
  }

  if (v.scenarios.includes('parallel')) {
    add(`parallel: ${K} inserts at once, then one commit`, async () => {
      if (typeof mod.parallel !== 'function') return ['manifest lists the parallel scenario but exports.parallel is missing'];
      const log = ['tx.begin'];
      for (let i = 0; i < K; i++) log.push(`fileVersion.insert fileId=${NEW} versionId=${i}`);
      log.push('tx.commit');
      const ok = await see(mod.parallel, [NEW, K]);
      const found = problems(ok, { log, unordered: true, committed: true, maxInFlight: K });
      const error = new Error('one insert fails');
      const bad = await see(mod.parallel, [NEW, K], { fail: { op: 'fileVersion.insert', error } });
      return found.concat(await explain(problems(bad, { error, identity, committed: false })));
    });
  }

  if (v.scenarios.includes('errors')) {
    add('error-rate scenario: 200 concurrent calls, each ends exactly once', async () => {
      fakes.reset({ errorRate: 0.05, seed: 7, delay: 0 });
      const world = fakes.stats();
      const results = await new Promise((resolve) => {
        const calls = new Array(200).fill(0);
        let left = calls.length;
        calls.forEach((_, i) => mod.upload({}, fakes.pathFor(i, i % 2 === 0), 'tag', (err) => {
          calls[i]++;
          calls[i + 200] = err ? 'failed' : 'ok';
          if (--left === 0) setTimeout(() => resolve(calls), 20);
        }));
        setTimeout(() => resolve(calls), 3000); // a call that never ends shows as a 0 below
      });
      const counts = results.slice(0, 200);
      const failed = results.slice(200).filter((r) => r === 'failed').length;
      const out = [];
      if (!counts.every((c) => c === 1)) out.push('some calls called back never or more than once');
      if (!(failed > 0 && failed < 200)) out.push(`expected some failures at a 5% rate, got ${failed}`);
      if (world.counts.rollbacks !== failed) out.push(`${world.counts.rollbacks} rollbacks for ${failed} failed calls`);
      if (world.counts.commits !== 200 - failed) out.push(`${world.counts.commits} commits for ${200 - failed} successful calls`);
      return out;
    });
  }
  return list;
}

module.exports = { observe, problems, failedLog, describe, wraps, referenceLogs, behaviourChecks, paths, K };
