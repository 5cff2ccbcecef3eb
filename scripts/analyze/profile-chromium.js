// The `chromium` pairs of `npm run profiles`: the variant's worker bundle
// (scripts/lib/worker-bundle.js, as the benchmark's `chromium` runtime builds
// it, with profile-worker.js in worker.js's place and its source map inline)
// in a dedicated Worker of a fresh headless Chromium page, profiled in the
// worker itself. Playwright's own sessions cannot reach a dedicated worker's
// inspector, so the page's session attaches to it through the DevTools
// protocol's Target domain (setAutoAttach, the worker's messages wrapped in
// Target.sendMessageToTarget and receivedMessageFromTarget), enables the
// Profiler there and sets its sampling interval; the worker then brackets
// each profiled batch's timed span with console.profile and
// console.profileEnd, and each span's profile arrives as a
// Profiler.consoleProfileFinished event. The bundle's source map names the
// file of every function (profile-summary.js bundleLocator). Only the CPU
// profile is taken here: a worker has no async_hooks, and allocations are
// the Node pairs' measure.
'use strict';
const { buildWorker } = require('../lib/worker-bundle');
const { runtimeId } = require('../lib/runtime-id');
const { launchWithBundles } = require('../harness/browser/chromium-session');
const { browserProblem } = require('../harness/browser/chromium-runtime');
const { bundleLocator } = require('./profile-summary');

const PROFILE_WORKER = require.resolve('./profile-worker.js');
const INLINE_MAP = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

// The inline source map at the end of a bundle's code.
function inlineMap(code) {
  const m = INLINE_MAP.exec(code);
  if (!m) throw new Error('Internal error: the profiling bundle has no inline source map; buildWorker was asked for one');
  return JSON.parse(Buffer.from(m[1], 'base64').toString('utf8'));
}

// Rejects with `message` after ms, unless `promise` settles first.
function within(promise, ms, message) {
  let timer;
  const late = new Promise((resolve, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// The first dedicated worker the page's CDP session attaches to, as a
// session of its own: { send(method, params) → result, profiles: [] }
// (the consoleProfileFinished profiles, as they arrive).
function workerSession(cdp) {
  let nextId = 1;
  const pending = new Map();
  const profiles = [];
  let sessionId = null;
  let arrived = () => {};
  const attached = new Promise((resolve) => {
    cdp.on('Target.attachedToTarget', (e) => {
      if (sessionId || e.targetInfo.type !== 'worker') return;
      sessionId = e.sessionId;
      resolve();
    });
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    if (e.sessionId !== sessionId) return;
    const m = JSON.parse(e.message);
    if (m.id && pending.has(m.id)) {
      const { resolve, reject } = pending.get(m.id);
      pending.delete(m.id);
      if (m.error) reject(new Error(`${m.error.message} (${m.error.code})`));
      else resolve(m.result);
    } else if (m.method === 'Profiler.consoleProfileFinished') {
      profiles.push(m.params.profile);
      arrived();
    }
  });
  return {
    attached,
    profiles,
    send(method, params = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
      });
    },
    // Resolves once `count` profiles have arrived.
    profilesArrived(count) {
      return new Promise((resolve) => {
        arrived = () => { if (profiles.length >= count) resolve(); };
        arrived();
      });
    },
  };
}

// In the page: the worker made earlier runs the job; → its 'profiled'
// message, or a failure the worker reported another way.
function runJob(settings) {
  return new Promise((resolve) => {
    const w = window.asyncbenchProfiled;
    w.onmessage = (e) => {
      if (e.data && e.data.type === 'profiled') resolve(e.data);
      else if (e.data && e.data.type === 'sample') resolve({ status: 'failed', error: e.data.record.error || 'the worker failed' });
    };
    w.onerror = (e) => {
      e.preventDefault();
      resolve({ status: 'failed', error: `the worker failed to start or threw outside its handlers: ${e.message || 'no message'}` });
    };
    w.postMessage({ job: 'profile', settings });
  });
}

// → { id, version, v8, profile(entry, settings, { intervalUs, timeoutMs }), close() }.
// Throws an Error saying what to do when there is no browser or it does not start.
async function openChromium(name = 'chromium') {
  let launched;
  try {
    launched = await launchWithBundles();
  } catch (err) {
    throw browserProblem(name, err, err.executablePath);
  }
  const { server, browser, jsVersion } = launched;
  const version = browser.version();

  // One pair → { status: 'ok', calls, batchMs, bluebird, profiles, locate }
  // or { status: 'skipped' | 'failed', reason }.
  async function profile(entry, settings, { intervalUs, timeoutMs }) {
    const built = await buildWorker(entry, { worker: PROFILE_WORKER, sourcemap: true });
    if (!built.code) return { status: 'skipped', reason: `${built.reason} (${name}, browser)` };
    server.add(built.url, built.code);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      const pageCdp = await context.newCDPSession(page);
      const worker = workerSession(pageCdp);
      await pageCdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
      await page.evaluate((url) => { window.asyncbenchProfiled = new Worker(url); }, built.url);
      await within(worker.attached, 30000, 'the page\'s DevTools session never attached to the worker');
      await worker.send('Profiler.enable');
      await worker.send('Profiler.setSamplingInterval', { interval: intervalUs });
      const result = await within(page.evaluate(runJob, settings), timeoutMs, `no result within ${timeoutMs} ms; the page was closed`);
      if (result.status !== 'ok') return { status: 'failed', reason: result.error };
      await within(worker.profilesArrived(settings.batches), 30000, `only ${worker.profiles.length} of ${settings.batches} profiles arrived from the worker`);
      return {
        status: 'ok', calls: result.calls, batchMs: result.batchMs, bluebird: result.bluebird,
        profiles: worker.profiles.slice(0, settings.batches),
        locate: bundleLocator(`${server.url}${built.url}`, inlineMap(built.code)),
      };
    } catch (err) {
      return { status: 'failed', reason: `the browser failed: ${String(err.message).split('\n')[0]}` };
    } finally {
      await context.close().catch(() => {});
    }
  }

  return {
    id: runtimeId({ profile: name, version }), version, v8: jsVersion, profile,
    async close() {
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

module.exports = { openChromium, inlineMap, PROFILE_WORKER };
