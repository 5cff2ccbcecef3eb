'use strict';
// What the two disk-full suites (test/harness/disk-full-injected.test.js,
// disk-full-tmpfs.test.js) read back after a write failed: the journal's
// lines, a sample in a data file, and the one line the failure printed.
const fs = require('node:fs');
const assert = require('node:assert/strict');
const { journalFile } = require('../../scripts/lib/side-files');

const journalLines = (out) => fs.readFileSync(journalFile(out), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

const sampleIn = (data, key, sample) => ((data.cells.find((c) => c.key === key) || { samples: [] }).samples)
  .find((s) => s.run === sample.run && s.rep === sample.rep);

// The one line a failed write prints, and no stack trace: it starts with
// `prefix` and says the disk is full, how many bytes, and what was free. → the line.
function oneLine(stderr, prefix) {
  const lines = stderr.split('\n').filter(Boolean);
  assert.deepEqual(lines.filter((l) => /^\s+at /.test(l)), [], `no stack trace:\n${stderr}`);
  const said = lines.filter((l) => l.includes('not written'));
  assert.equal(said.length, 1, stderr);
  assert.ok(said[0].startsWith(prefix), said[0]);
  assert.match(said[0], /the disk is full \(ENOSPC after [\d,]+ of [\d,]+ bytes; [\d,]+ bytes free on \//);
  return said[0];
}

module.exports = { journalLines, sampleIn, oneLine };
