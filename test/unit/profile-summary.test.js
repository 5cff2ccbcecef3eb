'use strict';
// The summary of `npm run profiles` (scripts/analyze/profile-summary.js): a
// CPU profile and a sampling heap profile summed by the code that spent the
// time and the bytes, on hand-written profiles (test/fixtures/profiles/),
// and which part each file is put in.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const s = require('../../scripts/analyze/profile-summary');
const { ROOT } = require('../../scripts/lib/paths');

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'profiles');
// The fixtures' stand-in for the repository, replaced by its real place.
const fixture = (name) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')
  .replaceAll('file:///ASYNCBENCH_ROOT/', `${pathToFileURL(ROOT).href}/`));
const ENTRY = { file: 'promises-q.js', adapter: { file: 'lib/q-api.js' }, wrappers: ['lib/fakes.js', 'lib/q-api.js', 'lib/catcher.js'] };
const files = s.pairFiles(ENTRY, (f) => path.join(ROOT, 'examples', f));
const inRoot = (rel) => path.join(ROOT, ...rel.split('/'));
const partOfFile = (file) => s.partOf({ functionName: 'f' }, { script: 'file', file }, files);
const partOfUrl = (url, functionName = 'f') => s.partOf({ functionName, url }, s.nodeLocate({ functionName, url, lineNumber: 0 }), files);

test('a CPU profile is summed by part: shares of the busy time, idle left out, a builtin counted in its caller\'s part', () => {
  const cpu = s.summarizeCpu([{ profile: fixture('tiny.cpuprofile') }], { files });
  assert.equal(cpu.samples, 9);
  assert.equal(cpu.wallMs, 0.9);
  assert.equal(cpu.idleMs, 0.1);
  assert.equal(cpu.busyMs, 0.8);
  // Q's own 300 µs and the slice it called, 100 µs; every other part one sample.
  assert.deepEqual(cpu.categories, [
    { name: 'q', kind: 'library', selfMs: 0.4, share: 0.5 },
    { name: 'gc', kind: 'gc', selfMs: 0.1, share: 0.125 },
    { name: 'harness', kind: 'harness', selfMs: 0.1, share: 0.125 },
    { name: 'node', kind: 'node', selfMs: 0.1, share: 0.125 },
    { name: 'variant', kind: 'variant', selfMs: 0.1, share: 0.125 },
  ]);
  assert.deepEqual(cpu.top[0], { name: 'promiseDispatch', part: 'q', file: 'q/q.js', line: 803, selfMs: 0.3, share: 0.375 });
  const slice = cpu.top.find((f) => f.name === 'slice');
  assert.deepEqual(slice, { name: 'slice', part: 'q', file: null, line: null, selfMs: 0.1, share: 0.125 });
  assert.ok(!cpu.top.some((f) => f.name === '(idle)'), 'idle time is no function of the top');
  assert.equal(s.summarizeCpu([{ profile: fixture('tiny.cpuprofile') }], { files, top: 2 }).top.length, 2);
});

test('only the samples inside the given spans count, each up to its span\'s end', () => {
  // Samples at 1300 (promiseDispatch) and 1400 (slice) fall in [1250, 1450]: 100 µs and 50 µs.
  const cpu = s.summarizeCpu([{ profile: fixture('tiny.cpuprofile'), spans: [[1250, 1450]] }], { files });
  assert.equal(cpu.samples, 2);
  assert.equal(cpu.wallMs, 0.15);
  assert.deepEqual(cpu.categories, [{ name: 'q', kind: 'library', selfMs: 0.15, share: 1 }]);
  // Two profiles add up.
  const both = s.summarizeCpu([{ profile: fixture('tiny.cpuprofile') }, { profile: fixture('tiny.cpuprofile') }], { files });
  assert.equal(both.samples, 18);
  assert.equal(both.busyMs, 1.6);
  assert.equal(both.categories[0].share, 0.5);
});

test('a sample V8 recorded out of order counts no time, and a sample naming no node is an error', () => {
  const profile = fixture('tiny.cpuprofile');
  profile.timeDeltas = [100, 100, -50, 150, 100, 100, 100, 100, 100];
  const durations = s.sampleDurations(profile);
  assert.equal(durations[1], 0, 'the sample before the step back');
  assert.ok(durations.every((d) => d >= 0));
  profile.samples[0] = 99;
  assert.throws(() => s.summarizeCpu([{ profile }], { files }), /sample 0 names node 99, which the profile does not hold/);
});

test('a sampling heap profile gives the bytes per call, by part', () => {
  const alloc = s.summarizeAllocations([fixture('tiny.heapprofile')], 10, { files });
  assert.equal(alloc.bytesPerCall, 1000);
  assert.deepEqual(alloc.categories, [
    { name: 'q', kind: 'library', bytesPerCall: 500, share: 0.5 },
    { name: 'harness', kind: 'harness', bytesPerCall: 400, share: 0.4 },
    { name: 'variant', kind: 'variant', bytesPerCall: 100, share: 0.1 },
  ]);
  assert.throws(() => s.summarizeAllocations([fixture('tiny.heapprofile')], 0, { files }), /calls must be a positive number/);
});

test('each file is put in its part: a package by its folder, Node\'s own, the variant, its adapter, the harness', () => {
  assert.deepEqual(partOfUrl(`${pathToFileURL(ROOT).href}/node_modules/q/q.js`), { kind: 'library', name: 'q' });
  assert.deepEqual(partOfFile('/elsewhere/main/node_modules/when-2/when.js'), { kind: 'library', name: 'when-2' }, 'a linked node_modules, an npm alias');
  assert.deepEqual(partOfFile('/x/node_modules/@scope/pkg/lib/a.js'), { kind: 'library', name: '@scope/pkg' });
  assert.deepEqual(partOfFile('/x/node_modules/when/node_modules/inner/a.js'), { kind: 'library', name: 'inner' }, 'the innermost package');
  assert.deepEqual(partOfUrl('node:internal/timers'), { kind: 'node', name: 'node' });
  assert.deepEqual(partOfUrl('internal/process/task_queues.js'), { kind: 'node', name: 'node' }, 'Node 12 names its modules without node:');
  assert.deepEqual(partOfUrl('events.js'), { kind: 'node', name: 'node' });
  assert.deepEqual(partOfFile(inRoot('examples/promises-q.js')), { kind: 'variant', name: 'variant' });
  assert.deepEqual(partOfFile(inRoot('examples/lib/q-api.js')), { kind: 'adapter', name: 'adapter' });
  assert.deepEqual(partOfFile(inRoot('examples/lib/fakes.js')), { kind: 'harness', name: 'harness' });
  assert.deepEqual(partOfFile(inRoot('scripts/lib/measure/fake-io-batch.js')), { kind: 'harness', name: 'harness' });
  assert.deepEqual(partOfFile(inRoot('examples/lib/catcher.js')), { kind: 'library', name: 'lib/catcher.js' }, 'a helper the variant loads');
  assert.deepEqual(partOfFile(inRoot('examples/original.js')), { kind: 'other', name: 'other' }, 'another variant\'s file');
  assert.deepEqual(partOfUrl('', '(garbage collector)'), { kind: 'gc', name: 'gc' });
  assert.deepEqual(partOfUrl('', '(program)'), { kind: 'program', name: 'program' });
  assert.deepEqual(partOfUrl('', '(idle)'), { kind: 'idle', name: 'idle' });
  assert.deepEqual(partOfUrl('', 'constructor'), { kind: 'native', name: 'native' }, 'a builtin named like an Object property');
  assert.deepEqual(partOfUrl('http://127.0.0.1:1/page.js'), { kind: 'other', name: 'other' });
});

test('a browser bundle\'s functions are named by its source map', () => {
  // Line 1 of the bundle comes from Bluebird's browser build, line 2 from the variant.
  const map = { version: 3, sources: ['node_modules/bluebird/js/browser/bluebird.js', 'examples/promises-q.js'], names: [], mappings: 'AAAA;ACAA' };
  const locate = s.bundleLocator('http://127.0.0.1:1/worker.js', map);
  const at = (lineNumber) => locate({ functionName: 'f', url: 'http://127.0.0.1:1/worker.js', lineNumber, columnNumber: 3 });
  assert.deepEqual(at(0), { script: 'file', file: inRoot('node_modules/bluebird/js/browser/bluebird.js'), line: 1 });
  assert.deepEqual(s.partOf({ functionName: 'f' }, at(0), files), { kind: 'library', name: 'bluebird' });
  assert.deepEqual(s.partOf({ functionName: 'f' }, at(1), files), { kind: 'variant', name: 'variant' });
  assert.deepEqual(locate({ functionName: '(program)', url: '', lineNumber: -1, columnNumber: -1 }), { script: 'none' }, 'no script: as in Node');
});

test('async resources per call by type', () => {
  assert.deepEqual(s.asyncPerCall({ Timeout: 7000, PROMISE: 22000, TickObject: 7001 }, 1000), { PROMISE: 22, TickObject: 7.001, Timeout: 7 });
  assert.throws(() => s.asyncPerCall({}, 0), /calls must be a positive number/);
});
