// The 2013-era variants, their wrappers and the fakes promise to run
// unchanged on Node 0.11.14, the runtime of the 2013 article. The syntax check
// (portability.test.js) cannot see library or runtime behaviour, so here every
// such variant really runs on that binary, through the benchmark's child
// runner, in each scenario it lists.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { loadManifest } = require('../../scripts/lib/manifest');
const { binaryPath, getProfile, isInstalled } = require('../../scripts/runtimes');

const PROFILE = 'node-0.11';
const ROOT = path.join(__dirname, '..', '..');
const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const skip = !isInstalled(PROFILE) && !process.env.CI && `run npm run runtimes -- install ${PROFILE} first`;

// The harness's floor workload runs in every group, on Node 0.11 too.
const FLOOR = { id: 'floor', file: path.join(ROOT, 'scripts', 'harness', 'floor-workload.js'), scenarios: ['upload', 'errors', 'parallel'], requires: [] };
const variants = loadManifest().variants.filter((v) => v.era === '2013')
  .map((v) => Object.assign({}, v, { file: path.join(ROOT, 'examples', v.file) })).concat(FLOOR);

// What the runtime's probe finds there (features, and why fibers is missing),
// as the harness reads it for a binary (scripts/harness/runtime-record.js).
function probe() {
  const caps = require('../../scripts/runtimes/probe').probeOnce(binaryPath(PROFILE), getProfile(PROFILE).flags);
  return { features: { ...caps.features, fibers: caps.fibers.loadable }, featureReasons: { fibers: caps.fibers.reason } };
}

test(`every 2013-era variant and the floor workload run on Node 0.11.14 in each of its scenarios, warm batches included`, { skip }, (t) => {
  assert.ok(variants.length > 1, 'the manifest has no 2013-era variant');
  const problems = [];
  const { features, featureReasons } = probe();
  for (const v of variants) {
    // fibers only where its tree is built (npm run runtimes -- fibers node-0.11); the reason is the probe's.
    const missing = v.requires.filter((f) => !features[f]);
    if (missing.length) {
      assert.deepEqual(missing, ['fibers'], `${v.id}: Node 0.11 lacks ${missing.join(', ')}`);
      t.diagnostic(`${v.id} not run: ${featureReasons.fibers}`);
      continue;
    }
    for (const scenario of v.scenarios) {
      const args = [...getProfile(PROFILE).flags, CHILD, '--variant', v.file,
        '--scenario', scenario, '--n', '40', '--t', '0', '--error-rate', '0.05',
        // warm batches (scripts/lib/measure/warm.js) and their classifier run there too; 6 batches are one segment
        // at most (the classifier's shortest is 5), so every series is steady here
        '--warm-batches', '6', '--warm-min-steady', '6'];
      const r = spawnSync(binaryPath(PROFILE), args, {
        encoding: 'utf8', timeout: 20000, env: { ...process.env, NODE_ENV: 'production' }
      });
      let record = null;
      try {
        record = JSON.parse(r.stdout);
      } catch (err) {
        problems.push(`${v.id} ${scenario}: no JSON record (exit ${r.status}): ${r.stderr.slice(0, 300)}`);
        continue;
      }
      if (record.status !== 'ok') problems.push(`${v.id} ${scenario}: ${record.status}: ${record.error}`);
      else if (record.extraCallbacks) problems.push(`${v.id} ${scenario}: ${record.extraCallbacks} extra callbacks`);
      else if (!record.warmSteady || !Array.isArray(record.warmBatchesMs) || record.warmBatchesMs.length !== 6) {
        problems.push(`${v.id} ${scenario}: warm batches missing or wrong: ${JSON.stringify(record.warmBatchesMs)} steady ${record.warmSteady}`);
      } else if (scenario === 'errors' && !(record.failed > 0)) problems.push(`${v.id} errors: no call failed at a 5% rate`);
    }
  }
  assert.deepEqual(problems, []);
});
