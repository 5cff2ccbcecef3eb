'use strict';
// Part of the data check (site/lib/data-files.js): the figures a data file
// derives from its raw samples must be what those samples give. The pages,
// the CSV and the feed publish the summaries, never the samples, so a summary
// edited by hand or written by a broken tool (a median of -50 or 1e308 beside
// untouched samples) would otherwise reach every reader, and one absurd point
// flattens a whole chart. Each figure is recomputed with the harness's own
// statistics (scripts/lib/stats.js) and compared within the rounding the
// harness applies; a magnitude (a time, a size, a count) may not be negative.
// Every problem is { parts: JSON path as an array, message }.
const stats = require('../../scripts/lib/stats');
const warm = require('../../scripts/lib/measure/warm');
const { CLASSES, countClasses, minSteadyOf } = require('../../scripts/lib/warm-classes');
const { runVerdict } = require('../../scripts/lib/anchor');

// Summary -> the sample field it summarizes, over the ok samples, as
// scripts/harness/datafile.js summarizeCell writes them (test/site/derived-figures.test.js
// holds the two in step). Every one is a magnitude.
const CELL_SUMMARIES = {
  time: 'timeMs', memory: 'peakRssMb', heap: 'heapMb', latencyP50: 'p50Ms', latencyP99: 'p99Ms',
  failedCalls: 'failed', afterFirst: 'afterFirstMs', throughput: 'opsPerSec',
};
// Decimals the harness keeps (stats.round); one unit of the last is the tolerance.
const SUMMARY_DIGITS = { cv: 4 };
const CI_DIGITS = { coverage: 4, halfWidthPct: 2 };

const show = (x) => (typeof x === 'number' ? String(x) : JSON.stringify(x));

// Compares `stored` with `expected` (one figure), pushing a problem on a
// difference larger than the rounding, or on a negative magnitude.
function compareFigure(out, parts, stored, expected, { digits = 3, magnitude = false } = {}) {
  if (typeof stored === 'number' && magnitude && stored < 0) {
    out.push({ parts, message: `is ${show(stored)}, negative; it is a magnitude derived from the samples (recomputed: ${show(expected)}). Remake the file with the script that wrote it` });
    return;
  }
  const same = typeof stored === 'number' && typeof expected === 'number'
    ? Math.abs(stored - expected) <= 1.01 * 10 ** -digits + 1e-12 * Math.abs(expected)
    : stored === expected;
  if (!same) {
    out.push({ parts, message: `is ${show(stored)} but the samples give ${show(expected)}; a summary must be derived from its samples. Remake the file with the script that wrote it` });
  }
}

// Every key the stored summary has, against the recomputed one.
function compareSummary(out, parts, stored, values) {
  if (!stored || typeof stored !== 'object') return;
  const expected = stats.summarize(values);
  for (const key of Object.keys(stored)) {
    if (!(key in expected)) continue;
    compareFigure(out, parts.concat(key), stored[key], expected[key], { digits: SUMMARY_DIGITS[key] || 3, magnitude: true });
  }
}

const okValues = (cell, field) => cell.samples.filter((s) => s.status === 'ok' && typeof s[field] === 'number').map((s) => s[field]);

function checkCell(out, cell, at) {
  for (const [name, field] of Object.entries(CELL_SUMMARIES)) {
    if (name in cell) compareSummary(out, at.concat(name), cell[name], okValues(cell, field));
  }
  const times = okValues(cell, 'timeMs');
  if (cell.time && typeof cell.noisy === 'boolean') {
    compareFigure(out, at.concat('noisy'), cell.noisy, stats.isNoisy(stats.summarize(times)));
  }
  const ci = cell.timeCi;
  if (ci) {
    const expected = stats.medianPrecision(times, ci.targetPct, ci.level);
    for (const key of Object.keys(ci)) {
      if (key === 'level' || key === 'targetPct' || !(key in expected)) continue;
      compareFigure(out, at.concat('timeCi', key), ci[key], expected[key], { digits: CI_DIGITS[key] || 3, magnitude: key !== 'met' });
    }
  }
  if ('retried' in cell) compareFigure(out, at.concat('retried'), cell.retried, cell.samples.reduce((n, s) => n + (s.retries ? s.retries.length : 0), 0));
  if ('interfered' in cell) compareFigure(out, at.concat('interfered'), cell.interfered, cell.samples.filter((s) => s.interfered).length);
}

// The warm figures (issue 41): each sample's warm figure and class are what
// the classifier gives its stored series (scripts/lib/warm-classes.js, with
// the steady length its run asked for), and the cell's warm summary and
// class counts are what those samples give.
function checkWarm(out, data) {
  data.cells.forEach((cell, i) => {
    if (awaitingSamples(cell)) return;
    let classified = false;
    cell.samples.forEach((s, j) => {
      if (s.status !== 'ok' || !Array.isArray(s.warmBatchesMs) || !s.warmClass) return;
      classified = true;
      const run = data.runs && data.runs[s.run || cell.run];
      const expected = warm.fields(s.warmBatchesMs, minSteadyOf(run && run.harness));
      for (const key of ['warmClass', 'warmSteadyFrom', 'warmSteady']) {
        compareFigure(out, ['cells', i, 'samples', j, key], s[key], expected[key]);
      }
      compareFigure(out, ['cells', i, 'samples', j, 'warmMs'], s.warmMs, expected.warmMs, { magnitude: true });
    });
    if (cell.warm) compareSummary(out, ['cells', i, 'warm'], cell.warm, okValues(cell, 'warmMs'));
    if (classified || cell.warmClasses) {
      const expected = countClasses(cell.samples);
      for (const key of CLASSES) {
        compareFigure(out, ['cells', i, 'warmClasses', key], cell.warmClasses && cell.warmClasses[key], expected[key]);
      }
    }
  });
}

// A run's anchor verdict (scripts/lib/anchor.js) is what its two ends'
// samples give: a verdict of "agree" typed over two ends that disagree would
// hide a host that changed speed during the run.
function checkAnchors(out, data) {
  for (const [id, run] of Object.entries(data.runs || {})) {
    if (!run.anchor) continue;
    const expected = runVerdict(run);
    compareFigure(out, ['runs', id, 'anchor', 'verdict'], run.anchor.verdict, expected.verdict);
    compareFigure(out, ['runs', id, 'anchor', 'apart'], (run.anchor.apart || []).length, expected.apart.length);
  }
}

// A planned cell without samples yet: the unfinished check refuses it in a
// real build, and a draft build (ASYNCBENCH_ALLOW_INCOMPLETE=1, and the
// fixtures that stand in for a run) may show figures it has no samples for.
const awaitingSamples = (cell) => cell.status !== 'skipped' && cell.samples.length === 0;

// perf@1 and the files of its shape (chains, delegation, streamline-modes).
function cellFileProblems(data) {
  const out = [];
  data.cells.forEach((cell, i) => { if (!awaitingSamples(cell)) checkCell(out, cell, ['cells', i]); });
  checkWarm(out, data);
  checkAnchors(out, data);
  return out;
}

// debuggability: each long-stack switch's price (scripts/analyze/switch-cost.js).
function switchCostProblems(data) {
  const out = [];
  const lists = data.runtimes ? data.runtimes.map((r, i) => [['runtimes', i, 'variants'], r.variants]) : [[['variants'], data.variants]];
  for (const [where, variants] of lists) {
    (variants || []).forEach((v, j) => {
      const sc = v.switchCost;
      if (!sc || !sc.samples) return;
      const at = where.concat(j, 'switchCost');
      for (const setting of ['off', 'on']) {
        for (const measure of ['ms', 'peakRssMB']) {
          const values = (sc.samples[setting] || {})[measure];
          if (Array.isArray(values) && sc[setting]) compareSummary(out, at.concat(setting, measure), sc[setting][measure], values);
        }
      }
      const median = (setting, measure) => stats.median((sc.samples[setting] || {})[measure] || []);
      const [offMs, onMs] = [median('off', 'ms'), median('on', 'ms')];
      const [offRss, onRss] = [median('off', 'peakRssMB'), median('on', 'peakRssMB')];
      const tenth = (x) => Math.round(x * 10) / 10;
      if ('timeRatio' in sc) compareFigure(out, at.concat('timeRatio'), sc.timeRatio, offMs && onMs ? Math.round((onMs / offMs) * 100) / 100 : null, { digits: 2, magnitude: true });
      if ('extraMs' in sc) compareFigure(out, at.concat('extraMs'), sc.extraMs, offMs !== null && onMs !== null ? tenth(onMs - offMs) : null, { digits: 1 });
      if ('extraPeakRssMB' in sc) compareFigure(out, at.concat('extraPeakRssMB'), sc.extraPeakRssMB, offRss !== null && onRss !== null ? tenth(onRss - offRss) : null, { digits: 1 });
    });
  }
  return out;
}

// Numbers JSON cannot hold as such: 1e999 reads as Infinity. The walk keeps
// each value's parent and key, and builds a path only for a problem, so a
// perf file of many MB costs no path arrays; and only a text that holds a long
// exponent or 309 digits in a number (after ':', ',' or '[') can hold such a
// number at all.
const MAYBE_INFINITE = /[:,[]\s*-?(?:\d+(?:\.\d+)?[eE]\+?\d{3}|\d{309})/;
function nonFiniteProblems(data, text = null) {
  const out = [];
  if (text !== null && !MAYBE_INFINITE.test(text)) return out;
  const pathTo = (node) => {
    const parts = [];
    for (let n = node; n.parent; n = n.parent) parts.unshift(n.key);
    return parts;
  };
  const stack = [{ value: data, parent: null, key: null }];
  while (stack.length) {
    const node = stack.pop();
    const { value } = node;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) out.push({ parts: pathTo(node), message: `is ${value}, not a finite number (a figure beyond ±1.8e308 reads as Infinity). Remake the file with the script that wrote it` });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) if (typeof value[i] === 'number' || (value[i] && typeof value[i] === 'object')) stack.push({ value: value[i], parent: node, key: i });
    } else if (value && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const v = value[keys[i]];
        if (typeof v === 'number' || (v && typeof v === 'object')) stack.push({ value: v, parent: node, key: keys[i] });
      }
    }
  }
  return out;
}

// The derived-figure problems of a schema-valid file; `kind` says its shape.
function derivedFigureProblems(data, kind) {
  if (kind === 'cells') return cellFileProblems(data);
  if (kind === 'debuggability') return switchCostProblems(data);
  return [];
}

module.exports = { derivedFigureProblems, nonFiniteProblems, CELL_SUMMARIES };
