'use strict';
// Which pairs `npm run profiles` profiles (scripts/analyze/profile-pairs.js):
// the default set, --runtimes and --variants, and the runtimes it refuses,
// each refusal naming the runtime and what to give instead.
const test = require('node:test');
const assert = require('node:assert/strict');
const { plannedPairs, profiledRuntime, DEFAULT_PAIRS } = require('../../scripts/analyze/profile-pairs');
const { loadManifest, selectVariants } = require('../../scripts/lib/manifest');
const { UsageError } = require('../../scripts/lib/args');

const manifest = loadManifest();
const ids = (plan) => plan.map((p) => [p.runtime.name, p.variants.map((v) => v.id)]);

test('without options, the default set: each runtime with its own variants, all of them in the manifest', () => {
  const plan = plannedPairs({}, manifest, selectVariants);
  assert.deepEqual(ids(plan), Object.entries(DEFAULT_PAIRS).map(([r, vs]) => [r, [...vs]]));
  assert.deepEqual(plan.map((p) => p.runtime.kind), ['node', 'node', 'browser']);
});

test('--runtimes takes its default variants, --variants a regular expression on every runtime', () => {
  assert.deepEqual(ids(plannedPairs({ runtimeNames: ['chromium'] }, manifest, selectVariants)), [['chromium', [...DEFAULT_PAIRS.chromium]]]);
  assert.deepEqual(ids(plannedPairs({ runtimeNames: ['node-24', 'node-20'], pattern: '^promises-q$' }, manifest, selectVariants)),
    [['node-24', ['promises-q']], ['node-20', ['promises-q']]]);
  assert.throws(() => plannedPairs({ runtimeNames: ['node-20'] }, manifest, selectVariants),
    (err) => err instanceof UsageError && /--runtimes node-20: the default set has no variants for node-20 .*--variants REGEX/.test(err.message));
  assert.throws(() => plannedPairs({ runtimeNames: ['node-24'], pattern: '^nothing$' }, manifest, selectVariants),
    (err) => err instanceof UsageError && /--variants \^nothing\$: no variant id/.test(err.message));
});

test('a Node older than 12, a runtime that is not Node and an unknown name are refused, saying what to give', () => {
  const refused = (name, re) => assert.throws(() => profiledRuntime(name), (err) => err instanceof UsageError && re.test(err.message));
  refused('node-10', /^--runtimes node-10: node-10 is Node 10\.24\.1, older than Node 12, .*Give node-12 or a later profile$/);
  refused('node-0.11', /node-0\.11 is Node 0\.11\.14, older than Node 12/);
  refused('bun', /^--runtimes bun: bun is bun 1\.4\.5, not Node; .*e\.g\. --runtimes node-24,node-12,chromium$/);
  refused('deno', /deno is deno .*, not Node/);
  refused('nodex', /^--runtimes nodex: unknown runtime profile "nodex"; known: .*node-12.*; profiles are taken on Node 12 or later and in chromium$/);
  assert.equal(profiledRuntime('node-12').kind, 'node');
  assert.equal(profiledRuntime('chromium').kind, 'browser');
});
