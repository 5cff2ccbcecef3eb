'use strict';
// The article's "Run it in your browser": which styles the section ticks when
// it opens. Which variants a browser can run at all is decided in
// scripts/lib/browser-variants.js, shared with the benchmark's `chromium`
// runtime, and re-exported here for the site's modules.
const { BASELINE } = require('../../scripts/lib/manifest');
const { notInBrowser, VIRTUAL_PREFIX } = require('../../scripts/lib/browser-variants');

// Ticked when the section opens: the article's question in a run a reader
// waits for (issue 43: within two minutes on a two-core machine, checked at
// build time by site/lib/browser-run-plan.js): what async functions and
// native promises cost over the baseline every ratio is taken against. The
// rest is one click away ("Full set").
const DEFAULT_STYLES = Object.freeze([BASELINE, 'async-await', 'promises-native']);

module.exports = { DEFAULT_STYLES, notInBrowser, VIRTUAL_PREFIX };
