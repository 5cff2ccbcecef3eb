// The names of the files kept beside a data file come from one module
// (scripts/lib/side-files.js), used by the atomic write, the lock and the
// journal (issue 26).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const side = require('../scripts/lib/side-files');

test('side-file names: lock, takeover, journal, temporary; the stale-temporary pattern matches exactly those', () => {
  assert.equal(side.lockFile('/d/perf.json'), '/d/perf.json.lock');
  assert.equal(side.takeoverFile('/d/perf.json.lock'), '/d/perf.json.lock.takeover');
  assert.equal(side.fileOfLock('/d/perf.json.lock'), '/d/perf.json');
  assert.equal(side.journalFile('/d/perf.json'), '/d/perf.json.journal');
  assert.equal(side.tempFile('/d/perf.json', 42), '/d/perf.json.42.tmp');
  assert.equal(side.tempFile('/d/perf.json'), `/d/perf.json.${process.pid}.tmp`);
  const ours = side.tempPattern('/d/perf.json');
  for (const name of ['perf.json.42.tmp', 'perf.json.lock.42.tmp', 'perf.json.lock.takeover.42.tmp', 'perf.json.lock.takeover.takeover.42.tmp']) {
    assert.equal(ours.exec(name)[1], '42', name);
  }
  for (const name of ['perfXjson.42.tmp', 'xperf.json.42.tmp', 'perf.json.journal.42.tmp', 'perf.json.backup.tmp', 'perf.json.42.tmp.x']) {
    assert.equal(ours.exec(name), null, name);
  }
});

test('no module but side-files.js spells a side-file suffix', () => {
  const root = path.join(__dirname, '..', 'scripts');
  const spelled = [];
  for (const rel of ['lib/atomic-write.js', 'harness/lock.js', 'harness/journal.js', 'harness/datafile.js', 'bench.js']) {
    const code = fs.readFileSync(path.join(root, rel), 'utf8').split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
    if (/\.(lock|journal|takeover|tmp)['`]/.test(code)) spelled.push(rel);
  }
  assert.deepEqual(spelled, []);
});
