// `npm test` leaves nothing in the system temporary folder: every test file
// that builds a fixture site or makes a temporary folder is run here with
// TMPDIR pointing at a fresh folder, which must be empty afterwards.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const TEST = path.join(__dirname, '..');
const MAKES_TEMP = /mkdtemp|buildFixture\(/;

test('test files that make temporary folders remove them', (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-tmpcheck-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const files = fs.readdirSync(TEST)
    .filter((f) => f.endsWith('.test.js') && f !== path.basename(__filename))
    .filter((f) => MAKES_TEMP.test(fs.readFileSync(path.join(TEST, f), 'utf8')));
  assert.ok(files.includes('build-errors.test.js') && files.includes('netlify-headers.test.js'), files.join(', '));
  // Without NODE_TEST_CONTEXT the inner runner runs the files itself instead
  // of reporting to ours.
  const env = { ...process.env, TMPDIR: tmp };
  delete env.NODE_TEST_CONTEXT;
  const r = spawnSync(process.execPath, ['--test', ...files.map((f) => path.join(TEST, f))], {
    cwd: path.join(TEST, '..'), encoding: 'utf8', env
  });
  assert.equal(r.status, 0, r.stdout.slice(-3000));
  assert.match(r.stdout, /# pass [1-9]/);
  assert.deepEqual(fs.readdirSync(tmp), [], `left in the temporary folder by ${files.join(', ')}`);
});
