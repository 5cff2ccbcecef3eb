// Figures about a perf data file that the closing note of the harness issue
// asks for: wall time of each run, the harness's own noise (CV of repeated
// cells), growth with n (sweep data), and ratios to the callback baseline side by side with the 2013
// table (data/reference-2013.json) for the variants both have.
//
//   node scripts/lib/bench-report.js [data/perf.json] [--noise data/perf-noise.json]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { loadManifest } = require('./manifest');
const { duration } = require('./progress');

const ROOT = path.join(__dirname, '..', '..');
const BASELINE = 'original';

function read(file) {
  return JSON.parse(fs.readFileSync(path.resolve(ROOT, file), 'utf8'));
}

function runTimes(data) {
  return Object.entries(data.runs).map(([id, r]) => {
    const jobs = data.cells.reduce((s, c) => s + c.samples.filter((x) => x.run === id).length, 0);
    return `- ${id}: ${r.finished ? duration(r.wallMs) : 'interrupted or running'}, ${jobs} jobs (${(r.argv || []).join(' ') || 'defaults'})`;
  }).join('\n');
}

function noise(data) {
  const rows = data.cells.filter((c) => c.status === 'ok' && c.time.count >= 2)
    .map((c) => `| ${c.key} | ${c.time.count} | ${c.time.median} | ${c.time.min}–${c.time.max} | ${c.time.iqr} | ${(c.time.cv * 100).toFixed(1)} % | ${c.noisy ? 'yes' : 'no'} |`);
  return ['| cell | reps | median ms | range | IQR | CV | noisy |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

function refValue(series, label, n) {
  const s = series.find((x) => x.label === label);
  const p = s && s.points.find((x) => x.n === n);
  return p ? p.value : null;
}

// Ratios to the baseline at n, ours (median) and 2013's, for one mode.
function ratioRows(data, reference, manifest, { runtime, mode, n, measure }) {
  const refSection = measure === 'memory' ? reference.memory : mode === 'cpu' ? reference.cpuBound : reference.ioBound;
  const cell = (variant) => data.cells.find((c) => c.runtime === runtime && c.scenario === 'upload' && c.mode === mode &&
    c.variant === variant && c.n === n && c.status === 'ok' && c.time.count > 0);
  const base = cell(BASELINE);
  const refBase = refValue(refSection.series, 'original.js', n);
  if (!base || !refBase) return [];
  const rows = [];
  for (const v of manifest.variants) {
    if (!v.article2013) continue;
    const ours = cell(v.id);
    const ref = refValue(refSection.series, v.article2013, n);
    if (!ours || ref === null) continue;
    const summary = measure === 'memory' ? ours.memory : ours.time;
    const baseSummary = measure === 'memory' ? base.memory : base.time;
    rows.push({
      id: v.id, file: v.article2013,
      ours: summary.median / baseSummary.median, ref: ref / refBase,
      oursAbs: summary.median, refAbs: ref, noisy: ours.noisy
    });
  }
  return rows.sort((a, b) => a.ours - b.ours);
}

function ratioTable(rows, unit) {
  const lines = [`| variant (2013 file) | now ${unit} | now × ${BASELINE} | 2013 ${unit} | 2013 × ${BASELINE} |`, '|---|---|---|---|---|'];
  for (const r of rows) {
    lines.push(`| ${r.id} (${r.file})${r.noisy ? ' ~' : ''} | ${r.oursAbs.toFixed(1)} | ${r.ours.toFixed(2)} | ${r.refAbs.toFixed(1)} | ${r.ref.toFixed(2)} |`);
  }
  return lines.join('\n');
}

// How time grows with n: least-squares slope of log(median time above the
// I/O floor) against log(n), per variant (1 = linear, 2 = quadratic). The
// floor is subtracted because it does not grow with n in CPU-bound mode.
function growth(data, { scenario = 'upload', mode = 'cpu' } = {}) {
  const byVariant = new Map();
  for (const c of data.cells) {
    if (c.scenario !== scenario || c.mode !== mode || c.status !== 'ok' || !c.time.count) continue;
    if (!byVariant.has(c.variant)) byVariant.set(c.variant, []);
    byVariant.get(c.variant).push(c);
  }
  const rows = [];
  for (const [variant, cells] of byVariant) {
    if (cells.length < 3) continue;
    cells.sort((a, b) => a.n - b.n);
    const xs = cells.map((c) => Math.log(c.n));
    const ys = cells.map((c) => Math.log(Math.max(1e-3, c.time.median - c.ioFloorMs)));
    const mx = xs.reduce((a, b) => a + b) / xs.length;
    const my = ys.reduce((a, b) => a + b) / ys.length;
    const slope = xs.reduce((acc, x, i) => acc + (x - mx) * (ys[i] - my), 0) / xs.reduce((acc, x) => acc + (x - mx) ** 2, 0);
    const first = cells[0], last = cells[cells.length - 1];
    rows.push({ variant, first, last, slope });
  }
  rows.sort((a, b) => a.last.time.median - b.last.time.median);
  const lines = ['| variant | n range | first ms | last ms | per call µs (last) | log-log slope above floor |', '|---|---|---|---|---|---|'];
  for (const r of rows) {
    lines.push(`| ${r.variant} | ${r.first.n}–${r.last.n} | ${r.first.time.median.toFixed(1)} | ${r.last.time.median.toFixed(1)} | ` +
      `${(r.last.time.median / r.last.n * 1000).toFixed(1)} | ${r.slope.toFixed(2)} |`);
  }
  return lines.join('\n');
}

function report(dataFile, noiseFile) {
  const data = read(dataFile);
  const reference = read('data/reference-2013.json');
  const manifest = loadManifest();
  const runtime = data.cells.find((c) => c.status === 'ok')?.runtime;
  const out = [`# Bench report: ${dataFile}`, '', '## Runs', runTimes(data)];
  if (noiseFile) out.push('', `## Harness noise (${noiseFile})`, noise(read(noiseFile)));
  if (new Set(data.cells.map((c) => c.n)).size >= 3) {
    out.push('', `## Growth with n, upload, CPU-bound (${runtime})`, growth(data));
  }
  for (const [mode, n, measure] of [['cpu', 1000, 'time'], ['cpu', 2000, 'time'], ['io', 1000, 'time'], ['io', 2000, 'time'], ['cpu', 2000, 'memory']]) {
    const rows = ratioRows(data, reference, manifest, { runtime, mode, n, measure });
    if (!rows.length) continue;
    out.push('', `## Upload, ${mode === 'cpu' ? 'CPU-bound' : 'I/O-bound'}, n=${n}, ${measure} (${runtime} vs 2013 node 0.11)`,
      ratioTable(rows, measure === 'memory' ? 'MB' : 'ms'));
  }
  out.push('', '~ : our cell is noisy (IQR > 20 % of the median or < 3 reps). 2013: single runs, memory sampled at callbacks.');
  return out.join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--noise');
  const noiseFile = i >= 0 ? args.splice(i, 2)[1] : null;
  process.stdout.write(report(args[0] || 'data/perf.json', noiseFile) + '\n');
}

module.exports = { report, ratioRows, growth };
