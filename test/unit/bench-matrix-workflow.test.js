'use strict';
// .github/workflows/bench-matrix.yml, read as YAML (issue 42, item 4): a
// cluster run whose jobs can be compared and continued. Its plan job
// (.ci/bench-matrix-plan.js) picks the profiles and each job's timeout from
// a dry run; every job measures the anchor cells (node-24 installed and
// cached beside its own profile) and uploads its data file and journal
// whatever the outcome; chromium can be chosen; an optional collect job
// merges the files. The planner's own arithmetic is tested on fixture lines;
// test/harness/bench-matrix.test.js runs it on a real dry run, and
// test/harness/workflows.test.js validates the file.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const yaml = require('js-yaml');
const plan = require('../../.ci/bench-matrix-plan');
const { UsageError } = require('../../scripts/lib/args');
const { profileNames } = require('../../scripts/lib/runtime-id');

const ROOT = path.join(__dirname, '..', '..');
const workflow = () => yaml.load(fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'bench-matrix.yml'), 'utf8'));
const uses = (step, action) => typeof step.uses === 'string' && step.uses.startsWith(`${action}@`);
const runs = (steps) => steps.map((s) => s.run || '').join('\n');
const lines = (text) => String(text).split('\n').map((s) => s.trim()).filter(Boolean);

test('each bench job uploads its data file and journal whatever the outcome, for --resume to continue', () => {
  const { steps } = workflow().jobs.bench;
  const uploads = steps.filter((s) => uses(s, 'actions/upload-artifact'));
  assert.equal(uploads.length, 1, 'one upload per job');
  const [up] = uploads;
  assert.equal(up.if, 'always()', 'a failed, timed-out or cancelled job keeps what it measured');
  assert.deepEqual(lines(up.with.path), ['data/perf-${{ matrix.profile }}.json', 'data/perf-${{ matrix.profile }}.json.journal']);
  // A missing file is an error only where the run finished.
  assert.match(String(up.with['if-no-files-found']), /job\.status == 'success' && 'error' \|\| 'warn'/);
  assert.ok(steps.indexOf(up) > steps.findIndex((s) => /npm run bench\b/.test(s.run || '')), 'the upload follows the run');
});

test('each bench job\'s timeout is the plan job\'s, from the dry run of its own arguments', () => {
  const { jobs } = workflow();
  assert.deepEqual([].concat(jobs.bench.needs), ['plan']);
  assert.equal(jobs.bench['timeout-minutes'], '${{ fromJSON(needs.plan.outputs.timeouts)[matrix.profile] }}');
  assert.equal(jobs.bench.strategy.matrix.profile, '${{ fromJSON(needs.plan.outputs.profiles) }}');
  const step = jobs.plan.steps.find((s) => /node \.ci\/bench-matrix-plan\.js/.test(s.run || ''));
  assert.ok(step, 'the plan job runs .ci/bench-matrix-plan.js');
  assert.equal(jobs.plan.outputs.timeouts, `\${{ steps.${step.id}.outputs.timeouts }}`);
  assert.equal(jobs.plan.outputs.profiles, `\${{ steps.${step.id}.outputs.profiles }}`);
  // The same arguments as the run itself.
  assert.equal(step.env.REQUESTED, '${{ inputs.profiles }}');
  assert.equal(step.env.BENCH_ARGS, '${{ inputs.bench-args }}');
  const bench = jobs.bench.steps.find((s) => /npm run bench\b/.test(s.run || ''));
  assert.equal(bench.env.EXTRA, '${{ inputs.bench-args }}');
});

test('every bench job installs and caches node-24, the anchor cells\' runtime, beside its own profile', () => {
  const { steps } = workflow().jobs.bench;
  const install = steps.findIndex((s) => /^npm run runtimes -- install node-24$/m.test(s.run || ''));
  assert.ok(install >= 0, 'node-24 is installed in every job');
  assert.ok(install < steps.findIndex((s) => /npm run bench\b/.test(s.run || '')));
  const cache = steps.find((s) => uses(s, 'actions/cache'));
  assert.match(cache.with.key, /\$\{\{ matrix\.profile \}\}/);
  assert.match(cache.with.key, /node-24/, 'a cache saved before the anchor would never hold node-24');
  assert.equal(cache.with.path, '.cache');
});

test('chromium can be chosen; "all" still means every profile but chromium', () => {
  const wf = workflow();
  assert.match(wf.on.workflow_dispatch.inputs.profiles.description, /chromium/);
  assert.deepEqual(plan.selectProfiles('all'), profileNames());
  assert.ok(!plan.selectProfiles('all').includes('chromium'));
  assert.deepEqual(plan.selectProfiles('all,chromium'), profileNames().concat('chromium'));
  assert.deepEqual(plan.selectProfiles(' chromium, node-24,chromium'), ['chromium', 'node-24']);
  assert.throws(() => plan.selectProfiles('node-24,chromum'), (err) => err instanceof UsageError &&
    /unknown runtime profile\(s\) chromum; known: all, node-0\.11, .*, chromium$/.test(err.message));
  // Its job measures the Chromium npm ci installs, pinned by profiles.json,
  // not whichever browser the runner image puts on PATH.
  const pin = wf.jobs.bench.steps.find((s) => /findBrowser/.test(s.run || ''));
  assert.ok(pin, 'a step pins the browser');
  assert.equal(pin.if, "matrix.profile == 'chromium'");
  assert.match(pin.run, /CHROMIUM_PATH/);
  assert.match(pin.run, /GITHUB_ENV/);
});

test('the optional collect job downloads every job\'s file and merges them into one', () => {
  const wf = workflow();
  const input = wf.on.workflow_dispatch.inputs.collect;
  assert.equal(input.type, 'boolean');
  assert.equal(input.default, false);
  const collect = wf.jobs.collect;
  assert.ok(collect, 'a collect job');
  assert.deepEqual([].concat(collect.needs).sort(), ['bench', 'plan']);
  assert.equal(collect.if, 'inputs.collect');
  const download = collect.steps.find((s) => uses(s, 'actions/download-artifact'));
  assert.equal(download.with.pattern, 'perf-*');
  assert.equal(download.with['merge-multiple'], true);
  const merge = collect.steps.find((s) => /npm run data -- merge/.test(s.run || ''));
  assert.ok(merge, 'the collect job runs npm run data -- merge');
  assert.match(merge.run, new RegExp(`npm run data -- merge ${download.with.path}/perf-\\*\\.json --out (\\S+)`));
  const out = /--out (\S+)/.exec(merge.run)[1];
  const upload = collect.steps.find((s) => uses(s, 'actions/upload-artifact'));
  assert.equal(upload.with.path, out);
  assert.doesNotMatch(upload.with.name, /^perf-/, 'not taken for a profile\'s file by a later download');
  assert.ok(collect.steps.indexOf(upload) > collect.steps.indexOf(merge));
});

test('the planner reads a dry run\'s estimates', () => {
  assert.equal(plan.parseDuration('45s'), 45000);
  assert.equal(plan.parseDuration('12m05s'), 725000);
  assert.equal(plan.parseDuration('1h02m'), 3720000);
  assert.equal(plan.parseDuration('?'), null);
  assert.deepEqual(plan.parseDryRun('1200 cells (200 skipped), 5000 jobs; rough estimate 1h02m before --resume savings; ' +
    'adaptive repetitions can add up to 20 per cell\nfrom the samples in data/perf-node-24.json: 14h07m (4800 of 5000 jobs have past samples of the same cell or style)\n'),
  { cells: 1200, skipped: 200, jobs: 5000, ms: 3720000, extraRepsPerCell: 20 });
  assert.deepEqual(plan.parseDryRun('10 cells (0 skipped), 10 jobs; rough estimate 12s before --resume savings\n' +
    'no estimate from past samples: data/perf-x.json holds none of these cells yet\n'),
  { cells: 10, skipped: 0, jobs: 10, ms: 12000, extraRepsPerCell: 0 });
  assert.equal(plan.parseDryRun('bench: --runtimes node-24: no runtime could be installed'), null);
});

test('a profile\'s timeout: the estimate with its margin and the setup, within the hosted limit, or refused', () => {
  const { SETUP_MINUTES, MARGIN, HOSTED_LIMIT_MINUTES } = plan;
  const small = { cells: 10, skipped: 0, jobs: 50, ms: 30 * 60000, extraRepsPerCell: 0 };
  assert.deepEqual(plan.timeoutFor('node-24', small), { minutes: SETUP_MINUTES + 30 * MARGIN, estimateMs: 30 * 60000, note: null });
  assert.equal(plan.timeoutFor('node-24', Object.assign({}, small, { ms: 12000 })).minutes, SETUP_MINUTES + 1, 'whole minutes, rounded up');
  // Every adaptive repetition at once would outrun it: said, not refused.
  const adaptive = plan.timeoutFor('node-24', Object.assign({}, small, { extraRepsPerCell: 20 }));
  assert.equal(adaptive.minutes, SETUP_MINUTES + 30 * MARGIN);
  assert.match(adaptive.note, /^node-24: if every cell took all 20 adaptive repetitions .* --resume continues it$/);
  // The margin does not fit: cut to the limit, and said.
  const long = plan.timeoutFor('node-0.11', Object.assign({}, small, { ms: 300 * 60000 }));
  assert.equal(long.minutes, HOSTED_LIMIT_MINUTES);
  assert.match(long.note, /^node-0\.11: timeout cut to the hosted limit of 360 minutes/);
  // The bare estimate does not fit: refused before any job starts.
  assert.throws(() => plan.timeoutFor('node-0.11', Object.assign({}, small, { ms: (HOSTED_LIMIT_MINUTES - SETUP_MINUTES + 1) * 60000 })),
    (err) => err instanceof UsageError && /^node-0\.11: the dry run estimates \d+ minutes .* more than the 360 minutes a hosted job may run\. Measure less/.test(err.message));
});

test('bench-args may not take over what the workflow sets per job', () => {
  assert.deepEqual(plan.benchArgs(' --n 1000  --reps 5 '), ['--n', '1000', '--reps', '5']);
  assert.deepEqual(plan.benchArgs(''), []);
  assert.throws(() => plan.benchArgs('--n 1000 --out=x.json --runtimes bun'),
    (err) => err instanceof UsageError && /^bench-args: --out=x\.json, --runtimes are set by the workflow for each job/.test(err.message));
});
