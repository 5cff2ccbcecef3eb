'use strict';
// Data -> chart/table models -> HTML. The default runtime's perf file
// (perf-node-24) is test/fixtures/charts/perf-synthetic.json (26 variants on
// node-20.20.2, summaries without samples, so only a loader that allows
// unfinished data reads it); every other file is the committed data.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const vm = require('node:vm');
const { makeLoader } = require('../../site/lib/data-files');
const { chartModel, tableModel, visibleSeries } = require('../../site/models');
const { chartFigure, dataTable, csv, wireModel, safeHref } = require('../../site/render/chart-html');
const { splitArgs } = require('../../_config/shortcode-args');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');

const FIX = path.join(__dirname, '..', 'fixtures', 'charts');
const fixture = makeLoader({ dataDir: FIX, allowIncomplete: true });
const committed = makeLoader({ dataDir: path.join(__dirname, '..', '..', 'data') });
const load = (name) => (name === DEFAULT_PERF ? fixture('perf-synthetic') : committed(name));
load.has = (name) => name === DEFAULT_PERF || committed.has(name);

test('perf chart: one series per variant, points [n, median, min, max, reps] sorted by n, default n <= 2000', () => {
  const m = chartModel('perf', { mode: 'cpu', metric: 'time' }, load);
  assert.equal(m.id, 'perf-cpu-time');
  assert.equal(m.series.length, 26);
  assert.ok(!m.series.some((s) => s.label === 'never-returns'), 'a timed-out cell must not be plotted');
  for (const s of m.series) {
    assert.deepEqual(s.data.map((p) => p[0]), [100, 500, 1000, 1500, 2000]);
    for (const p of s.data) assert.ok(p[2] <= p[1] && p[1] <= p[3] && p[4] === 5, `${s.label} ${p}`);
  }
  assert.equal(m.y.unit, 'ms');
  assert.match(m.env, /node 20\.20\.2.*Fixture CPU \(2 cores\)/);
});

test('a figure naming a runtime reads that profile\'s file (perf-node-20); one naming none, the default runtime\'s (perf-node-24)', () => {
  const asked = [];
  // The fixture stands in for every profile's file here.
  const spy = (name) => { asked.push(name); return load(/^perf-node-/.test(name) ? DEFAULT_PERF : name); };
  chartModel('perf', { mode: 'cpu', runtime: 'node-20' }, spy);
  chartModel('perf', { mode: 'cpu' }, spy);
  chartModel('perf', { mode: 'cpu', sweep: true }, spy);
  chartModel('ranked', { mode: 'cpu', runtime: 'node-0.11' }, spy);
  tableModel('parallel', { n: 1000, mode: 'io', runtime: 'node-24@24.21.0' }, spy);
  tableModel('costPerCall', { n: 1000 }, spy);
  assert.deepEqual(asked, ['perf-node-20', 'perf-node-24', 'perf-sweep', 'perf-node-0.11', 'perf-node-24', 'perf-node-24']);
  assert.equal(DEFAULT_PERF, 'perf-node-24');
  assert.throws(() => chartModel('perf', { mode: 'cpu', runtime: 'node-99' }, load),
    (err) => err.code === 'ERR_UNKNOWN_RUNTIME' && /runtime "node-99" is not a runtime profile, so no data\/perf-<profile>\.json holds it; name one of node-0\.11, .*node-24, .*deno/.test(err.message));
});

test('sweep=true keeps the large n; latency metrics read latencyP50/P99', () => {
  const sweep = chartModel('perf', { mode: 'cpu', sweep: true }, load);
  assert.ok(sweep.series[0].data.some((p) => p[0] === 50000));
  const p99 = chartModel('perf', { mode: 'io', metric: 'latency-p99' }, load);
  assert.ok(p99.series.length > 0 && p99.id === 'perf-io-latency-p99');
});

test('author filters: exclude hides, include keeps; bad arguments fail with a message', () => {
  const ex = chartModel('perf', { exclude: 'promise|rx' }, load);
  assert.ok(visibleSeries(ex).every((s) => !/promise|rx/.test(s.label)));
  assert.equal(ex.series.length, 26, 'hidden series stay in the data for the reader filter');
  const inc = chartModel('perf', { include: '^co$|^async$' }, load);
  assert.deepEqual(visibleSeries(inc).map((s) => s.label), ['async', 'co']);
  assert.throws(() => chartModel('perf', { exclude: '(' }, load), /not a valid regular expression/);
  assert.throws(() => chartModel('perf', { include: 'a', exclude: 'b' }, load), /either include= or exclude=/);
  assert.throws(() => chartModel('perf', { metric: 'speed' }, load), /unknown metric "speed"/);
  assert.throws(() => chartModel('nope', {}, load), /unknown chart source/);
});

test('2013 charts carry attribution; log toggle only when values span orders of magnitude', () => {
  const m = chartModel('2013', { set: 'cpu' }, load);
  assert.equal(m.series.length, 23);
  assert.match(m.source.text, /spion/);
  assert.equal(m.logToggle, true);
});

test('figure HTML has no blank line, no executable script, escapes </script> in labels', () => {
  const m = chartModel('perf', { exclude: 'rx' }, load);
  m.series[0].label = '</script><script>alert(1)</script>';
  const html = chartFigure(m, '/x/perf.csv');
  assert.ok(!/\n\s*\n/.test(html), 'a blank line would end the markdown HTML block');
  const scripts = html.match(/<script[^>]*>/g);
  assert.deepEqual(scripts, ['<script type="application/json" class="chart-json">']);
  assert.ok(!html.includes('</script><script>'));
  const json = JSON.parse(html.match(/<script type="application\/json" class="chart-json">(.*)<\/script>/)[1]);
  assert.equal(json.s[0][0], '</script><script>alert(1)</script>');
  assert.match(html, /<details class="chart-table" open>/);
  assert.match(html, /href="\/x\/perf\.csv"/);
});

test('CSV holds exactly the given series, one line per point', () => {
  const m = chartModel('perf', { include: '^co$' }, load);
  const lines = csv(m, visibleSeries(m)).trim().split('\n');
  assert.equal(lines.length, 1 + 5);
  assert.ok(lines.slice(1).every((l) => l.startsWith('co,')));
});

test('tables are sorted the article way', () => {
  const cx = tableModel('complexity', {}, load);
  const tokens = cx.rows.map((r) => r.tokens);
  assert.deepEqual(tokens, [...tokens].sort((a, b) => a - b));
  // Today's score first (measured facts); data from before the score fall back to the 2013 total.
  const db = tableModel('debuggability', {}, load);
  const key = db.rows.every((r) => typeof r.score === 'number') ? 'score' : 'total';
  const order = db.rows.map((r) => r[key]);
  assert.deepEqual(order, [...order].sort((a, b) => b - a));
  const par = tableModel('parallel', { n: 1000, mode: 'io' }, load);
  const times = par.rows.map((r) => parseFloat(r.time));
  assert.deepEqual(times, [...times].sort((a, b) => a - b));
  assert.match(par.env, /node 20\.20\.2/);
  const then = tableModel('parallel', { era: '2013' }, load);
  assert.equal(then.rows[0].name, 'suspend.js');
  assert.ok(!/\n\s*\n/.test(dataTable(then)));
});

test('Nunjucks keyword arguments are split from positional ones', () => {
  assert.deepEqual(splitArgs(['perf', { __keywords: true, mode: 'io' }]), [['perf'], { mode: 'io' }]);
  assert.deepEqual(splitArgs(['perf']), [['perf'], {}]);
});

test('chart bundle: a reduced jQuery 3.7.1, Flot 4.2.6 and our Flot plugins before the page wiring, under a hashed URL; pages load only the loader', async () => {
  const zlib = require('node:zlib');
  const { bundleInfo, buildBundle, buildLoader, ourFiles, FLOT } = require('../../_config/chart-bundle');
  const PARTS = bundleInfo().parts.map((p) => p.name);
  const OURS = ourFiles();
  assert.match(PARTS[0], /^jquery\/src/);
  assert.deepEqual(PARTS.slice(1, 1 + FLOT.length), FLOT);
  assert.deepEqual(FLOT.slice(0, 3).map((p) => path.basename(p)), ['jquery.colorhelpers.js', 'jquery.canvaswrapper.js', 'jquery.flot.js']);
  for (const plugin of ['jquery.flot.errorbars.js', 'jquery.flot.logaxis.js', 'jquery.flot.symbol.js']) assert.ok(FLOT.some((p) => p.endsWith(plugin)), plugin);
  const at = (name) => OURS.indexOf(`assets/js/${name}`);
  assert.ok(at('flot-series-select.js') === 0, 'the other plugins build on seriesSelect');
  assert.equal(at('charts.js'), OURS.length - 1, 'the page wiring comes last');
  for (const f of ['flot-series-highlight.js', 'flot-html-legend.js', 'flot-legend-touch.js', 'flot-regex-filter.js', 'flot-point-tooltip.js', 'flot-log-scale.js', 'flot-url-state.js', 'flot-axis-fit.js']) {
    assert.ok(at(f) > 0, `${f} is bundled`);
    // Flot's plugin shape: a header comment with the options, then a registration with name and version.
    const src = require('node:fs').readFileSync(path.join(__dirname, '..', '..', 'assets', 'js', f), 'utf8');
    assert.match(src, /^\/\* Flot plugin[\s\S]*?Options[\s\S]*?\*\//, `${f} header`);
    assert.match(src, /\$\.plot\.plugins\.push\(\{\s*init: init,\s*options: options,\s*name: '\w+',\s*version: '[\d.]+'\s*\}\)/, `${f} registration`);
  }
  const info = bundleInfo();
  assert.match(info.url, /^\/assets\/f\/charts\.[0-9a-f]{10}\.js$/);
  assert.match(info.loader.url, /^\/assets\/f\/chart-loader\.[0-9a-f]{10}\.js$/);
  const code = await buildBundle(info.parts);
  assert.match(code, /^\/\*! jQuery 3\.7\.1 \(reduced[^*]*Flot 4\.2\.6/);
  assert.ok(code.includes('jquery.flot') || /\.plot=function|plot\s*=\s*function/.test(code), 'Flot is in the bundle');
  // Issue 27's weight goal for the lazily loaded bundle.
  const gz = zlib.gzipSync(code, { level: 9 }).length;
  assert.ok(gz <= 45 * 1024, `the chart bundle is ${(gz / 1024).toFixed(1)} KB gzipped (goal <= 45)`);
  const loader = await buildLoader(info.loader);
  assert.ok(loader.includes(JSON.stringify(info.url)), 'the loader names the bundle');
  assert.ok(loader.length < 1024, `the loader is ${loader.length} bytes`);
  // In a page without figures and without the runner's panel the loader does nothing.
  const page = { document: { querySelectorAll: () => [], querySelector: () => null }, IntersectionObserver: function () { throw new Error('observed nothing'); } };
  page.window = page;
  vm.runInNewContext(loader, page);
});

test('reduced jQuery build: every module unwrapped, dependencies first, excluded parts absent', () => {
  const { buildJquery, EXCLUDE } = require('../../_config/jquery-build');
  const code = buildJquery();
  assert.ok(!/\bdefine\(/.test(code), 'an AMD wrapper survived');
  assert.ok(code.indexOf('var arr = [];') < code.indexOf('jQuery.fn = jQuery.prototype'), 'core must come after the var/ modules it uses');
  assert.ok(!/\bSizzle\b|\bfunction Sizzle|jQuery\.ajaxSetup|jQuery\.fn\.extend\( \{\s*fadeTo/.test(code), 'an excluded module was bundled');
  assert.match(code, /window\.jQuery = window\.\$ = jQuery/, 'exports/global must be last in and set the globals');
  assert.ok(EXCLUDE.has('ajax') && !EXCLUDE.has('event'));
  // Deferred and Callbacks are out, ready stays (the no-deferred variant);
  // Flot 4.2.6 still calls $.isFunction and friends (deprecated.js stays).
  assert.ok(!/jQuery\.Deferred = |jQuery\.Callbacks = |jQuery\.fn\.extend\( \{\s*prop:|valHooks/.test(code), 'Deferred, Callbacks, prop or val was bundled');
  assert.match(code, /readyCallbacks/, 'core/ready-no-deferred must stand in for core/ready');
  assert.match(code, /jQuery\.isFunction = /);
  new Function(code); // parses
});

test('page JSON is columnar and compact: shared n; medians only for series the table does not list; min and max as offsets; reps once', () => {
  const m = chartModel('perf', { mode: 'cpu', metric: 'time', exclude: 'rx' }, load);
  m.series[1].data.splice(2, 1); // a variant without a point at n = 1000
  const w = wireModel(m);
  assert.deepEqual(w.n, [100, 500, 1000, 1500, 2000]);
  assert.equal(w.r, 5);
  assert.deepEqual(w.filter, { mode: 'hide', regex: 'rx' });
  assert.equal(w.s.length, m.series.length);
  const [label, med, lo, hi] = w.s[0];
  assert.equal(label, m.series[0].label);
  assert.equal(med, null, 'a series the table lists carries no medians');
  const pts = m.series[0].data;
  assert.deepEqual(lo, pts.map((p) => +(p[1] - p[2]).toFixed(6)));
  assert.deepEqual(hi, pts.map((p) => +(p[3] - p[1]).toFixed(6)));
  assert.equal(w.s[1][2][2], null, 'no point, no offset');
  assert.equal(w.s[1].length, 4, 'reps are shared, not per series');
  const hidden = w.s.find((row) => /rx/.test(row[0]));
  assert.deepEqual(hidden[1], m.series.find((s) => s.label === hidden[0]).data.map((p) => p[1]), 'a series the filter hides keeps its medians here');
  const ref = wireModel(chartModel('2013', { set: 'cpu' }, load));
  assert.ok(ref.s.every((row) => row.length === 2), 'no min/max columns without repetitions');
});

// The rows of a figure's data table as the page script reads them.
function tableRows(html) {
  const unescape = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const body = html.match(/<tbody>([\s\S]*?)<\/tbody>/)[1];
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((tr) => [...tr[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => unescape(c[1])));
}

test('the page reads back every plotted number: JSON and data table give each point of the model exactly', () => {
  const chartFormat = require('../../assets/js/chart-format');
  const models = [
    chartModel('perf', { mode: 'cpu', metric: 'time', exclude: 'rx|promises-q' }, load),
    chartModel('perf', { mode: 'io', metric: 'memory' }, load),
    chartModel('perf', { mode: 'cpu', metric: 'time' }, committed),
    chartModel('perf', { mode: 'cpu', metric: 'time', sweep: true }, committed),
    chartModel('matrix', { scenario: 'upload', mode: 'io', metric: 'ratio', exclude: 'qasync|^rx' }, committed),
    chartModel('matrix', { scenario: 'upload', mode: 'cpu', metric: 'ratio' }, committed),
    chartModel('2013', { set: 'cpu' }, load),
  ];
  for (const m of models) {
    const html = chartFigure(m, '/x.csv');
    const wire = JSON.parse(html.match(/<script type="application\/json" class="chart-json">(.*)<\/script>/)[1]);
    const read = chartFormat.readWire(wire, tableRows(html));
    assert.equal(read.s.length, m.series.length, m.id);
    m.series.forEach((s, i) => {
      const row = read.s[i];
      assert.equal(row[0], s.label);
      for (const p of s.data) {
        const j = wire.n.indexOf(p[0]);
        const got = [p[0], row[1][j], row[2] ? row[2][j] : null, row[3] ? row[3][j] : null, row[4] ? row[4][j] : wire.r];
        assert.deepEqual(got, p, `${m.id} ${s.label} at ${p[0]}`);
      }
    });
  }
});

test('reading the chart JSON back fails on a table that does not match it', () => {
  const { readWire } = require('../../assets/js/chart-format');
  const wire = { n: [1, 2], r: 3, s: [['a', null, [1, 0.5], [2, 1]]] };
  assert.deepEqual(readWire(wire, [['a', '10', '–']]).s[0], ['a', [10, null], [9, null], [12, null]]);
  assert.throws(() => readWire(wire, [['b', '10', '20']]), /no row for series "a"/);
  assert.throws(() => readWire(wire, [['a', '10']]), /has 1 values for 2 x values/);
  assert.throws(() => readWire(wire, [['a', '10', 'ten']]), /"ten" is not a number/);
});

test('xlog=true (a log x axis for the scale sweep) reaches the page JSON only when set', () => {
  const sweep = chartModel('perf', { mode: 'cpu', sweep: true, xlog: 'true' }, load);
  assert.equal(sweep.xlog, true);
  assert.equal(wireModel(sweep).xl, 1);
  const plain = chartModel('perf', { mode: 'cpu' }, load);
  assert.equal(plain.xlog, false);
  assert.ok(!('xl' in wireModel(plain)), 'no bytes for the default');
  assert.match(chartFigure(plain, '/x.csv'), /class="chart-filter" value="" size="16"/);
});

test('debuggability table: whole levels, what each injected failure left, and whether throws were caught', () => {
  // The committed data, not the fixture: only it carries the traces.
  // One runtime of it: "now" (node-24) when the file holds several.
  const data = require('../../site/models/debuggability').debuggabilityView(require('../../data/debuggability.json'));
  const db = tableModel('debuggability', {}, makeLoader());
  assert.deepEqual(db.columns.map((c) => c.key), ['name', 'score', 'points', 'reject', 'sourceMaps', 'stackTraces', 'withSwitch', 'callback', 'throw', 'poison', 'caught']);
  for (const row of db.rows) {
    const v = data.variants.find((x) => x.id === row.name);
    assert.equal(row.caught, v.catchesThrows ? 'yes' : 'no');
    const trace = v.traces.find((t) => t.way === 'callback' && !t.longStack);
    assert.equal(row.callback, trace ? trace.quality : '–');
    assert.match(row.withSwitch, typeof v.stackTraces.levelWithSwitch === 'number' ? /^\d \([\w.-]+\)$/ : /^–$/);
    // Today's score, or a plain statement that the committed data predate it.
    assert.equal(row.score, v.score ? v.score.score : 'not measured yet');
  }
  const html = dataTable(db);
  assert.doesNotMatch(html, /\b[1-5]\.00\b/, 'a 1–5 level is printed as a whole number');
});

test('only http(s) and relative URLs from a data file become links', () => {
  for (const ok of ['https://example.org/a?b#c', 'http://example.org', '/posts/x/', '../x.csv', '#chart-1', 'x.csv']) assert.equal(safeHref(ok), ok);
  for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:x', '\u0001javascript:x', 'data:text/html,<b>', 'vbscript:x', 'file:///etc/passwd', '', null]) {
    assert.equal(safeHref(bad), null, JSON.stringify(bad));
  }
  // The 2013 attribution, with the URL a broken data file could carry.
  const m = chartModel('2013', { set: 'cpu' }, load);
  assert.match(chartFigure(m, '/x.csv'), /Figures from <a href="https:\/\/spion\.github\.io\//);
  m.source.url = 'javascript:alert(document.domain)';
  const html = chartFigure(m, '/x.csv');
  assert.doesNotMatch(html, /javascript:/i);
  assert.match(html, /Figures from Gorgi Kosev \(spion\), “Analysis/);
  const table = tableModel('parallel', { era: '2013' }, load);
  table.source.url = 'java\tscript:alert(1)';
  assert.doesNotMatch(dataTable(table), /<a href="java/);
});

// A perf file with the floor workload measured: cells built from samples the
// way the harness stores them.
function perfWithFloor() {
  const stats = require('../../scripts/lib/stats');
  const times = { floor: [30, 31, 32], original: [40, 41, 42], 'promises-native': [60, 62, 61], 'async-await': [50, 52, 51] };
  const cells = [];
  for (const n of [100, 1000]) {
    for (const [variant, ts] of Object.entries(times)) {
      const samples = ts.map((t, i) => ({ rep: i + 1, run: 'r1', status: 'ok', timeMs: t * n / 1000, peakRssMb: 5 }));
      const sum = (f) => stats.summarize(samples.map((s) => s[f]));
      cells.push({ key: `node-20|upload|cpu|${variant}|${n}`, runtime: 'node-20', scenario: 'upload', mode: 'cpu', variant, n,
        status: 'ok', run: 'r1', samples, time: sum('timeMs'), memory: sum('peakRssMb'), heap: sum('x'), latencyP50: sum('x'), latencyP99: sum('x') });
    }
  }
  const data = { schema: 'asyncbench/perf@1', runs: {}, cells };
  return (name) => (name === DEFAULT_PERF ? { data, shown: `${DEFAULT_PERF}.json`, incomplete: '' } : committed(name));
}

test('time charts carry the floor workload as a floor line, apart from the styles; other metrics do not', () => {
  const withFloor = perfWithFloor();
  const m = chartModel('perf', { mode: 'cpu', metric: 'time', exclude: 'floor|native' }, withFloor);
  assert.deepEqual(m.series.map((s) => s.label), ['async-await', 'original', 'promises-native'], 'the floor is not a style series');
  assert.equal(m.floor.label, 'floor (no style)');
  assert.deepEqual(m.floor.data.map((p) => [p[0], p[1]]), [[100, 3.1], [1000, 31]]);
  assert.deepEqual(visibleSeries(m).map((s) => s.label), ['async-await', 'original'], 'the filter never counts the floor');
  assert.deepEqual(wireModel(m).f, [m.floor.label, m.floor.data]);
  const html = chartFigure(m, '/x.csv');
  assert.match(html, /<th scope="row">floor \(no style\)<\/th>/, 'the data table lists the floor line');
  assert.match(html, /Grey dashed line: floor \(no style\)/);
  assert.equal(chartModel('perf', { mode: 'cpu', metric: 'memory' }, withFloor).floor, null);
  assert.equal(chartModel('perf', { mode: 'cpu', metric: 'time' }, load).floor, null, 'no floor cells, no floor line');
  assert.ok(!tableModel('parallel', { n: 1000, mode: 'cpu' }, withFloor).rows.some((r) => r.name === 'floor'),
    'the floor is not ranked among the styles');
});

test('the floor\'s costs are retired: no aboveFloor table (data/SCHEMA.md says why)', () => {
  assert.throws(() => tableModel('aboveFloor', { n: 1000, mode: 'cpu' }, load), /unknown table "aboveFloor"/);
});

test('chart stylesheet: minified (no comments or layout whitespace) with every rule and value kept, under a hashed URL', () => {
  const fs = require('node:fs');
  const { stylesheetInfo, minifyCss, STYLES } = require('../../_config/chart-bundle');
  const source = fs.readFileSync(path.join(__dirname, '..', '..', STYLES), 'utf8');
  const { url, code } = stylesheetInfo();
  assert.match(url, /^\/assets\/f\/charts\.[0-9a-f]{10}\.css$/);
  assert.doesNotMatch(code, /\/\*|\n/);
  const rules = (css) => (css.replace(/\/\*[\s\S]*?\*\//g, '').match(/\{/g) || []).length;
  assert.equal(rules(code), rules(source), 'as many blocks as the source');
  // Spaces that carry meaning stay: calc's operators, descendant selectors.
  assert.equal(minifyCss('.a :is(b, c) {\n  height: calc(var(--x) * 2 + 1rem - 2px); /* why */\n}'), '.a :is(b,c){height: calc(var(--x) * 2 + 1rem - 2px);}');
});
