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

// The harness words some reasons for whoever runs it: what is missing on
// the machine and the command that adds it ("the fibers tree of node-8 is
// not built; run `npm run runtimes -- fibers node-8`",
// scripts/runtimes/fibers.js). A reader cannot act on that, so a page says
// what it means for the figures, and never prints the operator's command.
const FOR_READERS = [
  [/\bthe fibers tree of (\S+) is not built\b/, (profile) => `fibers was not built for ${profile} when it was measured`],
];
// An operator's next step: "; run `...`" (or a sentence of its own), to the
// end of its clause.
const OPERATOR_STEP = /(?:[;,.]\s*|^)run `[^`]*`[^;:(]*?(?=\s*[;:(]|$)/g;

function readerReason(reason) {
  let text = String(reason || '');
  for (const [re, say] of FOR_READERS) text = text.replace(re, (m, ...groups) => say(...groups));
  return text.replace(OPERATOR_STEP, '').replace(/\s{2,}/g, ' ').trim();
}

module.exports = { firstClause, readerReason };
