'use strict';
// The scripts of "Run it in your browser" (the main article), built at build
// time with esbuild and never committed:
//
// - one worker bundle per variant a browser can run (scripts/lib/worker-bundle.js,
//   shared with the benchmark's `chromium` runtime, so readers run exactly
//   the bundles the benchmark times);
// - the runner, the section's page code (assets/js/runner/), which the page
//   fetches only when the reader opens the section.
//
// A variant is offered when scripts/lib/browser-variants.js finds nothing in
// its manifest entry that a browser lacks, it compiles (if it has a compile
// step) and its bundle builds; otherwise the page names it with the reason
// (the compiler's file:line and message, or esbuild's first message).
// Each URL carries a hash of the bundle, under /assets/f/ where netlify.toml
// caches files for a year. Bundles whose files are unchanged come from the
// build cache (scripts/lib/build-cache.js): one cache per build.
const path = require('node:path');
const { buildWorker, bundleText, COMMON, WORKER, CACHE } = require('../scripts/lib/worker-bundle');
const { openCache } = require('../scripts/lib/build-cache');
const { fingerprint: hashOf } = require('../scripts/lib/fingerprint');
const { compileAll, CompileError } = require('../scripts/compile/index');
const { EXAMPLES } = require('../scripts/lib/manifest');

const ROOT = path.join(__dirname, '..');
const RUNNER = path.join(ROOT, 'assets', 'js', 'runner', 'index.js');
const RUNNER_CSS = path.join(ROOT, 'assets', 'css', 'runner.css');
const RUNNER_BUILD = { ...COMMON, target: 'es2017', minify: true };

// The runner's script and its stylesheet, which it adds to the page itself.
async function buildRunner({ cache = openCache(CACHE) } = {}) {
  const [code, styles] = await Promise.all([
    bundleText({ ...RUNNER_BUILD, entryPoints: [RUNNER] }, { cache }),
    bundleText({ ...RUNNER_BUILD, entryPoints: [RUNNER_CSS], loader: { '.css': 'css' } }, { cache }),
  ]);
  return { url: `/assets/f/runner.${hashOf(code)}.js`, code, css: { url: `/assets/f/runner.${hashOf(styles)}.css`, code: styles } };
}

// A compiled variant runs its compiler's output (examples/build/, not in
// git), so the build makes the stale ones first, as npm run compile does (tens
// of ms each). One that does not compile is not offered, with the compiler's
// file:line and message as the reason, like a library that does not bundle;
// since that is a broken source here, not a browser's lack, the build log
// names it too. Any other error is ours and stops the build.
// → id → reason, for the entries that did not compile.
function compileFirst(entries, examplesDir, log) {
  const failed = new Map();
  for (const { id, error } of compileAll(entries, { examplesDir }).failed) {
    if (!(error instanceof CompileError)) throw error;
    failed.set(id, `not compiled: ${error.message}`);
    log(`browserRunner: ${id} is left out of "Run it in your browser", it does not compile: ${error.message}; fix the source (npm run compile rebuilds it)`);
  }
  return failed;
}

// Every entry's worker, in manifest order, and the runner. examplesDir, log
// and cache: a test's own examples/ folder, build log and build cache.
async function buildAll(entries, { examplesDir = EXAMPLES, log = (line) => process.stderr.write(line + '\n'), cache = openCache(CACHE) } = {}) {
  const notCompiled = compileFirst(entries, examplesDir, log);
  const worker = (e) => (notCompiled.has(e.id) ? { id: e.id, reason: notCompiled.get(e.id) } : buildWorker(e, { examplesDir, cache }));
  const [runner, ...workers] = await Promise.all([buildRunner({ cache }), ...entries.map(worker)]);
  return { runner, workers };
}

module.exports = { buildAll, buildWorker, buildRunner, WORKER, RUNNER };
