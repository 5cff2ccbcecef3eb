'use strict';
// The data check's verdict on a file is cached by the file's content (and the
// schemas and the checker's code), so a build does not check 41 MB again
// (issue 39). The cache must never let an invalid file through: a file
// changed after it was checked valid is checked again, whatever the change,
// and a damaged entry is checked again too.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempDir } = require('../fixtures/bench/helpers');
const { dataDir } = require('../helpers/data-dir');
const { openCache } = require('../../scripts/lib/build-cache');
const { makeLoader, readDataFile, DataCheckError, CACHE } = require('../../site/lib/data-files');

const NAME = 'perf-noise'; // small, with samples: the checks of figures derived from them run
const okCell = (cells) => cells.findIndex((c) => c.status === 'ok' && c.samples.length > 2);
const cacheIn = (dir) => openCache(CACHE, { dir, enabled: true });
// What a build does: a new loader, with a cache in the same folder.
const check = (dataDirectory, store, allowIncomplete = false) => makeLoader({ dataDir: dataDirectory, allowIncomplete, cache: cacheIn(store) })(NAME);
const edit = (dir, change) => {
  const file = path.join(dir, `${NAME}.json`);
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(data);
  fs.writeFileSync(file, JSON.stringify(data));
};
const problemsOf = (fn) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DataCheckError) return err.problems;
    throw err;
  }
  return [];
};
function fixture(t) {
  const d = dataDir({ only: [NAME] });
  t.after(d.remove);
  return d.dir;
}

test('a file checked valid and cached is checked again once it changes: a bad summary or a bad type fails', (t) => {
  const store = tempDir(t);
  const changes = {
    'a summary its samples contradict (only the derived-figure check sees it)': (d) => { d.cells[okCell(d.cells)].time.median += 1; },
    'a sample of the wrong type (the schema)': (d) => { d.cells[1].samples[0].timeMs = '7'; },
    'a number JSON reads as Infinity': null,
  };
  for (const [what, change] of Object.entries(changes)) {
    const dir = fixture(t);
    const valid = check(dir, store);
    assert.deepEqual(valid.problems, [], what);
    assert.ok(fs.readdirSync(cacheIn(store).dir).length >= 1, 'the valid verdict is cached');
    if (change) edit(dir, change);
    else fs.writeFileSync(path.join(dir, `${NAME}.json`), fs.readFileSync(path.join(dir, `${NAME}.json`), 'utf8').replace(/"timeMs":\s*[\d.]+/, '"timeMs": 1e999'));
    const problems = problemsOf(() => check(dir, store));
    assert.ok(problems.length > 0 && problems.every((p) => p.file === NAME && p.kind === 'invalid'), `${what}: ${JSON.stringify(problems)}`);
    assert.ok(problemsOf(() => check(dir, store)).length > 0, `${what}: and again on the next build`);
  }
});

test('a cached file gives what the check gives without the cache: data, problems and the unfinished summary', (t) => {
  const store = tempDir(t);
  const dir = fixture(t);
  edit(dir, (d) => { d.cells[0].samples = []; }); // unfinished: a draft build accepts it, labelled
  const cold = readDataFile(dir, NAME);
  const first = check(dir, store, true);
  const warm = check(dir, store, true);
  for (const hit of [first, warm]) {
    assert.deepEqual(hit.problems, cold.problems);
    assert.equal(hit.incomplete, cold.incomplete);
    assert.deepEqual(hit.data, cold.data);
  }
  assert.match(warm.incomplete, /1 planned cell without samples/);
  assert.throws(() => check(dir, store, false), /ASYNCBENCH_ALLOW_INCOMPLETE=1/, 'a cached unfinished file still stops a production build');
});

test('a damaged entry is checked again: a verdict whose checksum fails never vouches for a file', (t) => {
  const store = tempDir(t);
  const dir = fixture(t);
  edit(dir, (d) => { d.cells[0].samples = []; }); // unfinished: the true verdict has a problem
  const truth = check(dir, store, true);
  assert.equal(truth.problems.length, 1);
  const [entry] = fs.readdirSync(cacheIn(store).dir).map((f) => path.join(cacheIn(store).dir, f));
  const whole = fs.readFileSync(entry, 'utf8');
  const [head] = whole.split('\n', 1);
  const forged = JSON.stringify({ problems: [], incomplete: '' }); // "all finished", under the old checksum
  for (const damaged of [`${head}\n${forged}`, whole.slice(0, whole.length - 2), head]) {
    fs.writeFileSync(entry, damaged);
    const hit = check(dir, store, true);
    assert.deepEqual(hit.problems, truth.problems);
    assert.equal(hit.incomplete, truth.incomplete);
    assert.throws(() => check(dir, store, false), /ASYNCBENCH_ALLOW_INCOMPLETE=1/);
    assert.equal(fs.readFileSync(entry, 'utf8'), whole, 'the entry is saved again');
  }
});

test('an invalid file\'s verdict is not cached', (t) => {
  const store = tempDir(t);
  const dir = fixture(t);
  edit(dir, (d) => { d.cells[1].samples[0].timeMs = '7'; });
  assert.ok(problemsOf(() => check(dir, store)).length > 0);
  assert.deepEqual(fs.existsSync(cacheIn(store).dir) ? fs.readdirSync(cacheIn(store).dir) : [], []);
});
