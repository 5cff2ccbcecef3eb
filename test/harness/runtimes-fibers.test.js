// The fibers tree of a Node runtime with a prebuilt fibers binary (node-14,
// fibers 5.0.3), in the shared cache: built once, then fibers, fibrous and
// streamline's fibers output must run on it. (node-0.11, built from source, is
// tested in runtimes-install.test.js; refusals in runtimes-cli.test.js.)
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, runCli, needsRegistry } = require('../helpers/runtimes');
const { fibersDir, binaryPath, getProfile } = require('../../scripts/runtimes/profiles');

test('node-14 gets the prebuilt fibers 5.0.3, and fibers, fibrous and streamline run on it', { skip: needsRegistry() }, () => {
  const r = runCli(['fibers', 'node-14']);
  assert.equal(r.code, 0, r.stderr);
  const dir = fibersDir('node-14');
  const rec = JSON.parse(fs.readFileSync(path.join(dir, 'install.json'), 'utf8'));
  assert.equal(rec.fibers, '5.0.3');
  assert.equal(rec.binary, 'prebuilt');
  assert.equal(rec.abiDir, 'linux-x64-83-glibc', 'the binary fibers ships for Node 14\'s ABI');
  const probe = spawnSync(binaryPath(getProfile('node-14')), [path.join(ROOT, 'scripts', 'runtimes', 'fibers-probe.js'), dir], { encoding: 'utf8' });
  assert.equal(probe.stdout.trim(), 'OK', probe.stderr);
  // The tree belongs to its runtime: today's node cannot load that binary.
  const wrong = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'runtimes', 'fibers-probe.js'), dir], { encoding: 'utf8' });
  assert.notEqual(wrong.status, 0);
  assert.doesNotMatch(wrong.stdout, /^OK$/m);
  const caps = JSON.parse(runCli(['probe', 'node-14']).stdout);
  assert.equal(caps.fibers.loadable, true);
  assert.equal(caps.features.fibers, true, 'fibers is a probed feature, as the manifest\'s "requires" names it');
  assert.deepEqual(caps.featureReasons, {});
  assert.equal(caps.features['async-functions'], true);
});
