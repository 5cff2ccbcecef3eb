'use strict';
// Issue 30, item 3: Chromium in the then-and-now matrix. With a chromium
// profile file present (made here, in memory: the real one comes from
// npm run bench -- --runtimes chromium), the matrix shows it as
// "Chromium (V8 in a browser)" after Node, and every figure that shows it
// says how its figures relate to Node 24's V8 and that its memory is not
// measured and would not compare. Without the file nothing mentions it but
// the list of profiles without a file. The raw figures come from the one run
// of every runtime (data/perf-then-and-now.json), made here from the same cells.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { makeLoader } = require('../../site/lib/data-files');
const { chartModel, tableModel } = require('../../site/models');
const { profileLoader } = require('../helpers/perf-files');

const committed = makeLoader({ dataDir: path.join(__dirname, '..', '..', 'data') });
const HOST = { cpu: 'Fixture CPU', cores: 2, os: 'Fixture OS' };
const NODE = 'node-24@24.21.0';
const CHROMIUM = 'chromium@143.0.7499.0';
const RUNTIMES = {
  [NODE]: { id: NODE, name: 'node', version: '24.21.0', v8: '13.6.233.17-node.44', engine: 'v8', released: '2026-09-08', profile: 'node-24', path: 'node', flags: [] },
  [CHROMIUM]: { id: CHROMIUM, name: 'chromium', version: '143.0.7499.0', v8: '14.3.127', engine: 'v8', released: '2025-12-02', profile: 'chromium', path: 'chromium', flags: [],
    browser: { driver: 'playwright-core', memory: { available: false, reason: 'SecurityError' } } },
};
const stat = (m) => ({ median: m, min: m * 0.9, max: m * 1.1, p25: m * 0.95, p75: m * 1.05, iqr: m * 0.1, count: 5 });
const none = { median: null, min: null, max: null, p25: null, p75: null, iqr: null, count: 0 };
function cell(runtime, variant, time, memory) {
  return { key: `${runtime}|upload|cpu|${variant}|1000`, runtime, scenario: 'upload', mode: 'cpu', variant, n: 1000, status: 'ok', run: `r/${runtime}`,
    time: stat(time), memory: memory ? stat(memory) : none };
}
function fixture(ids) {
  const runs = Object.fromEntries(ids.map((id) => [`r/${id}`, { date: '2026-11-27T00:00:00.000Z', host: HOST, runtimes: { [id]: RUNTIMES[id] } }]));
  const cells = ids.flatMap((id) => (id === CHROMIUM ? [cell(id, 'original', 30), cell(id, 'async-await', 36)] : [cell(id, 'original', 20, 4), cell(id, 'async-await', 25, 6)]));
  const single = { schema: 'asyncbench/perf@1', runs: { all: { date: '2026-11-27T00:00:00.000Z', host: HOST, runtimes: Object.fromEntries(ids.map((id) => [id, RUNTIMES[id]])) } },
    cells: cells.map((c) => ({ ...c, run: 'all' })) };
  return profileLoader({ schema: 'asyncbench/perf@1', runs, cells }, committed, { thenAndNow: single });
}
const BROWSER_NOTE = /^Chromium \(V8 in a browser\) runs the worker bundles of “Run it in your browser”/;

test('the matrix shows Chromium as "Chromium (V8 in a browser)", and says how it relates to Node 24', () => {
  const load = fixture([NODE, CHROMIUM]);
  for (const metric of ['time', 'ratio']) {
    const m = chartModel('matrix', { mode: 'cpu', metric }, load);
    assert.deepEqual(m.categories, ['Node 24', 'Chromium (V8 in a browser)']);
    const note = m.notes.find((n) => BROWSER_NOTE.test(n));
    assert.ok(note, m.notes.join('\n'));
    assert.match(note, /V8 14\.3\.127, beside Node 24’s V8 13\.6\.233\.17-node\.44/);
    assert.match(note, /worker and timer machinery/);
    assert.match(note, /memory is not measured and would not compare with Node’s/);
  }
  const memory = chartModel('matrix', { mode: 'cpu', metric: 'memory' }, load);
  assert.ok(memory.notes.some((n) => /^Chromium \(V8 in a browser\): memory not measured .* not comparable with Node’s peak resident set/.test(n)), memory.notes.join('\n'));
  assert.deepEqual(memory.series.flatMap((s) => s.data.map((p) => p[0])).filter((x) => x === 1), [], 'no memory point for Chromium');
  const table = tableModel('matrix', { mode: 'cpu' }, load);
  assert.ok(table.columns.some((c) => c.title === 'Chromium (V8 in a browser)'));
  assert.ok(table.notes.some((n) => BROWSER_NOTE.test(n)));
});

test('without a chromium file the matrix only names it among the profiles without one', () => {
  const m = chartModel('matrix', { mode: 'cpu', metric: 'ratio' }, fixture([NODE]));
  assert.ok(!m.notes.some((n) => BROWSER_NOTE.test(n)));
  assert.match(m.notes.find((n) => n.startsWith('Not shown')), /, chromium \(make one/);
});

test('a skip reason names a library file from its package, whatever the checkout\'s path to node_modules', () => {
  const { cellReason } = require('../../site/models/matrix');
  const { fromPackage } = require('../../scripts/lib/paths');
  const error = 'does not bundle for a browser: ../main/node_modules/when/node.js:279: Indirect calls to "require" will not be bundled (chromium@143.0.7499.0, browser)';
  const r = cellReason({ status: 'skipped', error });
  assert.equal(r.full, 'does not bundle for a browser: when/node.js:279: Indirect calls to "require" will not be bundled');
  assert.equal(r.short, 'does not bundle for a browser');
  assert.equal(fromPackage('/work/x/node_modules/when-2/node/function.js:242'), 'when-2/node/function.js:242');
  assert.equal(fromPackage('needs fibers (not built)'), 'needs fibers (not built)', 'text without a library path is left alone');
});
