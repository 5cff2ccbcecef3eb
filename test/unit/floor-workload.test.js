// The empirical floor (scripts/harness/floor-workload.js) must do exactly the
// work of a variant and nothing else: the operation log of the reference
// variant in every situation the conformance tests check, and only ES5 syntax,
// since child.js runs it on Node 0.11 too.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const esprima = require('esprima');
const fakes = require('../../examples/lib/fakes');
const { observe, problems, failedLog } = require('../helpers/conformance');

const floor = require('../../scripts/harness/floor-workload');
const reference = require('../../examples/original');
const FLOOR_FILE = path.join(__dirname, '..', '..', 'scripts', 'harness', 'floor-workload.js');
const EXISTING = fakes.pathFor(1, true);
const NEW = fakes.pathFor(2, false);
const K = 5;

function expectNone(list) {
  assert.ok(list.length === 0, list.join('\n'));
}

for (const [branch, p] of [['existing file', EXISTING], ['new file', NEW]]) {
  test(`${branch}: the floor logs the reference variant's operations, one at a time, and succeeds once`, async () => {
    const ref = (await observe(reference.upload, [{}, p, 'tag'])).world.log;
    const obs = await observe(floor.upload, [{}, p, 'tag']);
    expectNone(problems(obs, { log: ref, committed: true, maxInFlight: 1 }));
  });

  test(`${branch}: a failure at each operation rolls the floor back once and reaches done once`, async () => {
    const ref = (await observe(reference.upload, [{}, p, 'tag'])).world.log;
    assert.ok(ref.length >= 7, 'the reference log has every step');
    for (let i = 1; i < ref.length; i++) {
      const op = ref[i].split(' ')[0];
      const error = new Error('boom at ' + op);
      const refObs = await observe(reference.upload, [{}, p, 'tag'], { fail: { op, error } });
      const obs = await observe(floor.upload, [{}, p, 'tag'], { fail: { op, error } });
      expectNone(problems(obs, { log: failedLog(ref, i), error, committed: false }));
      assert.deepEqual(obs.world.log, refObs.world.log, `failing ${op}: same log as the reference`);
    }
  });
}

test('parallel: the floor runs the same k inserts at once, then one commit; a failed insert rolls back once', async () => {
  const ref = await observe(reference.parallel, [NEW, K]);
  const ok = await observe(floor.parallel, [NEW, K]);
  expectNone(problems(ok, { log: ref.world.log, unordered: true, committed: true, maxInFlight: K }));

  const error = new Error('one insert fails');
  const refBad = await observe(reference.parallel, [NEW, K], { fail: { op: 'fileVersion.insert', error } });
  const bad = await observe(floor.parallel, [NEW, K], { fail: { op: 'fileVersion.insert', error } });
  expectNone(problems(bad, { error, committed: false }));
  assert.deepEqual(bad.world.log, refBad.world.log);

  const commitError = new Error('commit fails');
  const badCommit = await observe(floor.parallel, [NEW, K], { fail: { op: 'tx.commit', error: commitError } });
  expectNone(problems(badCommit, { error: commitError, committed: false }));
});

test('error rate: 200 concurrent floor calls end once each, with the same outcomes as the reference', async () => {
  async function outcomes(mod) {
    fakes.reset({ errorRate: 0.05, seed: 7, delay: 0 });
    const world = fakes.stats();
    const calls = await new Promise((resolve) => {
      const got = new Array(200).fill(null).map(() => []);
      let left = got.length;
      got.forEach((_, i) => mod.upload({}, fakes.pathFor(i, i % 2 === 0), 'tag', (err) => {
        got[i].push(err ? err.op : 'ok');
        if (--left === 0) setTimeout(() => resolve(got), 20);
      }));
      setTimeout(() => resolve(got), 3000);
    });
    return { calls, counts: Object.assign({}, world.counts) };
  }
  const ref = await outcomes(reference);
  const got = await outcomes(floor);
  assert.ok(got.calls.every((c) => c.length === 1), 'some floor calls called back never or more than once');
  assert.deepEqual(got, ref);
  assert.ok(got.counts.rollbacks > 0 && got.counts.commits > 0);
});

test('the floor workload uses ES5 syntax only and loads nothing but the fakes', () => {
  const source = fs.readFileSync(FLOOR_FILE, 'utf8');
  const tree = esprima.parseScript(source);
  const newer = [];
  (function walk(node) {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    if (node.type === 'VariableDeclaration' && node.kind !== 'var') newer.push(node.kind);
    if (['ArrowFunctionExpression', 'ClassDeclaration', 'TemplateLiteral', 'ObjectPattern', 'ArrayPattern',
      'ForOfStatement', 'SpreadElement', 'RestElement'].includes(node.type)) newer.push(node.type);
    if ((node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') && (node.async || node.generator)) newer.push('async/generator');
    for (const key of Object.keys(node)) walk(node[key]);
  })(tree);
  assert.deepEqual(newer, []);
  const requires = [...source.matchAll(/require\(([^)]*)\)/g)].map((m) => m[1]);
  assert.deepEqual(requires, ["'path'", "path.join(__dirname, '..', '..', 'examples', 'lib', 'fakes.js'"]);
  assert.ok(Object.keys(require.cache).includes(require.resolve('../../examples/lib/fakes.js')));
  assert.equal(require.cache[FLOOR_FILE].children.map((m) => m.id).filter((id) => id.startsWith('/')).join(),
    require.resolve('../../examples/lib/fakes.js'), 'the floor loads the same fakes module as the variants');
});
