// The anchor and the host checks of a real run (issue 42): a profile run
// measures the anchor at both ends and records it; --no-anchor and --quick
// leave it out; a --resume onto another host's cells is refused. Nothing here
// asserts a timing: the verdict is checked against its own recomputation.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { isInstalled } = require('../../scripts/runtimes');
const { ANCHOR, runVerdict } = require('../../scripts/lib/anchor');
const { validate } = require('../../scripts/harness/datafile');

const ROOT = path.join(__dirname, '..', '..');
const BENCH = path.join(ROOT, 'scripts', 'bench.js');
const needs24 = !isInstalled(ANCHOR.profile) && !process.env.CI && `run npm run runtimes -- install ${ANCHOR.profile} first`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-anchor-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));

// Two processes per style and end: the plumbing, not the host, is under test
// here (too few for an interval, so the verdict is "incomplete"; the rule
// itself is test/unit/anchor.test.js's).
const PROCS = 2;
function bench(args) {
  const r = spawnSync(process.execPath, [BENCH, ...args], { encoding: 'utf8', timeout: 600000,
    env: Object.assign({}, process.env, { ASYNCBENCH_ANCHOR_PROCS: String(PROCS) }) });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const SMALL = ['--scenario', 'upload', '--mode', 'cpu', '--n', '20', '--variants', '^original$', '--reps', '1', '--warm-batches', '4', '--warm-min-steady', '2'];

test('a profile run measures the anchor before its first job and after its last, and records both ends and their verdict', { skip: needs24, timeout: 600000 }, () => {
  const out = path.join(tmp, 'anchored.json');
  const dry = bench(['--runtimes', ANCHOR.profile, ...SMALL, '--out', out, '--dry-run']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, new RegExp(`the anchor's ${2 * PROCS * ANCHOR.variants.length} processes included`));
  const r = bench(['--runtimes', ANCHOR.profile, ...SMALL, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /anchor: node-24@[\d.]+, measuring its start[\s\S]*anchor: node-24@[\d.]+, measuring its end[\s\S]*anchor: start and end/);
  const data = read(out);
  assert.deepEqual(validate(data), []);
  const [run] = Object.values(data.runs);
  const a = run.anchor;
  assert.deepEqual([a.scenario, a.mode, a.n, a.variants, a.procs], [ANCHOR.scenario, ANCHOR.mode, ANCHOR.n, [...ANCHOR.variants], PROCS]);
  for (const end of [a.start, a.end]) {
    assert.equal(end.samples.length, PROCS * ANCHOR.variants.length);
    assert.ok(end.samples.every((s) => s.status === 'ok' && s.timeMs > 0), 'every anchor process finished');
    assert.ok(end.samples.every((s) => s.warmBatchesMs === undefined), 'the record keeps figures, not series');
  }
  assert.ok(Date.parse(a.start.at) < Date.parse(a.end.at));
  assert.deepEqual({ verdict: a.verdict, apart: a.apart, unchecked: a.unchecked }, runVerdict(run));
  assert.equal(a.verdict, 'incomplete', 'two processes give no interval');
  // The anchor's cells are not the run's cells.
  assert.ok(data.cells.every((c) => c.n === 20));
});

test('--no-anchor, --quick and --runtime PATH runs measure no anchor; --anchor and --no-anchor together are refused', () => {
  const out = path.join(tmp, 'plain.json');
  const r = bench(['--runtime', process.execPath, '--quick', '--n', '20', '--scenario', 'upload', '--variants', '^original$', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(Object.values(read(out).runs)[0].anchor, undefined);
  const both = bench(['--runtime', process.execPath, '--quick', '--anchor', '--no-anchor', '--out', out]);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--anchor and --no-anchor contradict each other/);
});

test('--resume onto cells measured on another host is refused with exit 2 and the file left as it was; --allow-other-host goes on and flags the run', () => {
  const out = path.join(tmp, 'moved.json');
  const args = ['--runtime', process.execPath, '--quick', '--n', '20', '--scenario', 'upload', '--variants', '^(original|async-await)$', '--out', out];
  assert.equal(bench(args).code, 0);
  // The earlier run, as if measured on another host (a fixture made here, not data/).
  const data = read(out);
  const [id] = Object.keys(data.runs);
  data.runs[id].host.kernel = 'Linux 6.18.44-fc-v000';
  data.cells = data.cells.filter((c) => c.variant !== 'original'); // something left to resume
  fs.writeFileSync(out, JSON.stringify(data));
  const before = fs.readFileSync(out, 'utf8');
  const r = bench([...args, '--resume']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /measured on .* · kernel …v000 \(run .*\), and this machine is .*--allow-other-host/);
  assert.equal(fs.readFileSync(out, 'utf8'), before, 'nothing written');
  const go = bench([...args, '--resume', '--allow-other-host']);
  assert.equal(go.code, 0, go.stderr);
  const after = read(out);
  const latest = Object.keys(after.runs).sort().pop();
  assert.deepEqual(after.runs[latest].hostChanged, [id]);
});
