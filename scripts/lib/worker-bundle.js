'use strict';
// One variant's browser worker, built with esbuild: the harness's browser
// worker (scripts/harness/browser/worker.js) with the variant's file, the
// reference original.js and examples/lib/fakes.js bundled from examples/ as
// they are, so no browser ever runs a copy of a variant that could drift from
// the one the benchmark measures. Two users, so it lives in scripts/lib/: the
// site build (_config/worker-bundles.js, "Run it in your browser") and the
// benchmark's `chromium` runtime (scripts/harness/browser/), which must time
// exactly the bundles readers run.
const path = require('node:path');
const { EXAMPLES } = require('./manifest');
const { ROOT, fromPackage } = require('./paths');
const { fingerprint } = require('./fingerprint');
const { notInBrowser, VIRTUAL_PREFIX } = require('./browser-variants');

// The worker's file, named by path: the bundler reads it, nothing here loads it.
const WORKER = path.join(ROOT, 'scripts', 'harness', 'browser', 'worker.js');

// The harness's children run with NODE_ENV=production (README, "Rerunning
// the benchmarks"); libraries that read it (Bluebird's warnings and long
// stack traces) behave the same in the worker.
const COMMON = {
  bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'silent',
  define: { 'process.env.NODE_ENV': '"production"' }, absWorkingDir: ROOT,
};
// A worker runs the variant and its libraries as written: no syntax is
// lowered (a browser that cannot parse it fails the worker's start, and the
// page says so) and only whitespace is minified, so the code timed is the
// code in examples/ and node_modules/, names and all.
// A library that hands `require` around as a value (when.js's UMD wrapper:
// factory(require)) loads its modules by names the bundler cannot follow, and
// the bundle would throw "Dynamic require ... is not supported" on load; the
// warning esbuild gives for it is made an error, so such a variant is
// skipped with esbuild's message at build time instead of crashing in a
// reader's browser or a timed run.
const WORKER_BUILD = { ...COMMON, target: 'esnext', minifyWhitespace: true, logOverride: { 'indirect-require': 'error' } };

// Node's own modules a variant's library requires, and the browser stand-in
// each gets; any other one fails the bundle, and the page says which.
const NODE_STAND_INS = { assert: path.join(ROOT, 'scripts', 'harness', 'browser', 'node-assert.js') };


// The names worker.js requires, resolved to this entry's files.
function variantModules(entry, examplesDir) {
  const files = {
    [`${VIRTUAL_PREFIX}variant`]: path.resolve(examplesDir, entry.file),
    [`${VIRTUAL_PREFIX}reference`]: path.join(examplesDir, 'original.js'),
    [`${VIRTUAL_PREFIX}fakes`]: path.join(examplesDir, 'lib', 'fakes.js'),
  };
  // What the checks need to know of the entry; nothing else of the manifest ships.
  const fields = { id: entry.id, catchesThrows: entry.catchesThrows, scenarios: entry.scenarios, errorIdentity: entry.errorIdentity || null };
  return {
    name: 'asyncbench-variant',
    setup(build) {
      build.onResolve({ filter: /^asyncbench:/ }, (args) => {
        if (args.path === `${VIRTUAL_PREFIX}entry`) return { path: args.path, namespace: 'asyncbench-entry' };
        if (files[args.path]) return { path: files[args.path] };
        return { errors: [{ text: `${args.path} is not one of the names worker.js may require: ${Object.keys(files).concat(`${VIRTUAL_PREFIX}entry`).join(', ')}` }] };
      });
      build.onLoad({ filter: /.*/, namespace: 'asyncbench-entry' }, () => ({ contents: JSON.stringify(fields), loader: 'json' }));
    },
  };
}

function firstMessage(err) {
  const m = err.errors && err.errors[0];
  if (!m) return String(err.message || err).split('\n')[0];
  const where = m.location ? `${fromPackage(m.location.file)}:${m.location.line}: ` : '';
  return `${where}${m.text}`;
}

// One entry's worker: { id, url, code } or { id, reason }. `plugins`: more
// esbuild plugins, run after the variant's (the harness's floor workload).
async function buildWorker(entry, { examplesDir = EXAMPLES, plugins = [] } = {}) {
  const why = notInBrowser(entry);
  if (why) return { id: entry.id, reason: why };
  const esbuild = require('esbuild');
  try {
    const out = await esbuild.build({ ...WORKER_BUILD, entryPoints: [WORKER], alias: NODE_STAND_INS, plugins: [variantModules(entry, examplesDir), ...plugins] });
    const code = out.outputFiles[0].text;
    return { id: entry.id, url: `/assets/f/worker-${entry.id}.${fingerprint(code)}.js`, code };
  } catch (err) {
    return { id: entry.id, reason: `does not bundle for a browser: ${firstMessage(err)}` };
  }
}

module.exports = { buildWorker, COMMON, WORKER };
