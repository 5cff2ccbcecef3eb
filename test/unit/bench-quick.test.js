'use strict';
// `npm run bench -- --quick` is a smoke run, and its --help says how long it
// takes. Both are checked on fixed inputs, never by timing a run: the quick
// plan of the real manifest on a Node 20 runtime (fibers does not load there,
// as on this machine), estimated by scripts/harness/estimate.js from the past
// samples of test/fixtures/quick-plan/past-samples.json (committed samples
// of the same cells, see its description).
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseArgs, HELP } = require('../../scripts/harness/bench-args');
const { buildPlan, FLOOR } = require('../../scripts/harness/plan');
const { pastEstimate } = require('../../scripts/harness/estimate');
const { loadManifest } = require('../../scripts/lib/manifest');
const scenarios = require('../../scripts/harness/scenarios');

const PAST = require('../fixtures/quick-plan/past-samples.json');

const NODE_20 = {
  id: 'node-20',
  features: { generators: true, promise: true, es2015: true, 'async-functions': true, 'util.promisify': true, fibers: false },
  featureReasons: { fibers: 'fibers does not load on Node 16+' },
};

const quickPlan = () => buildPlan({ runtimes: [NODE_20], variants: loadManifest().variants, settings: parseArgs(['--quick']).settings });

// The help's own words for the time --quick takes, in ms.
function helpClaimMs() {
  const line = HELP.split('\n').findIndex((l) => l.startsWith('  --quick '));
  assert.ok(line >= 0, 'bench --help has no --quick line');
  // The option's text runs on over its indented lines.
  const text = HELP.split('\n').slice(line).filter((l, i) => i === 0 || /^ {22}\S/.test(l)).join(' ');
  const m = /\(under a minute[^)]*\)|\(about (\d+) (s|min)[^)]*\)/.exec(text);
  assert.ok(m, `--quick's help says no time this test knows how to read: ${text}`);
  if (!m[1]) return 60000;
  return Number(m[1]) * (m[2] === 'min' ? 60000 : 1000);
}

test('a quick run is estimated to take no longer than its --help says', () => {
  const { jobs } = quickPlan();
  const claim = helpClaimMs();
  const { ms, matched } = pastEstimate(jobs, PAST);
  assert.ok(matched > 0, 'the past samples match none of the quick plan\'s cells: refresh the fixture');
  assert.ok(ms <= claim, `--quick: ${jobs.length} jobs, estimated ${Math.round(ms / 1000)} s from past samples, and --help says under ${claim / 1000} s`);
});

test('a quick run still runs every variant in every scenario of the default run, or says why not', () => {
  const { cells, jobs } = quickPlan();
  const defaults = scenarios.scenarios().filter((d) => d.defaultRun).map((d) => d.name);
  for (const scenario of defaults) {
    for (const v of loadManifest().variants.filter((x) => x.scenarios.includes(scenario)).concat(FLOOR)) {
      const own = cells.filter((c) => c.scenario === scenario && c.variant === v.id);
      assert.ok(own.length >= 1, `${scenario}: ${v.id} has no cell`);
      const ran = jobs.some((j) => j.cell.scenario === scenario && j.cell.variant === v.id);
      assert.ok(ran || own.every((c) => typeof c.skip === 'string' && c.skip), `${scenario}: ${v.id} neither runs nor says why`);
    }
  }
});
