// The fibers variants (fibrous, streamline's fibers mode) on a runtime where
// fibers cannot load: every cell is skipped, and the reason is the one the
// runtime data give (profiles.json, through the runtime's probe), both in the
// plan (--dry-run) and in the data file of a quick run. Their conformance
// under Node 14 is in conformance.test.js.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { loadManifest } = require('../../scripts/lib/manifest');
const { findFibersTree } = require('../../scripts/runtimes/fibers-hook');
const { FIBROUS } = require('../../scripts/runtimes/fibers');
const { binaryRuntime } = require('../../scripts/harness/runtime-record');

const ROOT = path.join(__dirname, '..', '..');
const BENCH = path.join(ROOT, 'scripts', 'bench.js');
const here = findFibersTree();
const skip = here.dir ? 'fibers loads on the runtime running the tests' : false;
const FIBERS_VARIANTS = '^(fibrous|streamline-fibers)$';

test('the manifest gives the fibers variants the fibers requirement, and fibrous the fibers tree\'s version', () => {
  const { variants } = loadManifest();
  const fibers = variants.filter((v) => v.requires.includes('fibers')).map((v) => v.id).sort();
  assert.deepEqual(fibers, ['fibrous', 'streamline-fibers']);
  const fibrous = variants.find((v) => v.id === 'fibrous');
  assert.equal(fibrous.libraryTree, 'fibers');
  assert.deepEqual(fibrous.libraries, { fibrous: FIBROUS }, 'fibrous comes from the fibers tree (scripts/runtimes/fibers.js)');
});

test('the runtime\'s probe says why fibers is missing, in the runtime data\'s words', { skip }, async () => {
  const probe = await binaryRuntime(process.execPath, []);
  assert.equal(probe.features.fibers, false);
  assert.equal(probe.featureReasons.fibers, here.reason);
  // On a runtime with a profile (Node 20 here), profiles.json says it does not load there.
  if (here.profile && /^node-(1[6-9]|[2-9]\d)$/.test(here.profile)) assert.match(here.reason, /^fibers does not load on Node 16\+/);
});

test('on this runtime the fibers variants are skipped with that reason, in the plan and in the data', { skip }, (t) => {
  const dry = spawnSync(process.execPath, [BENCH, '--variants', FIBERS_VARIANTS, '--quick', '--dry-run'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(dry.status, 0, dry.stderr);
  const skips = dry.stdout.split('\n').filter((l) => l.startsWith('skip '));
  assert.ok(/^\d+ cells \(\d+ skipped\), 0 jobs/.test(dry.stdout), dry.stdout);
  assert.ok(skips.length > 0);
  for (const l of skips) assert.ok(l.endsWith(`: ${here.reason} (node-${process.versions.node}, probed)`) || /\|floor\|\d+: no style in this group runs here/.test(l), l);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-fibers-skip-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'perf.json');
  const r = spawnSync(process.execPath, [BENCH, '--variants', FIBERS_VARIANTS, '--quick', '--scenario', 'upload', '--mode', 'cpu',
    '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  const cells = JSON.parse(fs.readFileSync(out, 'utf8')).cells;
  // The floor is not measured where no style of its group runs: skipped too, with its own reason.
  assert.deepEqual([...new Set(cells.map((c) => c.variant))].sort(), ['fibrous', 'floor', 'streamline-fibers']);
  for (const c of cells) {
    assert.equal(c.status, 'skipped');
    assert.equal(c.samples.length, 0);
    assert.ok(c.error === 'no style in this group runs here; the floor is measured only beside one' || c.error.endsWith(`${here.reason} (node-${process.versions.node}, probed)`), c.error);
  }
});

// The harness's child finds node-14's fibers tree by itself: a quick run of
// both fibers variants there is measured, with no path or flag given for fibers.
test('under node-14 the harness measures the fibers variants from that runtime\'s fibers tree', (t) => {
  const { isInstalled, binaryPath, installFibers } = require('../../scripts/runtimes');
  if (!isInstalled('node-14') && !process.env.CI) return t.skip('install node-14 first (npm run runtimes -- install node-14)');
  installFibers('node-14');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-fibers-run-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'perf.json');
  const r = spawnSync(process.execPath, [BENCH, '--runtime', binaryPath('node-14'), '--variants', FIBERS_VARIANTS, '--quick',
    '--scenario', 'upload,errors,parallel', '--mode', 'cpu', '--n', '20', '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, r.stderr);
  const data = JSON.parse(fs.readFileSync(out, 'utf8'));
  const runtime = Object.values(Object.values(data.runs)[0].runtimes)[0];
  assert.equal(runtime.features.fibers, true);
  assert.deepEqual(runtime.featureReasons, {});
  // Two variants and the floor workload, in three scenarios.
  assert.deepEqual([...new Set(data.cells.map((c) => c.variant))].sort(), ['fibrous', 'floor', 'streamline-fibers']);
  assert.equal(data.cells.length, 9);
  for (const c of data.cells) assert.equal(c.status, 'ok', `${c.key}: ${c.error}`);
});
