'use strict';
// Which variants of examples/manifest.json a reader can run in the browser
// ("Run it in your browser", the main article), decided from each manifest
// entry: a variant is offered when a browser has what it needs and its
// libraries bundle (the bundler's verdict is _config/worker-bundles.js's),
// and a variant that is not offered is listed with the reason, on the page.
// Browsers have generators, promises, ES2015 and async functions, so
// `requires` rules out only what is Node's own.
const { BASELINE } = require('../../scripts/lib/manifest');

// Ticked when the section opens: the styles the issue asked for, one or two
// of each family, and the baseline every ratio is taken against.
const DEFAULT_STYLES = Object.freeze([BASELINE, 'promises-native', 'async-await', 'promises-bluebird', 'generators-co', 'rx', 'promises-q']);

// Why entry cannot run in a browser, in words for the page, or null.
function notInBrowser(entry) {
  if (entry.requires.includes('fibers') || entry.libraryTree === 'fibers') {
    return 'needs fibers, a native add-on that only Node 0.11 to 14 can load';
  }
  if (entry.requires.includes('util.promisify')) {
    return 'adapts the fakes with Node’s util.promisify and util.callbackify, which browsers do not have';
  }
  if (entry.compile) {
    return `runs ${entry.compile.tool}’s output (examples/build/), which only npm run compile makes; the site build compiles nothing`;
  }
  if (entry.librarySet) {
    return 'loads an older library version by redirecting Node’s require (examples/lib/library-set.js), which a bundle cannot do';
  }
  return null;
}

// The names the browser worker requires that no package provides: the worker
// bundler (_config/worker-bundles.js) resolves them to the entry's files, and
// test/declared-packages.test.js skips them.
const VIRTUAL_PREFIX = 'asyncbench:';

module.exports = { DEFAULT_STYLES, notInBrowser, VIRTUAL_PREFIX };
