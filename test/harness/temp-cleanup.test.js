// `npm test` leaves nothing in the system temporary folder: scripts/run-tests.js
// runs each tier with TMPDIR pointing at a fresh folder and fails the tier,
// naming what is left, when that folder is not empty afterwards. Checked here
// on fixture suites (ASYNCBENCH_TEST_ROOT), so the check covers every test
// file of every tier without running any of them twice.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const SUITES = path.join(__dirname, '..', 'fixtures', 'test-runner');

// Runs the runner's unit tier on a fixture suite, with the system's temporary
// folder pointed at a fresh one the test can inspect.
function runSuite(t, name) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-tmpcheck-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  // Without NODE_TEST_CONTEXT the inner runner runs the files itself instead
  // of reporting to ours.
  const env = { ...process.env, TMPDIR: tmp, ASYNCBENCH_TEST_ROOT: path.join(SUITES, name) };
  delete env.NODE_TEST_CONTEXT;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run-tests.js'), '--tier', 'unit'], { cwd: ROOT, encoding: 'utf8', env, timeout: 120000 });
  return { ...r, tmp };
}

test('a tier whose files remove what they make passes, prints its summary line, and leaves the temporary folder empty', (t) => {
  const r = runSuite(t, 'clean');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^tier unit +ok +1 passed, 0 failed \(1 files, \d+ s\)$/m);
  assert.match(r.stdout, /^1 passed, 0 failed$/m);
  assert.deepEqual(fs.readdirSync(r.tmp), []);
});

test('a tier whose files leave something in the temporary folder fails, naming it, though its tests passed', (t) => {
  const r = runSuite(t, 'leaky');
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /unit tier: its test files left 1 entries in the temporary folder: asyncbench-leaky-\w+\. A test removes what it makes/);
  assert.match(r.stdout, /^tier unit +FAIL +1 passed, 1 failed, 1 left in the temporary folder/m);
  assert.match(r.stdout, /^1 passed, 1 failed$/m);
  assert.deepEqual(fs.readdirSync(r.tmp), [], 'the runner removes the tier\'s temporary folder either way');
});

test('Chromium\'s own scratch files are not counted against a tier; the runner removes them with its folder', (t) => {
  const r = runSuite(t, 'chromium');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.doesNotMatch(r.stderr, /left \d+ entries/);
  assert.deepEqual(fs.readdirSync(r.tmp), []);
});

test('an unknown tier or argument is refused with exit 2 before anything runs', () => {
  for (const [args, message] of [[['--tier', 'everything'], /--tier: no tier "everything"; the tiers are unit, site, harness, browser/], [['--bogus'], /unknown argument "--bogus"/]]) {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run-tests.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.doesNotMatch(r.stderr, /Compiling|Building/);
  }
});
