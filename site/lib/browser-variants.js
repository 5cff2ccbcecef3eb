'use strict';
// The article's "Run it in your browser": which styles the section ticks when
// it opens. Which variants a browser can run at all is decided in
// scripts/lib/browser-variants.js, shared with the benchmark's `chromium`
// runtime, and re-exported here for the site's modules.
const { BASELINE } = require('../../scripts/lib/manifest');
const { notInBrowser, VIRTUAL_PREFIX } = require('../../scripts/lib/browser-variants');

// Ticked when the section opens: the styles the issue asked for, one or two
// of each family, and the baseline every ratio is taken against.
const DEFAULT_STYLES = Object.freeze([BASELINE, 'promises-native', 'async-await', 'promises-bluebird', 'generators-co', 'rx', 'promises-q']);

module.exports = { DEFAULT_STYLES, notInBrowser, VIRTUAL_PREFIX };
