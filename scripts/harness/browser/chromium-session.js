// One headless Chromium for a whole run of the `chromium` runtime, driven by
// playwright-core. A repetition is the browser's analogue of child.js in a
// fresh process: a fresh browser context and page, and in it a fresh
// dedicated Worker running the variant's worker bundle
// (scripts/lib/measure/worker.js, built by the same code as the article's
// "Run it in your browser", scripts/lib/worker-bundle.js), which times the
// cold batch and the warm batches with the harness's own fake-io-batch.js
// and warm.js (scripts/lib/measure/, as the child's) and posts one
// sample with child.js's fields. The context is closed after each repetition,
// so no repetition inherits another's JIT state, heap or timers.
'use strict';
const path = require('node:path');
const { median } = require('../../lib/stats');
const { findBrowser, launchOptions } = require('../../lib/find-browser');
const { buildWorker } = require('../../lib/worker-bundle');
const { serveBundles } = require('./serve-bundles');

const STARTS = 5;
const FLOOR_FILE = path.join(__dirname, '..', 'floor-workload.js');
// floor-workload.js reaches the fakes by a path built at run time (the
// harness room requires nothing outside scripts/ by a relative name), which a
// bundle cannot follow; for the browser the two requires name the fakes the
// worker bundles anyway. The workload itself is not touched. If the file
// changes so that these lines are gone, the floor's bundle fails, saying so.
const FLOOR_REQUIRES = [
  [/var path = require\('path'\);/, 'var path = null;'],
  [/require\(path\.join\(__dirname, '\.\.', '\.\.', 'examples', 'lib', 'fakes\.js'\)\)/, "require('asyncbench:fakes')"]
];
const floorPlugin = {
  name: 'asyncbench-floor',
  setup(build) {
    const fs = require('node:fs');
    build.onLoad({ filter: /floor-workload\.js$/ }, (args) => {
      let contents = fs.readFileSync(args.path, 'utf8');
      for (const [from, to] of FLOOR_REQUIRES) {
        if (!from.test(contents)) return { errors: [{ text: `${args.path} no longer holds ${from}: update FLOOR_REQUIRES in scripts/harness/browser/chromium-session.js` }] };
        contents = contents.replace(from, to);
      }
      return { contents, loader: 'js' };
    });
  }
};

// What the worker needs of a plan cell (worker.js, job "measure").
function workerSettings(cell, seed) {
  return { n: cell.n, t: cell.t, k: cell.k, seed, scenario: cell.scenario, 
    warmBatches: cell.warmBatches || 0, warmMinSteady: cell.warmMinSteady };
}

// In the page: one Worker, one job, its sample (or why there is none).
function runInPage({ url, settings }) {
  return new Promise((resolve) => {
    const w = new Worker(url);
    w.onmessage = (e) => {
      if (!e.data || e.data.type !== 'sample') return;
      w.terminate();
      resolve(e.data.record);
    };
    w.onerror = (e) => {
      e.preventDefault();
      resolve({ status: 'crash', error: `the worker failed to start or threw outside its handlers: ${e.message || 'no message'}` });
    };
    w.postMessage({ job: 'measure', settings });
  });
}

// Whether this browser gives a page a worker's memory: asked once, in a
// cross-origin-isolated page. Its answer is recorded with the runtime.
async function memoryVerdict(page) {
  return page.evaluate(async () => {
    const api = 'performance.measureUserAgentSpecificMemory';
    if (!self.crossOriginIsolated) return { api, available: false, reason: 'the page is not cross-origin isolated' };
    if (typeof performance.measureUserAgentSpecificMemory !== 'function') return { api, available: false, reason: 'the browser has no such method' };
    try {
      await performance.measureUserAgentSpecificMemory();
      return { api, available: true, reason: null };
    } catch (err) {
      return { api, available: false, reason: `${err.name}: ${err.message}` };
    }
  });
}

// The browser and the server of worker bundles it loads pages from, started
// together (the benchmark's session and the profiler, scripts/analyze/profile-chromium.js):
// → { found (scripts/lib/find-browser.js), server, browser, jsVersion (its V8) }.
// Throws BrowserNotFoundError when there is no browser; a browser that does
// not start closes the server and throws with err.executablePath set.
async function launchWithBundles() {
  const found = findBrowser();
  const { chromium } = require('playwright-core');
  const server = await serveBundles();
  let browser;
  try {
    browser = await chromium.launch(launchOptions());
  } catch (err) {
    await server.close();
    err.executablePath = found.executablePath;
    throw err;
  }
  const cdp = await browser.newBrowserCDPSession();
  const { jsVersion } = await cdp.send('Browser.getVersion');
  await cdp.detach();
  return { found, server, browser, jsVersion };
}

// → the session: { browser facts, prepare(cells), run(cell, rep, opts), close(), kill() }.
// Throws BrowserNotFoundError (scripts/lib/find-browser.js) when there is no browser.
async function openSession() {
  const { found, server, browser, jsVersion } = await launchWithBundles();
  server.add('/ready.js', 'postMessage("ready")');
  const fresh = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    return { context, page };
  };
  // The start of a repetition without its work: context, page, a worker
  // that answers at once; the per-job start of the run's floor (run-floor.js).
  const starts = [];
  let memory = null;
  for (let i = 0; i < STARTS; i++) {
    const t0 = process.hrtime.bigint();
    const { context, page } = await fresh();
    await page.evaluate((url) => new Promise((resolve) => { const w = new Worker(url); w.onmessage = () => { w.terminate(); resolve(); }; }), '/ready.js');
    starts.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (!memory) memory = await memoryVerdict(page);
    await context.close();
  }
  const bundles = new Map(); // cell file → { url } or { reason }

  return {
    version: browser.version(), v8: jsVersion, executablePath: found.executablePath, source: found.source,
    startMs: Math.round(median(starts) * 10) / 10, memory,
    // Builds the bundle of every cell's file; → [{ cell, reason }] for the ones that do not bundle.
    async prepare(cells) {
      const failed = [];
      for (const cell of cells) {
        if (!bundles.has(cell.file)) {
          const entry = { id: cell.variant, file: cell.file, requires: [], scenarios: [cell.scenario], catchesThrows: true };
          const built = await buildWorker(entry, { plugins: cell.file === FLOOR_FILE ? [floorPlugin] : [] });
          if (built.code) server.add(built.url, built.code);
          bundles.set(cell.file, built.code ? { url: built.url } : { reason: built.reason });
        }
        const b = bundles.get(cell.file);
        if (b.reason) failed.push({ cell, reason: b.reason });
      }
      return failed;
    },
    // One repetition → a sample, as spawn-cell.js's runCell makes one.
    async run(cell, rep, { timeoutMs, seed }) {
      const started = process.hrtime.bigint();
      const wallMs = () => Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      const bundle = bundles.get(cell.file);
      if (!bundle || !bundle.url) throw new Error(`Internal error: no worker bundle for ${cell.file}; prepare() runs before any repetition`);
      let context = null;
      let timer;
      const timedOut = new Promise((resolve) => { timer = setTimeout(() => resolve(null), timeoutMs); });
      const job = (async () => {
        const opened = await fresh();
        context = opened.context;
        return opened.page.evaluate(runInPage, { url: bundle.url, settings: workerSettings(cell, seed + rep) });
      })();
      // A job still opening its page when the time is up closes it once open.
      const closeContext = () => (context ? context.close().catch(() => {}) : null);
      try {
        const record = await Promise.race([job, timedOut]);
        if (!record) {
          job.then(closeContext, closeContext);
          return { rep, wallMs: wallMs(), status: 'timeout', error: `no result within ${timeoutMs} ms; the page was closed` };
        }
        return Object.assign({ rep, wallMs: wallMs() }, record);
      } catch (err) {
        return { rep, wallMs: wallMs(), status: 'crash', error: `the browser failed: ${String(err.message).split('\n')[0]}` };
      } finally {
        clearTimeout(timer);
        await closeContext();
      }
    },
    async close() {
      await browser.close().catch(() => {});
      await server.close();
    },
    // A stopped run: the browser goes at once (its pages and workers with it).
    kill() {
      browser.close().catch(() => {});
    }
  };
}

module.exports = { openSession, launchWithBundles, workerSettings, FLOOR_FILE };
