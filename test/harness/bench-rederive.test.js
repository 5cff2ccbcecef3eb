'use strict';
// `npm run data -- rederive FILE` (bench's old --rederive): the figures a
// perf@1 file derives from its samples are computed again by this harness,
// the samples untouched; a file with unsaved journal lines, or that is
// missing, is refused with one line and exit 1. Input: a recorded run
// (test/fixtures/recorded/), nothing timed.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { tempDir } = require('../fixtures/bench/helpers');

const SCRIPTS = path.join(__dirname, '..', '..', 'scripts');
// scripts/<script> with exactly these arguments (the shared helper adds --manifest).
const run = (script, args) => {
  const r = spawnSync(process.execPath, [path.join(SCRIPTS, script), ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const { validate } = require('../../scripts/harness/datafile');
const warm = require('../../scripts/lib/measure/warm');
const { minSteadyOf } = require('../../scripts/lib/warm-classes');

const RECORDED = path.join(__dirname, '..', 'fixtures', 'recorded', 'perf-warm.json');

function copyOf(t, edit) {
  const file = path.join(tempDir(t), 'perf.json');
  const data = JSON.parse(fs.readFileSync(RECORDED, 'utf8'));
  edit(data);
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
}

test('rederive: derived figures written another way are computed again, warm series classified, the floor\'s costs removed', async (t) => {
  const original = JSON.parse(fs.readFileSync(RECORDED, 'utf8'));
  const warmAt = original.cells.findIndex((c) => c.samples.some((s) => Array.isArray(s.warmBatchesMs)));
  assert.ok(warmAt >= 0, 'the fixture has warm series');
  const file = copyOf(t, (d) => {
    // As a file of before issue 41: costs above the floor, warm figures of the window rule, no classes.
    d.cells[1].aboveFloor = { floorMs: 30, costMs: -2, costCi95: null, ratio: null, ratioCi95: null, plainRatio: 0.9 };
    for (const s of d.cells[warmAt].samples) {
      delete s.warmClass;
      delete s.warmSteadyFrom;
      if (s.warmMs !== null) s.warmMs += 1;
    }
    delete d.cells[warmAt].warmClasses;
    d.cells[0].time.median += 3;
  });
  assert.notDeepEqual(validate(JSON.parse(fs.readFileSync(file, 'utf8'))), [], 'the edited file does not load');
  const r = run('data.js', ['rederive', file]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /the derived figures of \d+ cells computed again/);
  const after = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.deepEqual(validate(after), []);
  const measured = (cells) => cells.map((c) => c.samples.map(({ warmMs, warmSteady, warmClass, warmSteadyFrom, ...rest }) => rest));
  assert.deepEqual(measured(after.cells), measured(original.cells), 'what was measured stays');
  assert.deepEqual(after.runs, original.runs);
  assert.equal('aboveFloor' in after.cells[1], false, 'the floor\'s costs are removed');
  const run0 = after.runs[after.cells[warmAt].run];
  for (const s of after.cells[warmAt].samples.filter((x) => x.status === 'ok')) {
    const { warmMs, warmSteady, warmClass, warmSteadyFrom } = s;
    assert.deepEqual({ warmMs, warmSteady, warmClass, warmSteadyFrom }, warm.fields(s.warmBatchesMs, minSteadyOf(run0.harness)));
  }
  assert.ok(after.cells[warmAt].warmClasses, 'the cell counts its classes');
  assert.equal(after.cells[0].time.median, original.cells[0].time.median);
  assert.equal(fs.existsSync(`${file}.lock`), false, 'the lock is released');
});

test('rederive refuses a file whose journal holds unsaved repetitions, and a missing file, with one line', async (t) => {
  const file = copyOf(t, () => {});
  fs.writeFileSync(`${file}.journal`, '{}\n');
  const before = fs.readFileSync(file, 'utf8');
  const r = run('data.js', ['rederive', file]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^data: .*perf\.json: .*perf\.json\.journal holds repetitions not yet saved; fold them in first/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
  assert.equal(fs.readFileSync(file, 'utf8'), before);

  const missing = run('data.js', ['rederive', path.join(tempDir(t), 'none.json')]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /none\.json: does not exist/);
});

test('rederive takes only its file; so does bench\'s old --rederive', () => {
  let r = run('data.js', ['rederive', 'x.json', '--n', '5']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^data: rederive: unknown argument "--n"/);
  r = run('bench.js', ['--rederive', 'x.json', '--n', '5']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--rederive takes only the file to rederive, not --n/);
});
