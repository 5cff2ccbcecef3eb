'use strict';
// A lever run (npm run bench -- --lever NAME, scripts/lib/levers.js) on
// a fixture runtime record: its plan holds the default configuration and the
// lever's, interleaved in one shuffle, with >= 16 processes each per style,
// and each configuration's cells carry what it changes. No process is started.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { parseArgs, UsageError } = require('../../scripts/harness/bench-args');
const { buildPlan } = require('../../scripts/harness/plan');
const levers = require('../../scripts/lib/levers');
const { loadManifest, selectVariants } = require('../../scripts/lib/manifest');
const { parseRuntimeId } = require('../../scripts/lib/runtime-id');

const features = { promise: true, generators: true, es2015: true, 'async-functions': true, 'util.promisify': true };
const node24 = { id: 'node-24@24.21.0', name: 'node', profile: 'node-24', path: '/bin/node', flags: [], features };

function leverPlan(name) {
  const opts = parseArgs(['--lever', name]);
  const variants = selectVariants(loadManifest(opts.manifest), opts.settings.variants);
  const runtimes = levers.configurations(name, node24, opts.settings);
  return { opts, runtimes, plan: buildPlan({ runtimes, variants, settings: opts.settings }) };
}

for (const name of ['warm-gc', 'long-warmup', 'main-thread-compile']) {
  test(`--lever ${name}: both configurations in one shuffled plan, >= 16 processes per style each`, () => {
    const { opts, runtimes, plan } = leverPlan(name);
    assert.equal(opts.out, path.resolve(__dirname, '../..', `data/perf-lever-${name}.json`));
    assert.deepEqual(opts.profiles, ['node-24']);
    const ids = runtimes.map((r) => r.id);
    assert.equal(ids[0], 'node-24@24.21.0', 'the default keeps the profile\'s id');
    assert.notEqual(ids[1], ids[0]);
    assert.equal(parseRuntimeId(ids[1]).profile, 'node-24');
    for (const id of ids) {
      for (const style of levers.STYLES) {
        const jobs = plan.jobs.filter((j) => j.cell.runtime === id && j.cell.variant === style);
        assert.ok(jobs.length >= 16, `${id} ${style}: ${jobs.length} processes`);
        assert.ok(jobs.every((j) => j.cell.scenario === 'upload' && j.cell.mode === 'cpu' && j.cell.n === 1000));
      }
    }
    // Interleaved: the configuration changes many times along the plan, not once.
    const seq = plan.jobs.map((j) => j.cell.runtime);
    const switches = seq.filter((id, i) => i > 0 && id !== seq[i - 1]).length;
    assert.ok(switches > seq.length / 4, `${switches} switches in ${seq.length} jobs`);
    assert.match(levers.planLines(plan.jobs).join('\n'), /configuration node-24@24\.21\.0: .*16–16 processes per style/);
  });
}

test('each lever\'s configuration changes what it says, and only in its own cells', () => {
  const cellOf = (p, id) => p.plan.cells.find((c) => c.runtime === id && c.variant === 'original');
  let p = leverPlan('warm-gc');
  assert.equal(cellOf(p, p.runtimes[1].id).warmGc, true);
  assert.equal(cellOf(p, p.runtimes[0].id).warmGc, undefined);
  assert.equal(p.runtimes[1].id, 'node-24@24.21.0 +warm-gc');
  p = leverPlan('long-warmup');
  assert.equal(cellOf(p, p.runtimes[1].id).warmBatches, 2 * cellOf(p, p.runtimes[0].id).warmBatches);
  p = leverPlan('main-thread-compile');
  assert.deepEqual(p.runtimes[1].flags, ['--no-concurrent-recompilation', '--no-concurrent-sparkplug', '--no-concurrent-osr']);
  assert.deepEqual(p.runtimes[0].flags, []);
  assert.equal(p.runtimes[1].configuration.name, 'main-thread-compile');
  assert.equal(p.runtimes[0].configuration.name, 'default');
});

test('--lever refuses what would change what is measured, and an unknown lever', () => {
  assert.throws(() => parseArgs(['--lever', 'warm-gc', '--reps', '5']), (e) => e instanceof UsageError && /leave out --reps/.test(e.message));
  assert.throws(() => parseArgs(['--lever', 'nope']), (e) => e instanceof UsageError && /no lever "nope"/.test(e.message));
});
