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
// its manifest entry that a browser lacks and its bundle builds; otherwise the
// page names it with the reason (for a failed build, esbuild's first message).
// Each URL carries a hash of the bundle, under /assets/f/ where netlify.toml
// caches files for a year.
const path = require('node:path');
const { buildWorker, COMMON, WORKER } = require('../scripts/lib/worker-bundle');
const { fingerprint: hashOf } = require('../scripts/lib/fingerprint');

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

// Every entry's worker, in manifest order, and the runner.
async function buildAll(entries) {
  const [runner, ...workers] = await Promise.all([buildRunner(), ...entries.map((e) => buildWorker(e))]);
  return { runner, workers };
}

module.exports = { buildAll, buildWorker, buildRunner, WORKER, RUNNER };
