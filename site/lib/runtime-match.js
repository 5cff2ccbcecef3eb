// Whether a runtime id in the data answers to the name a page gives:
// the id itself, or a prefix of it up to a version separator, so "node-20"
// matches "node-20.20.2" (runs of the machine's node) and "node-24" matches
// "node-24@24.21.0" (runs of a profile, --runtimes).
'use strict';

function runtimeMatches(id, name) {
  return id === name || id.startsWith(`${name}.`) || id.startsWith(`${name}-`) || id.startsWith(`${name}@`);
}

// "Now" on the site: the current Node LTS line, the runtime a chart or table
// shows when the page names none (profiles in scripts/runtimes/profiles.json).
const NOW_RUNTIME = 'node-24';

// The cells of "now" when there are any, else null: what a page that names
// no runtime shows (charts, tables and numbers in prose alike).
function nowCells(cells) {
  const now = cells.filter((c) => runtimeMatches(c.runtime, NOW_RUNTIME));
  return now.length ? now : null;
}

module.exports = { runtimeMatches, nowCells, NOW_RUNTIME };
