// Proves the conformance checker fails on the defects it exists to catch, and
// passes a correct variant, using the broken fixtures.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fakes = require('../../examples/lib/fakes');
const reference = require('../../examples/original');
const broken = require('../fixtures/variants/broken');
const { observe, problems, failedLog } = require('../helpers/conformance');

const PATH = fakes.pathFor(3, true);

async function check(fn, fail) {
  const ref = (await observe(reference.upload, [{}, PATH, 'tag'])).world.log;
  if (!fail) {
    return problems(await observe(fn, [{}, PATH, 'tag']), { log: ref, committed: true, maxInFlight: 1 });
  }
  const i = ref.findIndex((line) => line.startsWith(fail.op));
  return problems(await observe(fn, [{}, PATH, 'tag'], { fail }), { log: failedLog(ref, i), error: fail.error, committed: false });
}

const boom = () => ({ op: 'version.insert', error: new Error('boom') });

test('a correct variant has no problems, on success and on failure', async () => {
  assert.deepStrictEqual(await check(broken.correct), []);
  assert.deepStrictEqual(await check(broken.correct, boom()), []);
});

for (const [name, fail, pattern] of [
  ['calls-twice', null, /called 2 times/],
  ['never-calls', null, /never called/],
  ['concurrent', null, /2 operations were in flight/],
  ['skips-step', null, /operation log differs/],
  ['no-rollback', boom(), /rolled back 0 times/],
  ['double-rollback', boom(), /rolled back 2 times/],
  ['wraps-error', boom(), /instead of the injected error/]
]) {
  test(`the checker catches a variant that ${name.replace('-', ' ')}`, async () => {
    const found = await check(broken[name], fail);
    assert.ok(found.some((p) => pattern.test(p)), `expected a problem matching ${pattern}, got:\n${found.join('\n')}`);
  });
}

// errorIdentity in the manifest records a measured finding (streamline's
// runtimes hand done a copy of the error); the rule it switches on still
// checks every operation and callback, and is explicit about what it accepts.
async function checkCopy(fn) {
  const ref = (await observe(reference.upload, [{}, PATH, 'tag'])).world.log;
  const fail = boom();
  const i = ref.findIndex((line) => line.startsWith(fail.op));
  return problems(await observe(fn, [{}, PATH, 'tag'], { fail }),
    { log: failedLog(ref, i), error: fail.error, identity: 'copy', committed: false });
}

test('errorIdentity copy: a copy of the error passes, and only where the manifest records it', async () => {
  assert.deepStrictEqual(await checkCopy(broken['copies-error']), []);
  // Without the recorded finding the same variant fails the identity check.
  has(await check(broken['copies-error'], boom()), /^error identity lost/);
});

test('errorIdentity copy: the original itself, a new error with its message, or a skipped rollback still fail', async () => {
  has(await checkCopy(broken.correct), /the finding no longer holds: remove errorIdentity/);
  has(await checkCopy(broken['remakes-error']), /is not a copy of the injected error/);
  has(await checkCopy(broken['no-rollback']), /rolled back 0 times/);
});

// Fair adapters. The fixtures are manifest entries relative to the fixture
// folder, as real ones are relative to examples/.
const path = require('node:path');
const { descriptor, adapterProblems, manifestAdapterProblems, explainIdentity, errorFromAdapter } =
  require('../helpers/conformance');

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'variants');
const FAKES = '../../../examples/lib/fakes.js';

function entry(file, fields) {
  return Object.assign({ id: 'fixture-' + path.basename(file, '.js'), file, family: 'promises', libraries: {},
    wrappers: [FAKES], adapter: null }, fields);
}

async function callers(e) {
  const mod = require(path.join(FIXTURES, e.file));
  const how = descriptor(e, FIXTURES);
  const found = [];
  for (const p of [fakes.pathFor(3, true), fakes.pathFor(4, false)]) {
    found.push(...adapterProblems(await observe(mod.upload, [{}, p, 'tag']), how));
  }
  return [...new Set(found)];
}

const has = (list, pattern) => assert.ok(list.some((p) => pattern.test(p)),
  `expected a problem matching ${pattern}, got:\n${list.join('\n') || '(none)'}`);

const wrapping = entry('wraps-errors.js', {
  libraries: { bluebird: '3.7.2' }, wrappers: [FAKES, 'lib/wrapping-api.js'],
  adapter: { file: 'lib/wrapping-api.js', library: 'bluebird', uses: 'Promise.promisify' }
});

test('an adapter that wraps errors: identity lost at done, and the adapter is named as the culprit', async () => {
  // Everything else about the fixture is fine: the checker blames the error only.
  assert.deepStrictEqual(manifestAdapterProblems(wrapping, FIXTURES), []);
  assert.deepStrictEqual(await callers(wrapping), []);
  const found = await check(require('../fixtures/variants/wraps-errors').upload, boom());
  has(found, /^error identity lost: the callback got OperationalError\("boom"\), which wraps the error the fake created \(as its \.cause\)/);
  const why = await explainIdentity(descriptor(wrapping, FIXTURES));
  assert.match(why, /adapter test\/fixtures\/variants\/lib\/wrapping-api\.js \(bluebird: Promise\.promisify\) wraps errors/);
  assert.match(why, /delivers OperationalError/);
});

test('a variant that replaces the error itself is blamed, not its adapter', async () => {
  const v = descriptor(entry('wraps-errors.js', { adapter: { file: '../../../examples/lib/native-api.js', library: 'node', uses: 'new Promise()' } }), FIXTURES);
  assert.match(await explainIdentity(v), /keeps the error, so the variant's own code replaced it/);
});

test('errorFromAdapter tells an adapter that keeps the error from one that wraps it', async () => {
  assert.equal((await errorFromAdapter(require('../../examples/lib/native-api'))).kept, true);
  assert.equal((await errorFromAdapter(require('../../examples/lib/thunkify-api'))).kept, true);
  assert.equal((await errorFromAdapter(require('../../examples/lib/rx4-api'))).kept, true);
  const wrapped = await errorFromAdapter(require('../../examples/lib/bluebird-promisify-api'));
  assert.equal(wrapped.kept, false);
  assert.equal(wrapped.value.cause, wrapped.error);
});

test('a promise variant with no adapter of its library is caught, in the manifest and at run time', async () => {
  const own = entry('own-promises.js');
  has(manifestAdapterProblems(own, FIXTURES), /fixture-own-promises: a promises variant needs an adapter of its library/);
  // Claiming an adapter it does not use does not help.
  const claims = entry('own-promises.js', { wrappers: [FAKES, '../../../examples/lib/native-api.js'],
    adapter: { file: '../../../examples/lib/native-api.js', library: 'node', uses: 'new Promise()' } });
  has(manifestAdapterProblems(claims, FIXTURES), /does not load its adapter examples\/lib\/native-api\.js/);
  const found = await callers(claims);
  has(found, /blob\.put is called by the variant's own code \(test\/fixtures\/variants\/own-promises\.js\), not through its adapter/);
  has(found, /tx\.commit is called by the variant's own code/);
});

test('a generic layer between the variant and the fakes is caught', async () => {
  const layered = entry('generic-layer.js', { wrappers: [FAKES, 'lib/facade-native-api.js', 'lib/generic-facade.js'],
    adapter: { file: 'lib/facade-native-api.js', library: 'node', uses: 'new Promise()' } });
  has(manifestAdapterProblems(layered, FIXTURES),
    /adapter test\/fixtures\/variants\/lib\/facade-native-api\.js loads test\/fixtures\/variants\/lib\/generic-facade\.js: only the fakes may sit under an adapter/);
  const found = await callers(layered);
  has(found, /blob\.put reaches the fakes through test\/fixtures\/variants\/lib\/generic-facade\.js, not through its adapter/);
});

test('an adapter that is not its library\'s, and wrappers that do not match the requires, are caught', () => {
  const notBluebird = entry('wraps-errors.js', { libraries: { bluebird: '3.7.2' }, wrappers: [FAKES, '../../../examples/lib/native-api.js'],
    adapter: { file: '../../../examples/lib/native-api.js', library: 'bluebird', uses: 'Promise.promisify' } });
  has(manifestAdapterProblems(notBluebird, FIXTURES), /adapter examples\/lib\/native-api\.js does not require bluebird/);
  has(manifestAdapterProblems(notBluebird, FIXTURES),
    /"wrappers" is not what test\/fixtures\/variants\/wraps-errors\.js loads; loaded but not listed: test\/fixtures\/variants\/lib\/wrapping-api\.js; listed but not loaded: examples\/lib\/native-api\.js/);
  has(manifestAdapterProblems(entry('own-promises.js', { adapter: undefined }), FIXTURES), /has no "adapter" field/);
});

test('a callback variant that calls the fakes itself has no adapter problems', async () => {
  const original = { id: 'original', file: 'original.js', family: 'callbacks', libraries: {}, wrappers: ['lib/fakes.js'], adapter: null };
  const examplesDir = path.join(__dirname, '..', '..', 'examples');
  assert.deepStrictEqual(manifestAdapterProblems(original, examplesDir), []);
  assert.deepStrictEqual(adapterProblems(await observe(reference.upload, [{}, PATH, 'tag']), descriptor(original, examplesDir)), []);
});

test('the manifest loader rejects a malformed adapter, naming the entry and what to fix', () => {
  const fs = require('node:fs');
  const os = require('node:os');
  const { loadManifest } = require('../../scripts/lib/manifest');
  const real = loadManifest().variants.find((v) => v.id === 'promises-q');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-manifest-'));
  try {
    const load = (adapter) => {
      const file = path.join(dir, 'manifest.json');
      fs.writeFileSync(file, JSON.stringify({ schema: 1, variants: [Object.assign({}, real, { adapter })] }));
      return () => loadManifest(file);
    };
    assert.throws(load({ file: 'lib/q-api.js', library: 'q' }), /promises-q\): "adapter" must be null or \{ file, library, uses \}/);
    assert.throws(load({ file: 'lib/when-api.js', library: 'q', uses: 'x' }), /adapter file lib\/when-api\.js must also be listed in "wrappers"/);
    assert.throws(load({ file: 'lib/q-api.js', library: 'bluebird', uses: 'x' }), /adapter library "bluebird" must be "node" or one of "libraries"/);
    assert.doesNotThrow(load(null));
    assert.doesNotThrow(load(real.adapter));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
