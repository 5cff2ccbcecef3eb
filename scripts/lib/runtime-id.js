// The id a runtime goes by in the data (a cell's `runtime`, the keys of a
// run's `runtimes`), made in one place, and the rule by which a page's short
// name ("node-24") finds it:
//   a profile of scripts/runtimes/profiles.json (--runtimes node-24)  node-24@24.21.0
//   a binary given by path (--runtime PATH FLAGS...)                  node-20.20.2, node-0.11.14 --harmony
// The profile and exact version make a profile's cells readable and stable
// across machines; a binary has no profile, so its name, version and flags
// are what tell its cells apart.
'use strict';

function runtimeId({ profile, name, version, flags = [] }) {
  if (profile) return `${profile}@${version}`;
  return [`${name}-${version}`].concat(flags).join(' ');
}

// Whether a runtime id answers to the name a page gives: the id itself, or a
// prefix of it up to a version separator, so "node-20" matches "node-20.20.2"
// (a binary's id) and "node-24" matches "node-24@24.21.0" (a profile's).
function runtimeMatches(id, name) {
  return id === name || id.startsWith(`${name}.`) || id.startsWith(`${name}-`) || id.startsWith(`${name}@`);
}

module.exports = { runtimeId, runtimeMatches };
