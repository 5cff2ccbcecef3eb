'use strict';
// The test suite's tiers (scripts/site-tools/test-tiers.js): a test file's
// tier is its folder, test/<tier>/. The unit tier runs in under a minute on
// any checkout because its files start no process, build nothing and read no
// committed data; these tests hold every file to that, statically here and
// at run time through test/helpers/unit-tier.js.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { TIERS, dirOf, testFiles, NOT_TESTS } = require('../../scripts/site-tools/test-tiers');
const tierRules = require('../helpers/unit-tier');

const TEST = path.join(__dirname, '..');
const ROOT = path.join(TEST, '..');
// Test files by their path under test/, found as the runner finds them.
const testPaths = () => testFiles(TEST).map((f) => path.relative(TEST, f));

test('every test file lives in the folder of a tier, and every folder of test/ is a tier, helpers or fixtures', () => {
  const names = TIERS.map((t) => t.name);
  const stray = testPaths().filter((f) => !names.includes(f.split(path.sep)[0]));
  assert.deepEqual(stray, [], `move each file into test/<tier>/ (${names.join(', ')})`);
  const folders = fs.readdirSync(TEST, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  assert.deepEqual(folders.filter((f) => !names.includes(f) && !NOT_TESTS.has(f)), []);
  for (const tier of TIERS) assert.ok(fs.existsSync(dirOf(tier, TEST)), `test/${tier.name}/ is missing`);
});

test('package.json runs each tier as npm run test:<tier>, and npm test runs them all', () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  assert.equal(scripts.test, 'node scripts/run-tests.js');
  for (const tier of TIERS) assert.equal(scripts[`test:${tier.name}`], `node scripts/run-tests.js --tier ${tier.name}`);
});

// What a unit file may not load: the helpers that build or spawn, and the
// modules that start processes or browsers.
const HEAVY_IMPORTS = [
  /^node:child_process$|^child_process$/,
  /^playwright-core$/, /^@11ty\/eleventy/,
  /helpers\/(eleventy|drafts-site|site-builds)(\.js)?$/,
  /scripts\/site-tools\/(site|eleventy-cli|browser)(\.js)?$/,
];

test('no unit test file imports what builds, spawns or drives a browser', () => {
  const offenders = [];
  for (const rel of testPaths().filter((f) => f.split(path.sep)[0] === 'unit')) {
    const text = fs.readFileSync(path.join(TEST, rel), 'utf8');
    for (const [, spec] of text.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      if (HEAVY_IMPORTS.some((re) => re.test(spec))) offenders.push(`test/${rel} requires ${spec}`);
    }
  }
  assert.deepEqual(offenders, [], 'a file that builds or spawns belongs in test/site/ or test/harness/');
});

test('under the unit tier\'s rules a process, a build, a browser or a committed data file is refused at the call', () => {
  // The unit tier preloads the rules; run by hand, this file turns them on here.
  const preloaded = tierRules.isInstalled();
  if (!preloaded) tierRules.install();
  try {
    // Named through a variable: the static check above reads literal requires.
    const load = (name) => require(name);
    const refused = (fn, what) => assert.throws(fn, (err) => err.code === 'ETIER' && what.test(err.message));
    refused(() => load('node:child_process').spawnSync('true'), /starts a process \(child_process\.spawnSync true\)/);
    refused(() => load('node:child_process').execFileSync('node', ['-v']), /child_process\.execFileSync node/);
    refused(() => fs.readFileSync(path.join(ROOT, 'data', 'perf-node-24.json'), 'utf8'), /reads the committed data file data\/perf-node-24\.json/);
    refused(() => fs.readFileSync(path.join(ROOT, '_site', 'index.html')), /reads the built site/);
    refused(() => load('playwright-core'), /playwright-core/);
    refused(() => load('@11ty/eleventy'), /Eleventy/);
    // The schemas are small and a unit test may validate fixtures against them.
    const schemas = fs.readdirSync(path.join(ROOT, 'data', 'schema')).filter((f) => f.endsWith('.json'));
    assert.ok(schemas.length > 0);
    assert.doesNotThrow(() => fs.readFileSync(path.join(ROOT, 'data', 'schema', schemas[0]), 'utf8'));
    assert.doesNotThrow(() => fs.readFileSync(path.join(TEST, 'fixtures', 'bench', 'manifest.json'), 'utf8'));
  } finally {
    if (!preloaded) tierRules.uninstall();
  }
  if (process.env.ASYNCBENCH_TEST_TIER === 'unit') assert.ok(preloaded, 'the unit tier must preload test/helpers/unit-tier.js');
});
