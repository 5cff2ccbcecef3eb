'use strict';
// The ranked chart (_config/ranked-data.js, _config/ranked-html.js) and the
// style families (_config/chart-families.js), from the committed data: one
// row per style sorted by median, whiskers from each cell's 95 % interval,
// families in a fixed order, and a figure whose table a reader without
// scripts can rank from and the page reads back exactly.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { makeLoader } = require('../../site/lib/data-files');
const { chartModel } = require('../../site/models');
const { FLOOR_ID } = require('../../site/lib/cells');
const { rankedFigure } = require('../../site/render/ranked-html');
const { styleName } = require('../../site/lib/style-names');
const { withFamilies, familyGroups, FAMILIES } = require('../../site/lib/families');
const { runtimeMatches, NOW_RUNTIME } = require('../../site/lib/runtime-match');
const format = require('../../assets/js/chart-format');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');
const perf = require(`../../data/${DEFAULT_PERF}.json`); // the charts that name no runtime draw from it
const manifest = require('../../examples/manifest.json');

const load = makeLoader({ dataDir: path.join(__dirname, '..', '..', 'data') });
const round = (v) => (Math.abs(v) >= 1000 ? Math.round(v) : Number(v.toPrecision(3)));

function cellsAt(mode, n) {
  return perf.cells.filter((c) => c.status === 'ok' && c.scenario === 'upload' && c.mode === mode && c.n === n && runtimeMatches(c.runtime, NOW_RUNTIME));
}

test('ranked chart: one row per style at n = 1000, fastest first, whiskers from each cell\'s 95 % interval, the floor apart', () => {
  for (const mode of ['cpu', 'io']) {
    const m = chartModel('ranked', { mode, n: 1000 }, load);
    const cells = cellsAt(mode, 1000).filter((c) => c.variant !== FLOOR_ID);
    assert.equal(m.kind, 'ranked');
    assert.equal(m.id, `ranked-${mode}`);
    assert.deepEqual(m.series.map((s) => s.label).sort(), cells.map((c) => c.variant).sort());
    const medians = m.series.map((s) => s.data[0][1]);
    assert.deepEqual(medians, [...medians].sort((a, b) => a - b), 'sorted by median');
    for (const s of m.series) {
      const c = cells.find((x) => x.variant === s.label);
      assert.deepEqual(s.data[0], [1000, round(c.time.median), round(c.timeCi.lo), round(c.timeCi.hi), c.time.count], s.label);
      assert.ok(s.data[0][2] <= s.data[0][1] && s.data[0][1] <= s.data[0][3], `${s.label}: the median inside its interval`);
    }
    assert.equal(m.floor.label, 'floor (no style)');
    assert.ok(!m.series.some((s) => s.label === FLOOR_ID));
  }
});

test('ranked chart: exclude drops rows; a metric other than time or warm, or an unknown mode, is refused', () => {
  const m = chartModel('ranked', { mode: 'cpu', exclude: '^rx' }, load);
  assert.ok(m.series.length > 0 && !m.series.some((s) => /^rx/.test(s.label)));
  assert.throws(() => chartModel('ranked', { metric: 'memory' }, load), /ranks time or warm/);
  assert.throws(() => chartModel('ranked', { mode: 'gpu' }, load), /unknown mode "gpu"/);
});

test('families: every series a manifest variant, grouped in the fixed family order; none for other labels', () => {
  const m = withFamilies(chartModel('ranked', { mode: 'cpu' }, load));
  const familyOf = new Map(manifest.variants.map((v) => [v.id, v.family]));
  const order = m.families.map((g) => g[0]);
  assert.deepEqual(order, FAMILIES.filter((f) => order.includes(f)));
  const seen = m.families.flatMap((g) => g[1]);
  assert.deepEqual([...seen].sort((a, b) => a - b), m.series.map((_, i) => i), 'each series in exactly one group');
  for (const [family, idx] of m.families) for (const i of idx) assert.equal(familyOf.get(m.series[i].label), family);
  assert.equal(familyGroups(['original', 'co.js']), null, 'a 2013 label is not a variant');
  assert.equal(withFamilies(chartModel('2013', { set: 'cpu' }, load)).families, undefined);
});

test('ranked figure: no blank line; its table lists style, median, interval and family; the page reads the medians and intervals back exactly', () => {
  const m = withFamilies({ ...chartModel('ranked', { mode: 'cpu' }, load) });
  const html = rankedFigure(m, '/x/ranked.csv');
  assert.ok(!/\n\s*\n/.test(html));
  assert.match(html, /<figure class="chart chart-ranked" id="chart-ranked-cpu" data-chart style="--rows: \d+">/);
  assert.doesNotMatch(html, /chart-filter|chart-log/, 'rows are styles: no filter field, no log toggle');
  const wire = JSON.parse(html.match(/<script type="application\/json" class="chart-json">(.*)<\/script>/)[1]);
  assert.equal(wire.k, 'ranked');
  assert.equal(wire.xt, 2);
  assert.deepEqual(wire.g, m.families);
  const unescape = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const body = html.match(/<tbody>([\s\S]*?)<\/tbody>/)[1];
  const rows = [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((tr) => [...tr[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => unescape(c[1])));
  // Ranked like the chart, each style by its name (issue 43).
  assert.deepEqual(rows.map((r) => r[0]), m.series.map((s) => styleName(s.label)), 'the table ranks like the chart');
  assert.ok(rows.every((r) => r.length === 4));
  const read = format.readWire(wire, rows);
  m.series.forEach((s, i) => {
    const [, median, lo, hi] = s.data[0];
    assert.deepEqual([read.s[i][1][0], read.s[i][2][0], read.s[i][3][0]], [median, lo, hi], s.label);
  });
});

test('ranked chart: a zero-based value axis, unless every style is within half again of the fastest (then the figure says so)', () => {
  const { ZOOM_BELOW } = require('../../site/models/ranked');
  for (const mode of ['cpu', 'io']) {
    const m = withFamilies(chartModel('ranked', { mode }, load));
    const medians = m.series.map((s) => s.data[0][1]);
    const zero = Math.max(...medians) / Math.min(...medians) >= ZOOM_BELOW;
    assert.equal(m.zeroBased, zero, mode);
    const html = rankedFigure(m, '/x.csv');
    const wire = JSON.parse(html.match(/class="chart-json">(.*)<\/script>/)[1]);
    assert.equal(wire.z, zero ? undefined : 0, mode);
    assert.equal(/the axis does not start at zero/.test(html), !zero, mode);
  }
});
