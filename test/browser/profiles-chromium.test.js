'use strict';
// `npm run profiles -- --runtimes chromium` (scripts/analyze/profile-chromium.js)
// in real headless Chromium: the page's DevTools session attaches to the
// dedicated worker, which profiles its batches; the bundle's source map
// names the file of every function sampled; Bluebird's choices in the
// worker are read from it. Shape only, never a time or a share.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { validator } = require('../../scripts/lib/schemas');

const CLI = path.join(__dirname, '..', '..', 'scripts', 'analyze', 'profile.js');

test('a Chromium pair: profiled in its worker, every sampled function named by the source map, Bluebird read in the worker', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-profiles-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'profiles.json');
  const r = spawnSync(process.execPath, [CLI, '--runtimes', 'chromium', '--variants', '^(promises-bluebird|fibrous)$', '--n', '50', '--warm', '1',
    '--batches', '2', '--out', out, '--profiles-dir', path.join(dir, 'raw')], { encoding: 'utf8', timeout: 240000 });
  assert.equal(r.status, 0, r.stderr);
  const data = JSON.parse(fs.readFileSync(out, 'utf8'));
  const validate = validator('profiles.schema.json');
  assert.ok(validate(data), JSON.stringify(validate.errors));
  const [pair] = data.pairs;
  assert.equal(pair.variant, 'promises-bluebird');
  assert.match(pair.runtime, /^chromium@\d/);
  assert.equal(pair.where, 'worker');
  assert.equal(pair.calls.cpu, 100, 'two profiled batches of 50 calls');
  assert.ok(pair.cpu.samples > 0);
  assert.deepEqual(pair.cpu.categories.filter((c) => c.kind === 'other'), [], 'no sampled function left unnamed by the source map');
  assert.equal(pair.allocation, null);
  assert.equal(pair.async, null);
  assert.equal(pair.bluebird.scheduler.kind, 'promise-then', 'no process in a worker: Bluebird schedules on a native promise');
  assert.equal(typeof pair.bluebird.longStackTraces, 'boolean');
  assert.deepEqual(data.notProfiled.map((p) => [p.variant, p.status]), [['fibrous', 'skipped']]);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'raw', 'chromium-promises-bluebird')).sort(), ['cpu-1.cpuprofile', 'cpu-2.cpuprofile']);
});
