'use strict';
// The data check recomputes every figure a data file derives from its raw
// samples (site/lib/derived-figures.js, issue 25 item 6): a summary, an
// interval, a warm figure and its class, or a switch's price that its samples
// contradict is refused, naming the file and the JSON path, and so is a
// negative magnitude or a number JSON reads as Infinity. The build tests
// (build-errors.test.js) show the same refusal stops a real build.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readDataFile } = require('../../site/lib/data-files');
const { CELL_SUMMARIES } = require('../../site/lib/derived-figures');
const { summarizeCell } = require('../../scripts/harness/datafile');
const { dataDir } = require('../helpers/data-dir');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');

const problems = (hit) => hit.problems.map((p) => `${p.kind} ${p.path || ''} ${p.message}`);

// Reads `name` from a copy of data/ where `edit` changed it; -> [problem lines].
function checkEdited(name, edit) {
  const d = dataDir({ only: [name], edit: { [name]: edit } });
  try {
    return problems(readDataFile(d.dir, name));
  } finally {
    d.remove();
  }
}

const okCell = (cells, pred = () => true) => cells.findIndex((c) => c.status === 'ok' && c.samples.length > 2 && pred(c));

test('a p25 and a count that the samples contradict are refused at their JSON path', () => {
  let at;
  const lines = checkEdited(DEFAULT_PERF, (d) => {
    at = okCell(d.cells);
    d.cells[at].memory.p25 += 1;
    d.cells[at].latencyP99.count += 1;
  });
  assert.equal(lines.length, 2, lines.join('\n'));
  assert.match(lines[0], new RegExp(`^invalid \\$\\.cells\\[${at}\\]\\.memory\\.p25 is [\\d.]+ but the samples give [\\d.]+; a summary must be derived from its samples`));
  assert.match(lines[1], new RegExp(`^invalid \\$\\.cells\\[${at}\\]\\.latencyP99\\.count is \\d+ but the samples give \\d+`));
});

test('a difference within the harness\'s rounding passes', () => {
  assert.deepEqual(checkEdited(DEFAULT_PERF, (d) => { d.cells[okCell(d.cells)].time.median += 0.0004; }), []);
});

test('the median\'s interval and the noisy flag are recomputed', () => {
  let at;
  const lines = checkEdited(DEFAULT_PERF, (d) => {
    at = okCell(d.cells, (c) => c.timeCi);
    const c = d.cells[at];
    c.timeCi.hi = c.timeCi.hi * 2 + 1;
    c.noisy = !c.noisy;
  });
  const paths = lines.map((l) => l.split(' ')[1]);
  assert.deepEqual(paths, ['noisy', 'timeCi.hi'].map((p) => `$.cells[${at}].${p}`), lines.join('\n'));
});

test('a warm figure, a class or a class count that the stored series contradict is refused (issue 41)', () => {
  let at, j;
  const lines = checkEdited(DEFAULT_PERF, (d) => {
    at = okCell(d.cells, (c) => c.warmClasses && c.samples.some((s) => s.warmSteady === true && s.warmClass));
    const c = d.cells[at];
    j = c.samples.findIndex((s) => s.warmSteady === true && s.warmClass);
    c.samples[j].warmMs += 1; // the window rule's figure, say, beside the classifier's class
    c.samples[j].warmClass = c.samples[j].warmClass === 'flat' ? 'warmup' : 'flat';
    c.warmClasses['no-steady-state'] += 1;
  });
  const paths = lines.map((l) => l.split(' ')[1]);
  for (const p of [`$.cells[${at}].samples[${j}].warmClass`, `$.cells[${at}].samples[${j}].warmMs`, `$.cells[${at}].warmClasses["no-steady-state"]`]) {
    assert.ok(paths.includes(p), `${p} is not reported; got:\n${lines.join('\n')}`);
  }
});

test('summaries of every cell-shaped file are checked: chains afterFirst, delegation throughput', () => {
  const chains = checkEdited('chains', (d) => { d.cells[okCell(d.cells, (c) => c.afterFirst)].afterFirst.median = -1; });
  assert.match(chains.join('\n'), /\.afterFirst\.median is -1, negative/);
  const delegation = checkEdited('delegation', (d) => { d.cells[okCell(d.cells, (c) => c.throughput)].throughput.max *= 10; });
  assert.match(delegation.join('\n'), /\.throughput\.max is [\d.]+ but the samples give/);
});

test('a long-stack switch\'s price in debuggability.json is recomputed from its samples', () => {
  let where;
  const lines = checkEdited('debuggability', (d) => {
    const r = d.runtimes.findIndex((x) => x.variants.some((v) => v.switchCost && v.switchCost.samples));
    const v = d.runtimes[r].variants.findIndex((x) => x.switchCost && x.switchCost.samples);
    where = `$.runtimes[${r}].variants[${v}].switchCost`;
    d.runtimes[r].variants[v].switchCost.on.ms.median = 1e308;
    d.runtimes[r].variants[v].switchCost.timeRatio = 0.01;
  });
  assert.deepEqual(lines.map((l) => l.split(' ')[1]), [`${where}.on.ms.median`, `${where}.timeRatio`], lines.join('\n'));
});

test('a number JSON reads as Infinity is refused at its path, in any file', () => {
  const d = dataDir({ only: ['complexity'] });
  try {
    const file = require('node:path').join(d.dir, 'complexity.json');
    const fs = require('node:fs');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/"headlineTokens": \d+/, '"headlineTokens": 1e999'));
    assert.deepEqual(problems(readDataFile(d.dir, 'complexity')),
      ['invalid $.variants[0].headlineTokens is Infinity, not a finite number (a figure beyond ±1.8e308 reads as Infinity). Remake the file with the script that wrote it']);
  } finally {
    d.remove();
  }
});

test('the check covers every summary the harness derives (held in step with summarizeCell)', () => {
  const sample = { rep: 1, run: 'r', status: 'ok', timeMs: 5, peakRssMb: 40, heapMb: 4, p50Ms: 1, p99Ms: 2, failed: 0, afterFirstMs: 1, opsPerSec: 9 };
  const derived = new Set();
  for (const scenario of ['upload', 'errors', 'parallel', 'chains', 'delegation', 'streamline-modes']) {
    const cell = summarizeCell({ scenario, status: 'ok', samples: [sample] });
    for (const [key, value] of Object.entries(cell)) if (value && typeof value === 'object' && 'median' in value && 'count' in value) derived.add(key);
  }
  assert.deepEqual([...derived].sort(), Object.keys(CELL_SUMMARIES).sort());
});

test('a run\'s anchor verdict that its two ends contradict is refused (a host that changed speed cannot be typed away)', () => {
  const end = (scale) => ({ at: '2026-11-27T00:00:00.000Z', samples: [1, 2, 3, 4, 5, 6].flatMap((rep) => ['original', 'async-await']
    .map((variant) => ({ variant, rep, status: 'ok', timeMs: scale * (20 + rep / 10), warmMs: scale * (14 + rep / 10) }))) });
  let id;
  const lines = checkEdited(DEFAULT_PERF, (d) => {
    id = Object.keys(d.runs)[0];
    d.runs[id].anchor = { runtime: 'node-24@24.21.0', scenario: 'upload', mode: 'cpu', n: 1000, variants: ['original', 'async-await'],
      procs: 6, start: end(1), end: end(1.4), verdict: 'agree', apart: [] };
  });
  assert.equal(lines.length, 2, lines.join('\n'));
  assert.match(lines[0], /\.anchor\.verdict is "agree" but the samples give "disagree"/);
  assert.match(lines[1], /\.anchor\.apart is 0 but the samples give 4/);
});
