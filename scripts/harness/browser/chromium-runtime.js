// --runtimes chromium: a browser profile (scripts/lib/profiles.json,
// "browsers") → the runtime record the plan and bench.js take, like
// profile-runtimes.js makes for Node, Bun and Deno. Its "runtime" is headless
// Chromium: there is nothing to install per profile and no child runner to
// start, so the record comes from the browser itself (its version, and V8's
// from the DevTools protocol) and from the session that will run every
// repetition (chromium-session.js), kept on the record but never written into
// the data file.
'use strict';
const { runtimeId } = require('../../lib/runtime-id');
const { BrowserNotFoundError, NPM_PACKAGE } = require('../../lib/find-browser');
const { openSession } = require('./chromium-session');

// What the worker has that the plan asks about (plan.js skipReason): every
// browser has these; what it lacks of Node's own (fibers, util.promisify)
// scripts/lib/browser-variants.js says per variant, with the reason.
const FEATURES = Object.freeze({ generators: true, 'async-functions': true, promise: true, es2015: true });

// An Error whose message is the one line bench prints for this profile.
function browserProblem(name, err, executablePath) {
  if (err instanceof BrowserNotFoundError) {
    return new Error(`${name}: no Chromium to run it in (tried ${err.tried.join('; ')}). Run \`npm ci\`, which installs ` +
      `${NPM_PACKAGE} (unpacked into .cache/chromium/ on first use), or \`sudo apt-get install -y chromium\`, ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary; then run the same command again');
  }
  const where = executablePath ? ` ${executablePath}` : '';
  return new Error(`${name}: the browser${where} did not start under playwright-core ` +
    `(${String(err.message).split('\n')[0].slice(0, 300)}); check that it runs headless, or set CHROMIUM_PATH to another Chromium`);
}

// name, profile (profiles.json's entry) → the runtime record; throws an
// Error whose message names the profile and what to do.
async function browserRuntime(name, profile) {
  let session;
  try {
    session = await openSession();
  } catch (err) {
    throw browserProblem(name, err, err.executablePath);
  }
  const record = {
    id: runtimeId({ profile: name, version: session.version }),
    name: profile.runtime,
    version: session.version,
    v8: session.v8,
    path: session.executablePath,
    flags: [],
    harnessFlags: [],
    profile: name,
    engine: profile.engine,
    released: profile.released,
    features: Object.assign({}, FEATURES),
    featureReasons: {},
    clock: 'performance.now',
    gc: false,
    heapLimitMb: null,
    startMs: session.startMs,
    browser: {
      driver: profile.driver,
      found: session.source,
      label: profile.label,
      scenarios: profile.scenarios.slice(),
      repetition: 'a fresh browser context, page and dedicated Worker',
      memory: session.memory
    }
  };
  // The live session travels with the record but is not part of it: the
  // run's env (lib/env.js) writes the record's own fields only.
  Object.defineProperty(record, 'session', { value: session, enumerable: false });
  return record;
}

module.exports = { browserRuntime, browserProblem, FEATURES };
