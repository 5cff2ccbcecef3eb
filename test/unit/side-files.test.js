// The names of the files kept beside a data file come from one module
// (scripts/lib/side-files.js), used by the atomic write, the lock and the
// journal; and a data file given through a link resolves to its target
// once, with every side file beside the target (issue 25, item 3).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempDir } = require('../fixtures/bench/helpers');
const side = require('../../scripts/lib/side-files');

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

test('realFile follows the file\'s links (a dangling one too) and its folders\' to where the data are written', (t) => {
  const dir = fs.realpathSync(tempDir(t));
  fs.mkdirSync(path.join(dir, 'real'));
  fs.symlinkSync('real', path.join(dir, 'folder-link'));
  fs.symlinkSync(path.join('real', 'perf.json'), path.join(dir, 'dangling.json'));
  fs.symlinkSync('dangling.json', path.join(dir, 'chain.json'));
  const target = path.join(dir, 'real', 'perf.json');
  assert.equal(side.realFile(path.join(dir, 'chain.json')), target, 'a chain of links to a file not written yet');
  assert.equal(side.realFile(path.join(dir, 'folder-link', 'perf.json')), target, 'a linked folder');
  fs.writeFileSync(target, '{}');
  assert.equal(side.realFile(path.join(dir, 'chain.json')), target);
  assert.equal(side.realFile(target), target);
  assert.equal(side.realFile(path.join(dir, 'new', 'deeper', 'perf.json')), path.join(dir, 'new', 'deeper', 'perf.json'), 'a folder still to be made');
  assert.equal(side.realFile(path.relative(process.cwd(), target)), target, 'relative to the working folder');
});

test('no module but side-files.js spells a side-file suffix', () => {
  const root = path.join(__dirname, '..', '..', 'scripts');
  const spelled = [];
  for (const rel of ['lib/atomic-write.js', 'harness/lock.js', 'harness/journal.js', 'harness/datafile.js', 'harness/run-store.js',
    'harness/runner.js', 'harness/split.js', 'harness/rederive.js', 'harness/merge.js', 'harness/data-commands.js', 'bench.js', 'data.js']) {
    const code = fs.readFileSync(path.join(root, rel), 'utf8').split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
    if (/\.(lock|journal|takeover|tmp)['`]/.test(code)) spelled.push(rel);
  }
  assert.deepEqual(spelled, []);
});
