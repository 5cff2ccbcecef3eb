'use strict';
// The browser tests' session: scripts/site-tools/browser.js startSession with
// a chart filter budget no busy machine trips (the reader's is 1 s), so a test
// never depends on how many other test files run beside it. A test about the
// budget itself sets its own through an init script (filter-url-race), which
// runs after this one.
const { startSession, watch } = require('../../scripts/site-tools/browser');

const FILTER_LIMIT_MS = 60000;

function startTestSession(options = {}) {
  return startSession({ filterLimitMs: FILTER_LIMIT_MS, ...options });
}

module.exports = { startSession: startTestSession, watch, FILTER_LIMIT_MS };
