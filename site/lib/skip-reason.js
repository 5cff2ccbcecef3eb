'use strict';
// A reason a variant did not run, as short as a caption or a table cell can
// hold it. Reasons are recorded as "<what>: <detail> (<runtime id>, probed)"
// (the words of scripts/lib/profiles.json for fibers, the probe's for a
// missing feature). The first clause is the fact that holds on every runtime
// it is given for ("fibers does not load on Node 16+"); the detail is one
// runtime's way of failing ("does not compile against the V8 of Node 22 and
// later"), and set beside the first clause it reads as a second, different
// claim.
const firstClause = (reason) => String(reason || '').split(/[;:(]/)[0].trim();

module.exports = { firstClause };
