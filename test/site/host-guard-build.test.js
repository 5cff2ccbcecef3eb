'use strict';
// Comparisons only within a host (issue 42, item 2), on real builds of the
// site from copies of data/ (CHARTS_DATA_DIR) with one change each: Node 24's
// async/await cell at n = 1000 moved to a run on another host, which every
// page comparing it with the other styles must refuse; and the run behind
// Node 24's n = 1000 cells given start and end anchors that disagree, which
// the figures drawn from it must flag. test/unit/host-guard.test.js has the
// rule on small fixtures.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { buildSiteWith } = require('../helpers/eleventy');
const { dataDir } = require('../helpers/data-dir');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');
const { hostLabel } = require('../../scripts/lib/host-identity');
const { ANCHOR, compareAnchors } = require('../../scripts/lib/anchor');

const isAnchorCell = (variant) => (c) => c.scenario === 'upload' && c.mode === 'cpu' && c.n === 1000 && c.variant === variant && c.status === 'ok';

function buildWith(edit) {
  const data = dataDir({ edit: { [DEFAULT_PERF]: edit } });
  try {
    return buildSiteWith({ CHARTS_DATA_DIR: data.dir });
  } finally {
    data.remove();
  }
}

test('a raw comparison across two hosts fails the build, naming both cells and both hosts', () => {
  let moved = null;
  const { ok, log } = buildWith((d) => {
    const cell = d.cells.find(isAnchorCell('async-await'));
    const run = d.runs[cell.run];
    // The same run measured on another host of the same CPU model: only the kernel build differs.
    const other = { ...run, host: { ...run.host, kernel: String(run.host.kernel).replace(/-fc-v\w+$/, '-fc-v999') } };
    const id = `${cell.run} (another host)`;
    d.runs[id] = other;
    cell.run = id;
    for (const s of cell.samples) s.run = id;
    moved = { key: cell.key, from: hostLabel(run.host), to: hostLabel(other.host) };
  });
  assert.equal(ok, false, 'the build must stop');
  assert.notEqual(moved.from, moved.to);
  assert.match(log, /CrossHostError|compares raw figures measured on different hosts/);
  const message = log.slice(log.indexOf('compares raw figures measured on different hosts'));
  assert.ok(message.includes(moved.key), `the message names the moved cell ${moved.key}:\n${message.slice(0, 2000)}`);
  assert.match(message, /node-24@24\.21\.0\|upload\|cpu\|[\w-]+\|1000/, 'and the cell it was set against');
  assert.ok(message.includes(moved.from) && message.includes(moved.to), `both hosts: ${moved.from}, ${moved.to}`);
  assert.match(message, /\/perf-node-24\.json, run /, 'the file of each cell');
  assert.match(message, /compare ratios within each run/);
});

test('a run whose start and end anchors disagree is flagged on the pages that draw it', () => {
  let flagged = null;
  const { ok, log, output } = buildWith((d) => {
    const cell = d.cells.find(isAnchorCell('original'));
    const run = d.runs[cell.run];
    // Six processes per style, the end 30 % slower than the start.
    const end = (scale) => ({
      at: run.date,
      samples: ANCHOR.variants.flatMap((variant, v) => Array.from({ length: ANCHOR.procs }, (_, i) => {
        const k = scale * (1 + (i - 2.5) * 0.008);
        return { variant, rep: i + 1, status: 'ok', timeMs: (20 + 4 * v) * k, warmMs: (14 + 3 * v) * k };
      })),
    });
    const anchor = { runtime: cell.runtime, scenario: 'upload', mode: 'cpu', n: 1000, variants: [...ANCHOR.variants], procs: ANCHOR.procs,
      start: end(1), end: end(1.3), verdict: 'disagree', apart: [] };
    const v = compareAnchors(anchor.start.samples, anchor.end.samples);
    assert.equal(v.verdict, 'disagree', 'the fixture anchor disagrees');
    anchor.apart = v.apart;
    run.anchor = anchor;
    flagged = cell.run;
  });
  assert.equal(ok, true, log.slice(-3000));
  const page = fs.readFileSync(path.join(output, 'posts', 'results', 'index.html'), 'utf8');
  const flag = `Run ${flagged}: host changed speed during this run: start and end anchors disagree`;
  // The cost table at n = 1000 draws Node 24's CPU-bound upload cells, from that run.
  const cost = page.slice(page.indexOf('<figure class="data-table" id="table-costPerCall"'));
  assert.ok(cost.length < page.length, 'the results page has the cost table');
  assert.ok(cost.slice(0, cost.indexOf('</figcaption>')).includes(`<strong class="chart-note">${flag}`), 'the cost table\'s caption flags the run');
  // A figure drawn from other runs carries no flag: the I/O-bound chart.
  const io = page.slice(page.indexOf('id="chart-perf-io-time"'));
  // A chart's notes follow its caption in a block of their own (site/render/chart-html.js chartNotes).
  assert.ok(!io.slice(0, io.indexOf('<div class="chart-controls"')).includes(flag));
});
