'use strict';
// The words under a figure say what the figure draws (issue 43, captions):
// a warm figure counts the processes that gave a warm figure, not the
// repetitions that ran. Fixture data only.
const test = require('node:test');
const assert = require('node:assert/strict');
const { perfEnv } = require('../../site/lib/provenance');
const { tables: costTables } = require('../../site/models/cost');

const RUNTIME = 'node-24@24.21.0';
const run = {
  date: '2026-11-25T13:26:57.009Z', harness: { reps: 5 }, git: { commit: 'a'.repeat(40), dirty: false },
  runtimes: { [RUNTIME]: { name: 'node', version: '24.21.0', flags: [] } }, host: { cpu: 'cpu', cores: 2, os: 'os' },
};

// `steady` samples with a warm figure, `coldOnly` more without one (an
// adaptive pass that ran the cold batch alone, or a series that never settled).
function cell(variant, warmMs, steady, coldOnly) {
  const samples = [];
  for (let i = 0; i < steady; i++) samples.push({ rep: i + 1, run: 'r', status: 'ok', timeMs: 30 + i, warmMs: warmMs + (i % 3) * 0.1 });
  for (let i = 0; i < coldOnly; i++) samples.push({ rep: steady + i + 1, run: 'r', status: 'ok', timeMs: 30 + i, warmMs: i % 2 ? null : undefined });
  const values = samples.map((s) => s.warmMs).filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return {
    key: `upload|cpu|${variant}|1000`, runtime: RUNTIME, scenario: 'upload', mode: 'cpu', variant, n: 1000, status: 'ok', run: 'r', samples,
    time: { median: 31, min: 30, max: 40, count: samples.length },
    warm: { median: values[Math.floor(values.length / 2)], min: values[0], max: values[values.length - 1], count: values.length },
  };
}

test('a warm figure counts the processes with a warm figure; a cold one the repetitions', () => {
  const perf = { runs: { r: run }, cells: [] };
  const cells = [cell('original', 10, 24, 56), cell('async-await', 12, 27, 53)];
  assert.match(perfEnv(perf, cells), /, 80 repetitions per point$/);
  const warm = perfEnv(perf, cells, { metric: 'warm' });
  assert.match(warm, /, 24–27 processes with a warm figure per point$/);
  assert.doesNotMatch(warm, /repetition/);
});

test('the cost table, drawn from warm medians, states warm counts', () => {
  const perf = { runs: { r: run }, cells: [cell('original', 10, 24, 56), cell('async-await', 12, 27, 53)] };
  const load = () => ({ data: perf, shown: 'data/perf-node-24.json', name: 'perf-node-24' });
  const model = costTables.costPerCall({ n: 1000, runtime: 'node-24' }, load);
  assert.equal(model.rows.length, 2);
  assert.match(model.env, /24–27 processes with a warm figure per point/);
  assert.doesNotMatch(model.env, /80 repetitions/);
});

// `git.dirty` is any tracked file outside data/ that differed from the
// commit: a note or a post as much as the harness. A caption saying the
// figures came from "(uncommitted changes)" credited edits the measurement
// never ran.
test('a caption credits uncommitted changes only where the recorded paths show the measured code changed', () => {
  const { commitText, commitState } = require('../../site/lib/provenance');
  const commit = '0123456789abcdef0123456789abcdef01234567';
  const dirtyRun = (git) => ({ ...run, git });
  const envOf = (git) => perfEnv({ runs: { r: dirtyRun(git) }, cells: [] }, [{ run: 'r', runtime: RUNTIME, samples: [{ status: 'ok' }] }]);
  // Recorded before the paths were kept: the record cannot say what changed.
  assert.doesNotMatch(envOf({ commit, dirty: true }), /uncommitted/);
  assert.match(envOf({ commit, dirty: true }), /commit 0123456789,/);
  assert.equal(commitState({ commit, dirty: true }), '0123456789, with uncommitted edits outside data/ (which files was not recorded)');
  // Only notes and posts changed: the measured code is the commit's.
  const notes = { commit, dirty: true, changed: ['docs/lab-notes.md', 'posts/results.md'] };
  assert.doesNotMatch(envOf(notes), /uncommitted/);
  assert.equal(commitState(notes), '0123456789, with uncommitted edits that the measurement does not run');
  // The harness changed: the caption says so.
  const code = { commit, dirty: true, changed: ['docs/lab-notes.md', 'scripts/harness/runner.js'] };
  assert.match(envOf(code), /commit 0123456789 \(with uncommitted changes to the measured code\)/);
  assert.equal(commitText({ commit, dirty: false, changed: [] }), '0123456789');
  assert.equal(commitState({ commit: null, dirty: null }), 'not recorded');
});

test('the changed paths are read from git status --porcelain -z, renames with both names', () => {
  const { changedPaths, measuredCodeChanged } = require('../../scripts/lib/git-state');
  assert.deepEqual(changedPaths(' M docs/a b.md\0M  scripts/x.js\0R  examples/new.js\0examples/old.js\0'),
    ['docs/a b.md', 'examples/new.js', 'examples/old.js', 'scripts/x.js']);
  assert.deepEqual(changedPaths(''), []);
  assert.equal(measuredCodeChanged({ dirty: true, changed: ['package-lock.json'] }), true);
  assert.equal(measuredCodeChanged({ dirty: true, changed: ['README.md', 'test/unit/x.test.js'] }), false);
  assert.equal(measuredCodeChanged({ dirty: true }), null);
  assert.equal(measuredCodeChanged({ dirty: false }), false);
});

// The harness's reasons are written for whoever runs it; a page printed
// "run `npm run runtimes -- fibers node-8`" to readers as the reason a cell
// is empty.
test('a skip reason reads for a reader: what it means, never the operator\'s command', () => {
  const { readerReason } = require('../../site/lib/skip-reason');
  const { cellReason } = require('../../site/models/matrix');
  const { perfOf } = require('../../site/models/perf');
  const todo = 'the fibers tree of node-8 is not built; run `npm run runtimes -- fibers node-8` (node-8@8.17.0, probed)';
  assert.equal(readerReason(todo), 'fibers was not built for node-8 when it was measured (node-8@8.17.0, probed)');
  assert.equal(readerReason('needs async functions (node-6@6.17.1, probed)'), 'needs async functions (node-6@6.17.1, probed)', 'a reader\'s reason is kept');
  assert.equal(readerReason('a binary is missing. run `make` first'), 'a binary is missing');
  const why = cellReason({ status: 'skipped', error: todo });
  assert.deepEqual(why, { short: 'fibers was not built for node-8 when it was measured', full: 'fibers was not built for node-8 when it was measured' });
  // The variant page's table row.
  const perf = { runs: {}, cells: [{ key: 'k', runtime: 'node-8@8.17.0', scenario: 'upload', mode: 'cpu', variant: 'fibrous', n: 1000, status: 'skipped', error: todo }] };
  const row = perfOf(perf, 'fibrous', { n: 1000 }).runtimes[0].rows[0];
  assert.doesNotMatch(row.error, /npm run|`/);
});

test('a table with nothing to say under it has no line there, not a lone full stop', () => {
  const { dataTable } = require('../../site/render/chart-html');
  const model = { id: 't', caption: 'The runs', columns: [{ key: 'a', title: 'A' }], rows: [{ a: 'x' }], env: '', source: null };
  const html = dataTable(model);
  assert.doesNotMatch(html, /<p class="chart-meta">\.<\/p>/);
  assert.doesNotMatch(html, /chart-meta/);
  assert.match(dataTable({ ...model, env: 'node 24' }), /<p class="chart-meta">Measured on node 24\.<\/p>/);
});

// "Chromium carries a V8 close to that of Node 24" was typed; its V8 (14.3)
// is nearer Node 26's (14.6) than Node 24's (13.6). The sentence now reads
// the versions the runs recorded.
test('the Node whose V8 is nearest a browser\'s is read from the recorded versions', () => {
  const { v8Version, nearestV8 } = require('../../site/prose/numbers');
  const file = (id, name, version, v8) => ({ data: { runs: { [`r/${id}`]: { runtimes: { [id]: { id, name, version, v8 } } } }, cells: [] }, shown: `data/${id}.json` });
  const files = {
    'perf-chromium': file('chromium@143.0.7499.0', 'chromium', '143.0.7499.0', '14.3.127'),
    'perf-node-22': file('node-22@22.23.3', 'node', '22.23.3', '12.4.254.21-node.57'),
    'perf-node-24': file('node-24@24.21.0', 'node', '24.21.0', '13.6.233.17-node.53'),
    'perf-node-26': file('node-26@26.10.0', 'node', '26.10.0', '14.6.202.34-node.34'),
  };
  const load = (name) => files[name];
  load.has = (name) => name in files;
  assert.equal(v8Version(load, 'chromium'), '14.3');
  assert.equal(nearestV8(load, 'chromium'), 'Node 26 (V8 14.6)');
  // Without Node 26's file, Node 24 is the nearest there is.
  const without = (name) => files[name];
  without.has = (name) => name in files && name !== 'perf-node-26';
  assert.equal(nearestV8(without, 'chromium'), 'Node 24 (V8 13.6)');
});

// The cost table's caption said "Cost per call over original (nested
// callbacks)" above figures a reader had rebased on another row. The build
// marks the words naming the baseline, which the page replaces
// (assets/js/sortable-table.js; test/browser/sortable-table.test.js).
test('a rebasable table marks the words of its caption that name the baseline row', () => {
  const { dataTable } = require('../../site/render/chart-html');
  const perf = { runs: { r: run }, cells: [cell('original', 10, 24, 0), cell('async-await', 12, 27, 0)] };
  const model = { id: 'table-costPerCall', ...costTables.costPerCall({ n: 1000, runtime: 'node-24' }, () => ({ data: perf, shown: 'data/perf-node-24.json' })), sortable: true };
  const html = dataTable(model);
  const caption = /<figcaption>([\s\S]*?)<\/figcaption>/.exec(html)[1];
  const marked = /<span class="table-baseline-name">([^<]*)<\/span>/.exec(caption);
  assert.ok(marked, caption);
  assert.equal(marked[1], model.rebase.named);
  assert.match(caption, /Cost per call over <span class="table-baseline-name">/);
  // Named once: no other mention of the baseline's name that a rebase would leave behind.
  assert.equal(caption.replace(marked[0], '').includes(`${model.rebase.row}’s`), false);
});
