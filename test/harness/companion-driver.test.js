'use strict';
// The companion scenarios (chains, delegation, streamline-modes) start their
// units through one driver (scripts/harness/scenarios/together.js, issue 40)
// and are timed by child.js's frame: their records keep the fields and the
// order they had, and a unit that never ends, ends twice or throws while
// starting fails its cell with the scenario's own words.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const FIXTURES = path.join(__dirname, '..', 'fixtures');

function child(scenario, file, args) {
  const r = spawnSync(process.execPath, ['--expose-gc', CHILD, '--scenario', scenario, '--variant', file, '--t', '0', ...args],
    { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, timeout: 30000 });
  const lines = r.stdout.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, `one result line, got: ${r.stdout}\n${r.stderr}`);
  return Object.assign(JSON.parse(lines[0]), { exit: r.status });
}

const MEMORY = ['peakRssMb', 'baseRssMb', 'memorySource', 'heapMb', 'heapBaseMb'];
// CPU and GC time of the timed span (issue 41), on a runtime that reports them, as the Node running this test does.
const FRAME_END = ['extraCallbacks', 'loadMs', 'gc', 'clock', 'cpuMs', 'cpuSource', 'gcMs', 'gcSource'];
const CASES = {
  chains: {
    ok: [path.join(ROOT, 'examples', 'chains', 'native.js'), ['--mode', 'mixed', '--n', '3', '--links', '20']],
    keys: ['type', 'status', 'timeMs', 'firstMs', 'afterFirstMs', ...MEMORY, 'links', 'linksRun', 'asyncSteps', 'asyncPrimitive', ...FRAME_END],
    never: [/^the event loop emptied with 2 of 2 chains never ended$/, ['--mode', 'sync', '--n', '2']],
  },
  delegation: {
    ok: [path.join(ROOT, 'examples', 'delegation', 'co-promises.js'), ['--mode', 'd2', '--n', '3']],
    keys: ['type', 'status', 'timeMs', 'opsPerSec', ...MEMORY, 'depth', 'depthSeen', 'asyncSteps', 'stepsPerCoroutine', 'asyncPrimitive', ...FRAME_END],
    never: [/^the event loop emptied with 2 of 2 coroutines never ended$/, ['--mode', 'flat', '--n', '2']],
  },
  'streamline-modes': {
    ok: [path.join(ROOT, 'examples', 'streamline-modes', 'raw-callbacks.js'), ['--mode', 'setImmediate', '--n', '10', '--loop', '200']],
    keys: ['type', 'status', 'timeMs', ...MEMORY, 'depth', 'loop', 'modulo', 'primitive', 'steps', 'asyncSteps', 'syncSteps', 'total', ...FRAME_END],
    never: [/^the event loop emptied after 0 of 200 steps and done was never called$/, ['--mode', 'setImmediate', '--n', '10', '--loop', '200']],
  },
};

for (const [scenario, c] of Object.entries(CASES)) {
  test(`${scenario}: an ok record has the frame's figures and the scenario's fields, in their order`, () => {
    const r = child(scenario, c.ok[0], c.ok[1]);
    assert.equal(r.status, 'ok', r.error);
    assert.equal(r.exit, 0);
    assert.deepEqual(Object.keys(r).filter((k) => k !== 'exit'), c.keys);
    assert.equal(r.extraCallbacks, 0);
    assert.equal(r.gc, true);
    assert.equal(r.clock, 'process.hrtime');
  });

  test(`${scenario}: units that never end and leave nothing pending fail the cell, saying so`, () => {
    const r = child(scenario, path.join(FIXTURES, scenario, 'never-ends.js'), c.never[1]);
    assert.equal(r.status, 'crash');
    assert.equal(r.exit, 1);
    assert.match(r.error, c.never[0]);
  });
}

test('delegation: a coroutine that ends twice fails its cell once the turns after the last end have passed, with the figures', () => {
  const r = child('delegation', path.join(FIXTURES, 'delegation', 'ends-twice.js'), ['--mode', 'flat', '--n', '2']);
  assert.equal(r.status, 'crash');
  assert.equal(r.error, '2 coroutine ends came more than once: done was called twice');
  assert.equal(r.extraCallbacks, 2);
  assert.equal(typeof r.timeMs, 'number');
});

test('streamline-modes: a program that calls done twice fails at the second call, without figures', () => {
  const r = child('streamline-modes', path.join(FIXTURES, 'streamline-modes', 'done-twice.js'), ['--mode', 'setImmediate', '--n', '10', '--loop', '200']);
  assert.deepEqual({ status: r.status, error: r.error, timeMs: r.timeMs }, { status: 'crash', error: 'done was called 2 times', timeMs: undefined });
});
