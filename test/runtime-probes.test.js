'use strict';
// The child's probe decides which variants a runtime skips: a variant that
// needs a syntax the runtime lacks must be skipped with the reason, not crash
// at load. Node 4 has let, arrows and classes but no destructuring, which
// the rx variants use.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { isInstalled, binaryPath, getProfile } = require('../scripts/runtimes/profiles');
const { skipReason } = require('../scripts/harness/plan');
const { loadManifest } = require('../scripts/lib/manifest');

const CHILD = path.join(__dirname, '..', 'scripts', 'harness', 'child.js');
const OLD = 'node-4';
const needsOld = !isInstalled(OLD) && !process.env.CI && `run npm run runtimes -- install ${OLD} first`;

function probe(binary) {
  const r = spawnSync(binary, [CHILD, '--probe'], { encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

test('Node 4 probes without ES2015 destructuring, so the rx variants are skipped with the reason', { skip: needsOld }, () => {
  const info = probe(binaryPath(getProfile(OLD)));
  assert.equal(info.features.generators, true);
  assert.equal(info.features.es2015, false, 'Node 4 cannot compile const { b } = ...');
  const rx = loadManifest().variants.find((v) => v.id === 'rx');
  assert.match(skipReason(rx, 'upload', { id: 'node-4@4.9.1', features: info.features }), /needs ES2015 syntax \(.*destructuring\)/);
});

test('the node running the tests has every ES2015 feature the probe checks', () => {
  assert.equal(probe(process.execPath).features.es2015, true);
});
