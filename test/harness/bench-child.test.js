// The child runner (scripts/harness/child.js) run directly on a tiny n: one JSON
// line on stdout, the documented exit codes, and figures that make sense.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const manifest = require('../../scripts/lib/manifest').loadManifest();

function child(args, flags = ['--expose-gc']) {
  const r = spawnSync(process.execPath, [...flags, CHILD, ...args], {
    encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, timeout: 20000
  });
  const lines = r.stdout.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, `exactly one line on stdout, got:\n${r.stdout}\nstderr: ${r.stderr}`);
  return { code: r.status, record: JSON.parse(lines[0]), stderr: r.stderr };
}

function variantFile(id) {
  const v = manifest.variants.find((x) => x.id === id);
  return v && path.join(ROOT, 'examples', v.file);
}

// The reference, the modern default, and whatever generator variant exists.
const ids = ['original', 'async-await', manifest.variants.find((v) => v.family === 'generators')?.id].filter(Boolean);

for (const id of ids) {
  test(`child runs ${id} on n=20 in every scenario`, () => {
    for (const scenario of ['upload', 'errors', 'parallel']) {
      const { code, record } = child(['--variant', variantFile(id), '--scenario', scenario, '--n', '20', '--t', '0',
        '--k', '5', '--error-rate', '0.3', '--seed', '3']);
      assert.equal(code, 0, JSON.stringify(record));
      assert.equal(record.status, 'ok');
      assert.ok(record.timeMs > 0 && record.p50Ms <= record.p99Ms && record.p99Ms <= record.timeMs + 0.001, JSON.stringify(record));
      assert.ok(record.peakRssMb >= 0, 'peak RSS growth is never negative');
      assert.equal(record.memorySource, 'proc-vmhwm-reset');
      assert.equal(record.gc, true);
      assert.equal(record.extraCallbacks, 0);
      if (scenario === 'errors') assert.ok(record.failed > 0, 'a 30 % per-operation failure rate fails some calls');
      else assert.equal(record.failed, 0);
      // Logged operations: tx.begin plus 8 async ones on the 10 new-file calls, plus 6 on the 10
      // existing-file calls; parallel: 20 × (tx.begin + 5 inserts + commit).
      if (scenario === 'upload') assert.equal(record.ops, 10 * 9 + 10 * 7);
      if (scenario === 'parallel') assert.equal(record.ops, 20 * 7);
    }
  });
}

// A bound that holds on every run, not a figure of this one: libuv keeps time
// in whole milliseconds, so a 5 ms timer can fire up to 1 ms early on the
// high-resolution clock the child times with; 8 in a row take at least
// 8 × (5 − 1) ms. (40 ms could fail when the batch started late in a millisecond.)
test('child: I/O time bounds the batch from below', () => {
  const { record } = child(['--variant', variantFile('original'), '--scenario', 'upload', '--n', '10', '--t', '5']);
  assert.ok(record.timeMs >= 8 * (5 - 1), `8 sequential operations of 5 ms take at least 32 ms on a millisecond timer clock, got ${record.timeMs}`);
});

test('child --no-gc: no collection before the timed batches, and the record says so', () => {
  const base = ['--variant', variantFile('original'), '--scenario', 'upload', '--n', '20', '--t', '0', '--seed', '3',
    '--warm-batches', '4', '--warm-min-steady', '4'];
  const off = child([...base, '--no-gc']);
  assert.equal(off.code, 0, off.stderr);
  assert.equal(off.record.gc, false);
  assert.ok(Array.isArray(off.record.warmBatchesMs));
  const on = child(base);
  assert.equal(on.record.gc, true);
});

test('child: bad arguments exit 2 with a one-line explanation', () => {
  const r = child(['--variant', variantFile('original'), '--scenario', 'upload', '--n', 'ten', '--t', '1']);
  assert.equal(r.code, 2);
  assert.equal(r.record.status, 'bad-args');
  assert.match(r.record.error, /--n must be a positive integer, got ten/);
  assert.equal(child(['--bogus']).code, 2);
});

test('child: a variant that throws at load is a crash (exit 1), reported on stdout and stderr', () => {
  const r = child(['--variant', path.join(__dirname, '..', 'fixtures', 'bench', 'throws-at-load.js'), '--scenario', 'upload', '--n', '5', '--t', '0']);
  assert.equal(r.code, 1);
  assert.equal(r.record.status, 'crash');
  assert.match(r.record.error, /broken at load time/);
  assert.match(r.stderr, /broken at load time/);
});

test('child --ready starts, and says whether gc is exposed and the heap limit under these flags', () => {
  const { code, record } = child(['--ready']);
  assert.equal(code, 0);
  assert.equal(record.type, 'ready');
  assert.equal(record.gc, true);
  assert.ok(record.heapLimitMb > 0);
  assert.equal(child(['--ready'], []).record.gc, false, 'gc is feature-detected, not assumed');
  assert.equal(child(['--ready'], ['--max-old-space-size=64']).record.heapLimitMb < 200, true);
});

test('child: calls that never call back while nothing is pending are a crash, not a silent exit', () => {
  const r = child(['--variant', path.join(__dirname, '..', 'fixtures', 'bench', 'drains.js'), '--scenario', 'upload', '--n', '4', '--t', '0']);
  assert.equal(r.code, 1);
  assert.equal(r.record.status, 'crash');
  assert.match(r.record.error, /event loop emptied with 4 of 4 calls never called back/);
});

// Every file the child loads on Node 0.11: the frame, and each scenario's
// child module (every one the registry finds) with what it requires.
const { folders } = require('../../scripts/harness/scenarios/locate');
const { localImports } = require('../helpers/script-imports');
function loadedFiles(starts) {
  const seen = new Set(starts);
  const queue = [...starts];
  while (queue.length) {
    for (const i of localImports(queue.shift())) {
      const to = i.to && path.join(ROOT, i.to);
      if (to && to.endsWith('.js') && !seen.has(to)) queue.push(seen.add(to) && to);
    }
  }
  return [...seen];
}
const es5Files = loadedFiles([CHILD].concat(folders().map((f) => path.join(f.dir, 'child.js'))));

test('child.js and the scenarios\' child modules stay ES5: no let/const, arrows, classes, template strings', () => {
  assert.ok(es5Files.length >= 14, es5Files.join(', '));
  for (const shared of ['scripts/harness/scenarios/locate.js', 'scripts/lib/measure/fake-io-batch.js', 'scripts/harness/scenarios/fake-io.child.js']) {
    assert.ok(es5Files.includes(path.join(ROOT, shared)), `${shared} is among the child's files`);
  }
  for (const file of es5Files) {
    const code = require('node:fs').readFileSync(file, 'utf8')
      .replace(/\/\/.*$/gm, '') // comments may mention the syntax they avoid
      .replace(/'(?:[^'\\\n]|\\.)*'/g, "''"); // so may strings (a probe compiles ES2015 from one)
    for (const [name, re] of [['let/const', /\b(let|const)\s/], ['arrow', /=>/], ['class', /\bclass\s+\w/], ['template string', /`/]]) {
      assert.doesNotMatch(code, re, `${path.basename(file)} uses ${name}`);
    }
  }
});

// The parent's end of the stdin pipe closing is how a child learns that the
// benchmark is gone (kill -9 included); closing it here is the same event.
function exitsWhenPipeCloses(node) {
  return new Promise((resolve) => {
    const c = require('node:child_process').spawn(node, [CHILD, '--variant', path.join(__dirname, '..', 'fixtures', 'bench', 'hang.js'),
      '--scenario', 'upload', '--n', '2', '--t', '0', '--parent-pipe'], { stdio: ['pipe', 'ignore', 'ignore'] });
    c.on('exit', (code, signal) => resolve({ code, signal }));
    c.stdin.end();
  });
}

test('child --parent-pipe: a hung child exits (code 3) when the parent\'s pipe closes', { timeout: 30000 }, async () => {
  assert.deepEqual(await exitsWhenPipeCloses(process.execPath), { code: 3, signal: null });
});

// Node 0.11.14 comes from `npm run runtimes -- install node-0.11`
// (.ci/run does that); without it the test is skipped locally, never in CI.
const { binaryPath, isInstalled } = require('../../scripts/runtimes');
const NODE_011 = binaryPath('node-0.11');
test('child.js loads unchanged on Node 0.11.14', { skip: !isInstalled('node-0.11') && !process.env.CI && 'run npm run runtimes -- install node-0.11 first' }, () => {
  const r = spawnSync(NODE_011, ['--expose-gc', CHILD, '--variant', variantFile('original'), '--scenario', 'upload', '--n', '20', '--t', '0'],
    { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, timeout: 20000 });
  assert.equal(r.status, 0, r.stderr);
  const record = JSON.parse(r.stdout);
  assert.equal(record.status, 'ok');
  assert.equal(record.clock, 'process.hrtime');
  assert.equal(record.memorySource, 'proc-vmhwm-reset');
});

test('child.js --parent-pipe works on Node 0.11.14', { timeout: 30000, skip: !isInstalled('node-0.11') && !process.env.CI && 'run npm run runtimes -- install node-0.11 first' }, async () => {
  assert.deepEqual(await exitsWhenPipeCloses(NODE_011), { code: 3, signal: null });
});
