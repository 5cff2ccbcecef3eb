'use strict';
// The scripts of "Run it in your browser" (the main article), built at build
// time with esbuild and never committed:
//
// - one worker bundle per variant a browser can run: the harness's browser
//   worker (scripts/harness/browser/worker.js) with the variant's file, the
//   reference original.js and examples/lib/fakes.js bundled from examples/
//   as they are, so the page never holds a copy of a variant that could drift
//   from the one the benchmark measures;
// - the runner, the section's page code (assets/js/runner/), which the page
//   fetches only when the reader opens the section.
//
// A variant is offered when site/lib/browser-variants.js finds nothing in its
// manifest entry that a browser lacks and its bundle builds; otherwise the page
// names it with the reason (for a failed build, esbuild's first message).
// Each URL carries a hash of the bundle, under /assets/f/ where netlify.toml
// caches files for a year.
const crypto = require('node:crypto');
const path = require('node:path');
const { EXAMPLES } = require('../scripts/lib/manifest');
const { notInBrowser, VIRTUAL_PREFIX } = require('../site/lib/browser-variants');

const ROOT = path.join(__dirname, '..');
const WORKER = path.join(ROOT, 'scripts', 'harness', 'browser', 'worker.js');
const RUNNER = path.join(ROOT, 'assets', 'js', 'runner', 'index.js');
const RUNNER_CSS = path.join(ROOT, 'assets', 'css', 'runner.css');

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
const WORKER_BUILD = { ...COMMON, target: 'esnext', minifyWhitespace: true };
const RUNNER_BUILD = { ...COMMON, target: 'es2017', minify: true };

// Node's own modules a variant's library requires, and the browser stand-in
// each gets; any other one fails the bundle, and the page says which.
const NODE_STAND_INS = { assert: path.join(ROOT, 'scripts', 'harness', 'browser', 'node-assert.js') };

const hashOf = (text) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 10);

// The names worker.js requires, resolved to this entry's files.
function variantModules(entry, examplesDir) {
  const files = {
    'asyncbench:variant': path.resolve(examplesDir, entry.file),
    'asyncbench:reference': path.join(examplesDir, 'original.js'),
    'asyncbench:fakes': path.join(examplesDir, 'lib', 'fakes.js'),
  };
  // What the checks need to know of the entry; nothing else of the manifest ships.
  const fields = { id: entry.id, catchesThrows: entry.catchesThrows, scenarios: entry.scenarios, errorIdentity: entry.errorIdentity || null };
  return {
    name: 'asyncbench-variant',
    setup(build) {
      build.onResolve({ filter: /^asyncbench:/ }, (args) => {
        if (args.path === `${VIRTUAL_PREFIX}entry`) return { path: args.path, namespace: 'asyncbench-entry' };
        if (files[args.path]) return { path: files[args.path] };
        return { errors: [{ text: `${args.path} is not one of the names worker.js may require: ${Object.keys(files).concat('asyncbench:entry').join(', ')}` }] };
      });
      build.onLoad({ filter: /.*/, namespace: 'asyncbench-entry' }, () => ({ contents: JSON.stringify(fields), loader: 'json' }));
    },
  };
}

function firstMessage(err) {
  const m = err.errors && err.errors[0];
  if (!m) return String(err.message || err).split('\n')[0];
  const where = m.location ? `${m.location.file}:${m.location.line}: ` : '';
  return `${where}${m.text}`;
}

// One entry's worker: { id, url, code } or { id, reason }.
async function buildWorker(entry, { examplesDir = EXAMPLES } = {}) {
  const why = notInBrowser(entry);
  if (why) return { id: entry.id, reason: why };
  const esbuild = require('esbuild');
  try {
    const out = await esbuild.build({ ...WORKER_BUILD, entryPoints: [WORKER], alias: NODE_STAND_INS, plugins: [variantModules(entry, examplesDir)] });
    const code = out.outputFiles[0].text;
    return { id: entry.id, url: `/assets/f/worker-${entry.id}.${hashOf(code)}.js`, code };
  } catch (err) {
    return { id: entry.id, reason: `does not bundle for a browser: ${firstMessage(err)}` };
  }
}

// The runner's script and its stylesheet, which it adds to the page itself.
async function buildRunner() {
  const esbuild = require('esbuild');
  const [js, css] = await Promise.all([
    esbuild.build({ ...RUNNER_BUILD, entryPoints: [RUNNER] }),
    esbuild.build({ ...RUNNER_BUILD, entryPoints: [RUNNER_CSS], loader: { '.css': 'css' } }),
  ]);
  const code = js.outputFiles[0].text;
  const styles = css.outputFiles[0].text;
  return { url: `/assets/f/runner.${hashOf(code)}.js`, code, css: { url: `/assets/f/runner.${hashOf(styles)}.css`, code: styles } };
}

// Every entry's worker, in manifest order, and the runner.
async function buildAll(entries) {
  const [runner, ...workers] = await Promise.all([buildRunner(), ...entries.map((e) => buildWorker(e))]);
  return { runner, workers };
}

module.exports = { buildAll, buildWorker, buildRunner, WORKER, RUNNER };
