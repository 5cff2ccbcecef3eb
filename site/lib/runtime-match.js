// Which runtime a page means: the ids and the name rule come from
// scripts/lib/runtime-id.js, which makes the ids the data hold.
'use strict';
const { runtimeMatches } = require('../../scripts/lib/runtime-id');

// "Now" on the site: the current Node LTS line, the runtime a chart or table
// shows when the page names none (profiles in scripts/lib/profiles.json).
const NOW_RUNTIME = 'node-24';

// The cells of "now" when there are any, else null: what a page that names
// no runtime shows (charts, tables and numbers in prose alike).
function nowCells(cells) {
  const now = cells.filter((c) => runtimeMatches(c.runtime, NOW_RUNTIME));
  return now.length ? now : null;
}

module.exports = { runtimeMatches, nowCells, NOW_RUNTIME };
