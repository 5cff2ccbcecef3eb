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
// caches files for a year.
const path = require('node:path');
const { buildWorker, COMMON, WORKER } = require('../scripts/lib/worker-bundle');
const { fingerprint: hashOf } = require('../scripts/lib/fingerprint');
const { compileAll, CompileError } = require('../scripts/compile/index');
const { EXAMPLES } = require('../scripts/lib/manifest');

const ROOT = path.join(__dirname, '..');
const RUNNER = path.join(ROOT, 'assets', 'js', 'runner', 'index.js');
const RUNNER_CSS = path.join(ROOT, 'assets', 'css', 'runner.css');
const RUNNER_BUILD = { ...COMMON, target: 'es2017', minify: true };

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

// Every entry's worker, in manifest order, and the runner. examplesDir and
// log: a test's own examples/ folder and build log.
async function buildAll(entries, { examplesDir = EXAMPLES, log = (line) => process.stderr.write(line + '\n') } = {}) {
  const notCompiled = compileFirst(entries, examplesDir, log);
  const worker = (e) => (notCompiled.has(e.id) ? { id: e.id, reason: notCompiled.get(e.id) } : buildWorker(e, { examplesDir }));
  const [runner, ...workers] = await Promise.all([buildRunner(), ...entries.map(worker)]);
  return { runner, workers };
}

module.exports = { buildAll, buildWorker, buildRunner, WORKER, RUNNER };
