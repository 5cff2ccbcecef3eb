'use strict';
// One variant's figures for its page, picked from the data files: size from
// data/complexity.json, time and memory from data/perf.json (every runtime the
// file holds), and the 2013 counterpart's figures from
// data/reference-2013.json. Pure functions of the parsed files, so a test can
// hand them any data; the page only formats what these return.
const { perfEnv, MODES } = require('./chart-data');

// The headline (upload and what it needs, as 2013 counted) first; the whole
// file beside it. Data from before the headline existed fall back to tokens.
function complexityOf(complexity, id) {
  const rows = complexity && Array.isArray(complexity.variants) ? complexity.variants : [];
  const row = rows.find((r) => r.id === id);
  if (!row) return null;
  const compared = (r) => (Number.isInteger(r.headlineTokens) ? r.headlineTokens : r.tokens);
  const smallest = rows.reduce((a, b) => (compared(b) < compared(a) ? b : a));
  return {
    tokens: row.tokens,
    uploadTokens: row.uploadTokens,
    headlineTokens: compared(row),
    headerTokens: Number.isInteger(row.headerTokens) ? row.headerTokens : null,
    lines: row.lines,
    depth: row.depth,
    complexity: typeof row.headlineComplexity === 'number' ? row.headlineComplexity : row.complexity,
    smallest: { id: smallest.id, tokens: compared(smallest) },
    file: row.file,
    file2013: row.file2013 || null,
    tokens2013: Number.isInteger(row.tokens2013) ? row.tokens2013 : null,
    ratio2013: typeof row.ratio2013 === 'number' ? row.ratio2013 : null,
  };
}

function runtimeLabel(perf, cell) {
  const run = (perf.runs || {})[cell.run];
  const rt = run && run.runtimes && run.runtimes[cell.runtime];
  if (!rt || !rt.name) return cell.runtime;
  return [rt.name, rt.version, ...(rt.flags || [])].filter(Boolean).join(' ');
}

// Rows per runtime, in the order the runtimes first appear in the file, and
// per mode in MODES order. A cell that did not finish keeps its status.
function perfOf(perf, id, { n, scenario = 'upload' }) {
  const cells = (perf && Array.isArray(perf.cells) ? perf.cells : [])
    .filter((c) => c.variant === id && c.scenario === scenario && c.n === n);
  const runtimes = new Map();
  for (const c of cells) {
    if (!runtimes.has(c.runtime)) runtimes.set(c.runtime, { id: c.runtime, label: runtimeLabel(perf, c), rows: [] });
    runtimes.get(c.runtime).rows.push({
      mode: c.mode,
      modeLabel: MODES[c.mode] || c.mode,
      status: c.status,
      error: c.error || null,
      time: c.time && typeof c.time.median === 'number' ? c.time : null,
      memory: c.memory && typeof c.memory.median === 'number' ? c.memory : null,
      ioFloorMs: c.ioFloorMs,
      t: c.t,
      noisy: c.noisy === true,
    });
  }
  const order = Object.keys(MODES);
  for (const r of runtimes.values()) r.rows.sort((a, b) => order.indexOf(a.mode) - order.indexOf(b.mode));
  const measured = cells.filter((c) => c.status === 'ok');
  return { n, scenario, runtimes: [...runtimes.values()], env: measured.length ? perfEnv(perf, measured) : '' };
}

// "flattened*.js" in the 2013 debuggability table stands for all three
// flattened files.
function nameMatches(pattern, file) {
  const re = new RegExp(`^${String(pattern).split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(file);
}

function pointAt(set, file, n) {
  const series = set && Array.isArray(set.series) ? set.series.find((s) => s.label === file) : null;
  const point = series && series.points.find((p) => p.n === n);
  return point ? { value: point.value, unit: set.unit } : null;
}

// null when the variant has no 2013 counterpart; each figure is null where
// the 2013 article left that file out of that table or chart.
function then2013(reference, file, { n }) {
  if (!file || !reference) return null;
  const rows = (key) => (reference[key] && Array.isArray(reference[key].rows) ? reference[key].rows : []);
  const size = rows('complexity').find((r) => r.name === file) || null;
  const parallel = rows('parallel1000').find((r) => r.file === file) || null;
  const debug = rows('debuggability').find((r) => nameMatches(r.name, file)) || null;
  const s = reference.source || {};
  return {
    file,
    n,
    cpu: pointAt(reference.cpuBound, file, n),
    io: pointAt(reference.ioBound, file, n),
    memory: pointAt(reference.memory, file, n),
    descriptions: {
      cpu: reference.cpuBound && reference.cpuBound.description,
      io: reference.ioBound && reference.ioBound.description,
      memory: reference.memory && reference.memory.description,
      parallel: reference.parallel1000 && reference.parallel1000.description,
      complexity: reference.complexity && reference.complexity.description,
      debuggability: reference.debuggability && reference.debuggability.description,
    },
    tokens: size ? size.tokens : null,
    complexity: size ? size.complexity : null,
    parallel: parallel ? { timeMs: parallel.timeMs, memoryMb: parallel.memoryMb } : null,
    debuggability: debug ? { name: debug.name, sourceMaps: debug.sourceMaps, stackTraces: debug.stackTraces, total: debug.total } : null,
    runtime: s.runtime || '',
    source: { title: s.title, author: s.author, published: s.published, url: s.url },
  };
}

module.exports = { complexityOf, perfOf, then2013, nameMatches };
