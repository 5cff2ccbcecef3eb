'use strict';
// data/reference-2013.json, the 2013 article's figures transcribed by hand
// (its source is inside the file): its charts as published, and the 2013
// counterpart of a variant for the variant pages. The 2013 tables beside
// ours (complexity, parallel calls, debuggability) come from reference()
// in those models.
//
//   {% chart "2013", set="io", exclude="qasync|promise" %}   set: cpu | io | memory
const { citation } = require('../format');
const { incompleteNote } = require('../lib/provenance');
const { toSeries } = require('../lib/cells');

const REF_SETS = { cpu: 'cpuBound', io: 'ioBound', memory: 'memory' };

// The parsed file and its citation.
function reference(load) {
  const { data } = load('reference-2013');
  return { data, source: citation(data.source) };
}

function referenceChart(args, load) {
  const key = REF_SETS[args.set || 'cpu'];
  if (!key) throw new Error(`charts: unknown 2013 set "${args.set}"; use one of ${Object.keys(REF_SETS).join(', ')}.`);
  const hit = load('reference-2013');
  const { data } = hit;
  const set = data[key];
  const byVariant = new Map(set.series.map((s) => [s.label, s.points.map((p) => [p.n, p.value, null, null, 1])]));
  return {
    title: `2013: ${set.description}`,
    x: { title: 'Parallel calls (n)', unit: '' },
    y: { title: key === 'memory' ? 'Peak memory' : 'Time for all n calls', unit: set.unit },
    series: toSeries(byVariant),
    floor: null,
    env: data.source.runtime,
    source: citation(data.source),
    incomplete: incompleteNote(hit),
  };
}

// ---- a variant's 2013 counterpart (the variant pages) ----------------------

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
function then2013(ref, file, { n }) {
  if (!file || !ref) return null;
  const rows = (key) => (ref[key] && Array.isArray(ref[key].rows) ? ref[key].rows : []);
  const size = rows('complexity').find((r) => r.name === file) || null;
  const parallel = rows('parallel1000').find((r) => r.file === file) || null;
  const debug = rows('debuggability').find((r) => nameMatches(r.name, file)) || null;
  const s = ref.source || {};
  return {
    file,
    n,
    cpu: pointAt(ref.cpuBound, file, n),
    io: pointAt(ref.ioBound, file, n),
    memory: pointAt(ref.memory, file, n),
    descriptions: {
      cpu: ref.cpuBound && ref.cpuBound.description,
      io: ref.ioBound && ref.ioBound.description,
      memory: ref.memory && ref.memory.description,
      parallel: ref.parallel1000 && ref.parallel1000.description,
      complexity: ref.complexity && ref.complexity.description,
      debuggability: ref.debuggability && ref.debuggability.description,
    },
    tokens: size ? size.tokens : null,
    complexity: size ? size.complexity : null,
    parallel: parallel ? { timeMs: parallel.timeMs, memoryMb: parallel.memoryMb } : null,
    debuggability: debug ? { name: debug.name, sourceMaps: debug.sourceMaps, stackTraces: debug.stackTraces, total: debug.total } : null,
    runtime: s.runtime || '',
    source: { title: s.title, author: s.author, published: s.published, url: s.url },
  };
}

module.exports = { charts: { 2013: referenceChart }, tables: {}, reference, then2013, nameMatches, REF_SETS };
