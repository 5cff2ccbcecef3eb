// Between full saves every finished repetition goes to FILE.journal
// (scripts/harness/journal.js): a kill -9 at any moment keeps it, and the
// next run on the file folds it in. A last line cut short by the kill is the
// only loss (that repetition runs again); any other damage is refused.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempOut, runBench, readData, until, readyPid, killQuietly } = require('../fixtures/bench/helpers');
const datafile = require('../../scripts/harness/datafile');
const journal = require('../../scripts/harness/journal');
const { openRunStore } = require('../../scripts/harness/run-store');
const { journalFile } = require('../../scripts/lib/side-files');

const SMALL = ['--scenario', 'upload', '--mode', 'cpu', '--reps', '1', '--timeout', '600000'];
const NS = ['--n', '5,6,7,8,9,10'];
const lines = (file) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const sampleIn = (data, key, sample) => ((data.cells.find((c) => c.key === key) || { samples: [] }).samples)
  .find((s) => s.run === sample.run && s.rep === sample.rep);

test('kill -9 between saves: the journaled repetitions reach the file with the next run, not measured again', { timeout: 60000 }, async (t) => {
  const out = tempOut(t);
  const ready = path.join(path.dirname(out), 'ready');
  const killed = await runBench(['--variants', '^(original|async-await|fixture-ready)$', ...SMALL, ...NS, '--seed', '2', '--save-every', '3600', '--out', out], {
    env: { ASYNCBENCH_TEST_READY: ready },
    onStart(child) {
      until(() => readyPid(ready)).then((pid) => {
        t.after(() => killQuietly(pid));
        child.kill('SIGKILL');
      });
    }
  });
  assert.equal(killed.signal, 'SIGKILL', killed.stderr);
  const journaled = lines(journalFile(out));
  assert.ok(journaled.length > 0, 'seed 2 runs some jobs before the hanging one');
  const before = readData(out);
  for (const { cell, sample } of journaled) {
    assert.equal(sampleIn(before, cell.key, sample), undefined, `${cell.key} rep ${sample.rep}: only in the journal before the next run`);
  }

  const resumed = await runBench(['--variants', '^(original|async-await)$', ...SMALL, ...NS, '--seed', '2', '--out', out, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr + resumed.stdout, new RegExp(`perf\\.json\\.journal: ${journaled.length} repetitions of a stopped run recovered`));
  const after = readData(out);
  assert.deepEqual(datafile.validate(after), []);
  for (const { cell, sample } of journaled) {
    assert.deepEqual(sampleIn(after, cell.key, sample), sample, `${cell.key} rep ${sample.rep} kept as measured, not run again`);
  }
  assert.equal(fs.existsSync(journalFile(out)), false, 'the journal is gone once the file holds it');
});

// A finished one-cell data file and a new repetition of its cell to journal.
async function fileWithCell(t) {
  const out = tempOut(t);
  const r = await runBench(['--variants', '^original$', ...SMALL, '--n', '5', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const cell = readData(out).cells.find((c) => c.variant === 'original');
  const extra = Object.assign({}, cell.samples[0], { rep: 2 });
  return { out, cell, extra };
}

test('a last journal line cut short by a stop is dropped with a note; the lines before it are kept', async (t) => {
  const { out, cell, extra } = await fileWithCell(t);
  openRunStore(out).appendJournal(cell, extra);
  fs.appendFileSync(journalFile(out), '{"cell":{"key":"' + cell.key.slice(0, 10)); // the write a kill cut
  const store = openRunStore(out).cells({ generatedBy: 'test' });
  assert.deepEqual(store.recovered, { repetitions: 1, dropped: true });
  assert.deepEqual(store.get(cell.key).samples.map((s) => s.rep), [...cell.samples.map((s) => s.rep), 2]);
});

test('a broken journal line with entries after it is refused: nothing written, the journal kept', async (t) => {
  const { out, cell, extra } = await fileWithCell(t);
  fs.writeFileSync(journalFile(out), 'not json\n');
  openRunStore(out).appendJournal(cell, extra);
  const fileBefore = fs.readFileSync(out, 'utf8');
  const journalBefore = fs.readFileSync(journalFile(out), 'utf8');
  const r = await runBench(['--variants', '^original$', ...SMALL, '--n', '5', '--out', out, '--resume']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /perf\.json\.journal: line 1 is not a journal entry.*move the journal aside/);
  assert.equal(fs.readFileSync(out, 'utf8'), fileBefore, 'the data file is untouched');
  assert.equal(fs.readFileSync(journalFile(out), 'utf8'), journalBefore, 'the journal is untouched');
  assert.deepEqual(fs.readdirSync(path.dirname(out)).sort(), ['perf.json', 'perf.json.journal'], 'no lock left behind');
});

// A line that parses but holds the wrong fields crashed with "Internal error:
// no scenario "undefined"" and a stack (issue 38, item 8), or slipped into the
// data file. The harness never writes such a line, so it is refused like a
// broken one: the file, the line and what is wrong, nothing written.
test('a journal line that parses but holds the wrong fields is refused, naming the line and what is wrong', async (t) => {
  const { out, cell, extra } = await fileWithCell(t);
  const entry = (c, s) => JSON.stringify({ cell: c, sample: s }) + '\n';
  const planCell = journal.cellFields(cell);
  const noStatus = Object.assign({}, extra);
  delete noStatus.status;
  const cases = [
    [{ key: cell.key }, extra, /its cell names no scenario this harness knows \(scenario: undefined\)/],
    [Object.assign({}, planCell, { n: 'five' }), extra, /its cell does not match .*perf\.schema\.json: \/n must be integer/],
    [Object.assign({}, planCell, { key: 'node|upload|cpu|original|6' }), extra,
      new RegExp(`its cell's key "node\\|upload\\|cpu\\|original\\|6" does not match its fields \\(${cell.key.replace(/\|/g, '\\|')}\\)`)],
    [planCell, noStatus, /its sample does not match .*: \(root\) must have required property 'status'/]
  ];
  for (const [c, sample, what] of cases) {
    fs.writeFileSync(journalFile(out), entry(planCell, extra) + entry(c, sample) + entry(planCell, Object.assign({}, extra, { rep: 3 })));
    const fileBefore = fs.readFileSync(out, 'utf8');
    const journalBefore = fs.readFileSync(journalFile(out), 'utf8');
    const r = await runBench(['--variants', '^original$', ...SMALL, '--n', '5', '--out', out, '--resume']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /perf\.json\.journal: line 2 is not a journal entry: /);
    assert.match(r.stderr, what);
    assert.match(r.stderr, /move the journal aside/);
    assert.doesNotMatch(r.stderr, /Internal error|\n\s+at /, 'no stack');
    assert.equal(fs.readFileSync(out, 'utf8'), fileBefore, 'the data file is untouched');
    assert.equal(fs.readFileSync(journalFile(out), 'utf8'), journalBefore, 'the journal is untouched');
  }
});

test('--save-every takes seconds and refuses anything else', async (t) => {
  const out = tempOut(t);
  const r = await runBench(['--variants', '^original$', ...SMALL, '--n', '5', '--out', out, '--save-every', 'soon']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--save-every/);
});
