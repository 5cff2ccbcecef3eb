'use strict';
// Issue 29: the debuggability table's caption gave the fibers reason once per
// variant it stops (streamline-fibers, fibrous), and each time as
// "fibers does not load on Node 16+: fibers 5.0.3 does not compile against
// the V8 of Node 22 and later", two version ranges that read as two claims.
// The caption names each reason once, by its first clause, the fact that
// holds on every runtime it is given for (site/lib/skip-reason.js); the
// debuggability-runtimes table shortens it the same way.
const test = require('node:test');
const assert = require('node:assert/strict');
const { tableModel } = require('../../site/models');
const { firstClause } = require('../../site/lib/skip-reason');

// As data/debuggability.json records them (scripts/lib/profiles.json's
// words, with the probe's tail).
const FIBERS_24 = 'fibers does not load on Node 16+: fibers 5.0.3 does not compile against the V8 of Node 22 and later (kFinalizer, Holder and SetAccessor were removed) (node-24@24.21.0, probed)';
const ES2015 = 'needs ES2015 syntax (let, arrow functions, classes, destructuring) (node-24@24.21.0, probed)';
const traced = { id: 'original', sourceMaps: { level: 5 }, stackTraces: { level: 4, levelWithSwitch: null }, total: 9, catchesThrows: false, traces: [] };
const runtime = (skipped) => ({ id: 'node-24@24.21.0', profile: 'node-24', runtime: 'node', version: '24.21.0', flags: [], variants: [traced], skipped });
const load = (data) => () => ({ data, file: 'debuggability.json' });
const count = (text, part) => text.split(part).length - 1;

test('the fibers reason is stated once, for both variants it stops, without a second version range', () => {
  const data = { env: {}, runtimes: [runtime([{ id: 'streamline-fibers', reason: FIBERS_24 }, { id: 'fibrous', reason: FIBERS_24 }])] };
  const { caption } = tableModel('debuggability', {}, load(data));
  assert.match(caption, /Not traced on this runtime: streamline-fibers and fibrous \(fibers does not load on Node 16\+\)$/);
  assert.equal(count(caption, 'fibers does not load'), 1);
  assert.doesNotMatch(caption, /Node 22/);
});

test('different reasons each once, with their variants', () => {
  const data = { env: {}, runtimes: [runtime([{ id: 'streamline-fibers', reason: FIBERS_24 }, { id: 'rx', reason: ES2015 }, { id: 'fibrous', reason: FIBERS_24 }])] };
  const { caption } = tableModel('debuggability', {}, load(data));
  assert.match(caption, /Not traced on this runtime: streamline-fibers and fibrous \(fibers does not load on Node 16\+\); rx \(needs ES2015 syntax\)$/);
});

test('the runtimes table shortens a reason by the same rule', () => {
  const data = { env: {}, runtimes: [runtime([{ id: 'fibrous', reason: FIBERS_24 }])] };
  const t = tableModel('debuggability-runtimes', {}, load(data));
  assert.deepEqual(t.rows.find((r) => r.name === 'fibrous').r0, { text: `not run: ${firstClause(FIBERS_24)}`, gap: true }, 'a reason is a gap cell, which wraps on a phone');
  assert.equal(firstClause(FIBERS_24), 'fibers does not load on Node 16+');
});
