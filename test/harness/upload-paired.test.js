// The upload-paired scenario end to end in a child process, on tiny n and no
// timing asserted: a run of the fixture variant that counts its own loads
// (test/fixtures/paired/) paired with itself, its library from a fixture
// library set (ASYNCBENCH_LIBS) and its fakes given with --fakes. Each side's
// vm context loads the variant, the library and the fakes once; the record
// has the paired fields and passes the perf@1 sample schema; the plan runs
// upload's variants on Node 20+ and skips the rest with a reason.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { validateSample, summarizeCell } = require('../../scripts/harness/datafile');
const descriptor = require('../../scripts/harness/scenarios/upload-paired/descriptor');

const ROOT = path.join(__dirname, '..', '..');
const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'paired');
const VARIANT = path.join(FIXTURES, 'counting-variant.js');

function runChild(args, env) {
  const r = spawnSync(process.execPath, ['--expose-gc', CHILD, ...args], {
    encoding: 'utf8', env: Object.assign({}, process.env, env), timeout: 30000
  });
  const lines = r.stdout.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, `exactly one line on stdout, got:\n${r.stdout}\nstderr: ${r.stderr}`);
  return { code: r.status, record: JSON.parse(lines[0]), stderr: r.stderr };
}

test('a paired run loads each side\'s variant, library and fakes once in its own context, and its record passes the schema', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-paired-'));
  try {
    const log = path.join(dir, 'loads.jsonl');
    const { code, record } = runChild(['--scenario', 'upload-paired', '--variant', VARIANT, '--baseline', VARIANT,
      '--fakes', path.join(FIXTURES, 'counting-fakes.js'), '--n', '5', '--t', '0', '--seed', '4', '--rounds', '3'],
    { ASYNCBENCH_LIBS: path.join(FIXTURES, 'libs'), PAIRED_LOAD_LOG: log });
    assert.equal(code, 0, JSON.stringify(record));
    const loads = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const realms = [...new Set(loads.map((l) => l.realm))];
    assert.equal(realms.length, 2, `two contexts, got ${JSON.stringify(loads)}`);
    for (const realm of realms) {
      assert.deepEqual(loads.filter((l) => l.realm === realm).map((l) => path.relative(FIXTURES, l.file)).sort(),
        ['counting-fakes.js', 'counting-variant.js', path.join('libs', 'counted-lib', 'index.js')]);
    }
    assert.equal(record.status, 'ok');
    assert.equal(record.pairedFirst, 'style', 'seed 4 is even: the style\'s cold batch first');
    assert.equal(record.pairedStyleBatchesMs.length, 3);
    assert.equal(record.pairedCallbacksBatchesMs.length, 3);
    assert.ok(record.pairedCallbacksColdMs > 0 && record.timeMs > 0);
    const sample = Object.assign({ rep: 1, run: 'r1', wallMs: 100 }, record);
    delete sample.type;
    assert.deepEqual(validateSample(sample), []);
    // The parent derives the pair figures: 3 rounds are fewer than steady-state.js needs, so none, and why.
    const cell = summarizeCell({ scenario: 'upload-paired', status: 'ok', n: 5, samples: [sample] });
    assert.deepEqual([sample.pairedClass, sample.pairedCostUs, sample.pairedRatio], ['both-unsteady', null, null]);
    assert.equal(cell.pairedCost.count, 0);
    assert.deepEqual(validateSample(sample), []);
    assert.notDeepEqual(validateSample(Object.assign({}, sample, { pairedClass: 'maybe' })), [], 'the schema checks the class');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an odd seed runs the callbacks\' cold batch first; it runs every round', () => {
  const { code, record } = runChild(['--scenario', 'upload-paired', '--variant', path.join(ROOT, 'examples', 'original.js'),
    '--baseline', path.join(ROOT, 'examples', 'original.js'), '--n', '5', '--t', '0', '--seed', '3', '--rounds', '24']);
  assert.equal(code, 0, JSON.stringify(record));
  assert.equal(record.pairedFirst, 'callbacks');
  assert.equal(record.pairedStyleBatchesMs.length, 24);
  assert.equal(record.pairedCallbacksBatchesMs.length, 24);
});

test('a batch that fails its checks fails the cell, naming the side', () => {
  const { code, record } = runChild(['--scenario', 'upload-paired', '--variant', path.join(ROOT, 'test', 'fixtures', 'bench', 'early-done.js'),
    '--baseline', path.join(ROOT, 'examples', 'original.js'), '--n', '5', '--t', '0', '--seed', '2', '--rounds', '2']);
  assert.equal(code, 1);
  assert.equal(record.status, 'crash');
  assert.match(record.error, /style's cold batch/);
});

test('the plan runs upload\'s variants on Node 20+ only, and skips the others with a reason', () => {
  const settings = Object.assign({}, descriptor.defaults, { pairedRounds: 48, warmModes: ['cpu'] });
  const variant = { id: 'original', file: 'original.js', requires: [], wrappers: ['lib/fakes.js'], scenarios: ['upload'] };
  const cellOn = (runtime, v = variant) => descriptor.cell({ key: 'k', runtime, mode: 'cpu', n: 10, variant: v, skip: null, settings });
  const node24 = cellOn({ id: 'node-24.21.0', name: 'node', version: '24.21.0' });
  assert.equal(node24.skip, null);
  assert.deepEqual(descriptor.childArgs(node24).slice(0, 2), ['--rounds', '48']);
  assert.equal(node24.baseline, path.join(ROOT, 'examples', 'original.js'));
  assert.match(cellOn({ id: 'node-18.20.8', name: 'node', version: '18.20.8' }).skip, /Node 20 and later only/);
  assert.match(cellOn({ id: 'bun-1.4.5', name: 'bun', version: '1.4.5' }).skip, /Node 20 and later only/);
  assert.match(cellOn({ id: 'node-24.21.0', name: 'node', version: '24.21.0' },
    Object.assign({}, variant, { wrappers: ['lib/library-set.js'] })).skip, /library-set/);
});
