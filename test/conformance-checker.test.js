// Proves the conformance checker fails on the defects it exists to catch, and
// passes a correct variant, using the broken fixtures.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fakes = require('../examples/lib/fakes');
const reference = require('../examples/original');
const broken = require('./fixtures/variants/broken');
const { observe, problems, failedLog } = require('./helpers/conformance');

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
