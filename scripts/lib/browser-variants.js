'use strict';
// Which variants of examples/manifest.json a browser can run, decided from
// each manifest entry, for both places that run them there: the article's
// "Run it in your browser" (the site) and the benchmark's `chromium` runtime
// (scripts/harness/browser/). A variant is offered when a browser has what it
// needs and its libraries bundle (the bundler's verdict is
// scripts/lib/worker-bundle.js's); one that is not is listed with the reason.
// Browsers have generators, promises, ES2015 and async functions, so
// `requires` rules out only what is Node's own. A compiled variant (manifest
// `compile`) is not ruled out: what runs is its output in examples/build/,
// which the two callers make before they bundle (the site build in
// _config/worker-bundles.js, the benchmark in scripts/bench.js), so the
// browser runs it or the bundler says why not, like any other variant.

// Why entry cannot run in a browser, in words for the page, or null.
function notInBrowser(entry) {
  if (entry.requires.includes('fibers') || entry.libraryTree === 'fibers') {
    return 'needs fibers, a native add-on that only Node 0.11 to 14 can load';
  }
  if (entry.requires.includes('util.promisify')) {
    return 'adapts the fakes with Node’s util.promisify and util.callbackify, which browsers do not have';
  }
  if (entry.librarySet) {
    return 'loads an older library version by redirecting Node’s require (examples/lib/library-set.js), which a bundle cannot do';
  }
  return null;
}

// The names the browser worker requires that no package provides: the worker
// bundler (scripts/lib/worker-bundle.js) resolves them to the entry's files,
// and test/unit/declared-packages.test.js skips them.
const VIRTUAL_PREFIX = 'asyncbench:';

module.exports = { notInBrowser, VIRTUAL_PREFIX };
