'use strict';
// The runtime's probe decides which variants a runtime skips: a variant that
// needs a syntax the runtime lacks must be skipped with the reason, not crash
// at load. Node 4 has let, arrows and classes but no destructuring, which
// the rx variants use.
const test = require('node:test');
const assert = require('node:assert/strict');
const { isInstalled, binaryPath, getProfile } = require('../../scripts/runtimes/profiles');
const { skipReason } = require('../../scripts/harness/plan');
const { loadManifest } = require('../../scripts/lib/manifest');
const { binaryRuntime } = require('../../scripts/harness/runtime-record');

const OLD = 'node-4';
const needsOld = !isInstalled(OLD) && !process.env.CI && `run npm run runtimes -- install ${OLD} first`;

// The record the harness plans with: the one probe (probe-script.js) and the child's start.
const probe = (binary) => binaryRuntime(binary, []);

test('Node 4 probes without ES2015 destructuring, so the rx variants are skipped with the reason', { skip: needsOld }, async () => {
  const info = await probe(binaryPath(getProfile(OLD)));
  assert.equal(info.features.generators, true);
  assert.equal(info.features.es2015, false, 'Node 4 cannot compile const { b } = ...');
  const rx = loadManifest().variants.find((v) => v.id === 'rx');
  assert.match(skipReason(rx, 'upload', { id: 'node-4@4.9.1', features: info.features }), /needs ES2015 syntax \(.*destructuring\)/);
});

test('the node running the tests has every ES2015 feature the probe checks', async () => {
  assert.equal((await probe(process.execPath)).features.es2015, true);
});

// Issue 26: one probe per runtime. The harness used to probe a binary with
// probe-script.js's feature tests and then again, six times, with child.js --probe.
test('a binary given by path is probed once, and its child runner started five times for its start', async (t) => {
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const calls = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-probe-')), 'calls');
  t.after(() => fs.rmSync(path.dirname(calls), { recursive: true, force: true }));
  process.env.FAKE_CALLS = calls;
  t.after(() => { delete process.env.FAKE_CALLS; });
  const record = await probe(path.join(__dirname, '..', 'fixtures', 'bench', 'fake-runtime.js'));
  assert.deepEqual(fs.readFileSync(calls, 'utf8').trim().split('\n'), ['probe', 'ready', 'ready', 'ready', 'ready', 'ready']);
  assert.equal(record.id, 'fake-1.0.0');
  assert.equal(record.features.fibers, false);
  assert.equal(record.featureReasons.fibers, 'a fake runtime has no fibers');
  assert.equal(typeof record.startMs, 'number');
});

test('a --runtime that cannot run the child is a RuntimeError (bench exits 2), told by its class', async () => {
  const { RuntimeError } = require('../../scripts/harness/runtime-record');
  await assert.rejects(probe('/no/such/node'), (err) => err instanceof RuntimeError && /^--runtime \/no\/such\/node: cannot start it/.test(err.message));
  await assert.rejects(probe('/bin/true'), (err) => err instanceof RuntimeError && /the probe did not report/.test(err.message));
});
