// The table printed on stdout at the end of a run: per runtime, scenario and
// mode, the variants at the largest n ranked by median time, with spread,
// ratio to the callback baseline, memory and latency, and tie/noise marks.
// The warm column is the warm figure (warm.js) beside the cold median, with
// the series that had no steady state counted.
'use strict';
const { compare } = require('../lib/stats');
const { BASELINE } = require('../lib/manifest');
const { FLOOR } = require('./plan');
const { formatTable } = require('../lib/table');
const { cellCostPerCall } = require('../lib/cost-per-call');

function fmt(x, digits = 1) {
  return x === null || x === undefined ? '-' : x.toFixed(digits);
}

function interval(ci, digits) {
  return ci ? `[${ci[0].toFixed(digits)}, ${ci[1].toFixed(digits)}]` : '';
}

// The warm figure: median of the steady repetitions, and how many did not
// settle (warm.js); '-' for a cell measured cold only.
function warmColumn(c) {
  if (!c.warm) return '-';
  const unsteady = c.warmUnsteady ? ` (${c.warmUnsteady} no steady state)` : '';
  return `${fmt(c.warm.median)}${unsteady}`;
}

// µs per call over the baseline, from the warm figures (lib/cost-per-call.js),
// with its bootstrap interval; '-' without warm figures on either side.
function perCallColumn(c, base) {
  if (!base || !c.warm || !base.warm) return '-';
  const cost = cellCostPerCall(c, base);
  if (cost.costUs === null) return '-';
  return `${fmt(cost.costUs, 2)} ${interval(cost.costCi95Us, 2)}`.trim();
}

function groupRows(cells) {
  const ok = cells.filter((c) => c.status === 'ok' && c.time.count > 0).sort((a, b) => a.time.median - b.time.median);
  const base = cells.find((c) => c.variant === BASELINE && c.status === 'ok' && c.time.count > 0);
  const rows = [];
  ok.forEach((c, i) => {
    const tie = i > 0 && compare(ok[i - 1].time, c.time) === 0;
    rows.push([
      `${tie ? '≈' : ' '}${c.variant}${c.variant === FLOOR.id ? ' (no style)' : ''}`,
      fmt(c.time.median), fmt(c.time.iqr), base ? `${(c.time.median / base.time.median).toFixed(2)}x` : '-', warmColumn(c),
      perCallColumn(c, base),
      fmt(c.memory.median), fmt(c.latencyP99.median), fmt(c.ioFloorMs, 0), String(c.time.count),
      c.noisy ? 'noisy' : ''
    ]);
  });
  for (const c of cells.filter((x) => x.status !== 'ok')) {
    rows.push([` ${c.variant}`, c.status, '', '', '', '', '', '', '', String(c.samples.length), String(c.error || '').slice(0, 60)]);
  }
  return rows;
}

// cells: the cells this run planned (any status).
function summaryTable(cells) {
  const groups = new Map();
  for (const c of cells) {
    const g = `${c.runtime} | ${c.scenario} | ${c.mode}`;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(c);
  }
  const out = [];
  for (const [name, group] of groups) {
    const n = Math.max(...group.map((c) => c.n));
    const atN = group.filter((c) => c.n === n && c.status !== 'skipped');
    const skipped = group.filter((c) => c.n === n && c.status === 'skipped');
    out.push(`\n${name} | n=${n} | t=${atN[0] ? atN[0].t : '?'} ms`);
    out.push(formatTable(['variant', 'median ms', 'IQR', 'x' + BASELINE, 'warm ms', `µs/call over ${BASELINE} [95 %]`,
      'peak MB', 'p99 ms', 'I/O floor', 'reps', 'note'], groupRows(atN), { left: [0, -1] }));
    if (skipped.length) out.push(`skipped: ${skipped.map((c) => `${c.variant} (${c.error})`).join('; ')}`);
  }
  out.push('\n≈ : tied with the row above (interquartile ranges overlap); noisy: IQR > 20 % of the median or < 3 reps.');
  out.push(`µs/call over ${BASELINE}: (warm median − ${BASELINE}'s) / n, with a bootstrap interval (lib/cost-per-call.js).`);
  out.push('I/O floor: critical path × t.');
  out.push('median ms: the cold batch (first in a fresh process); warm ms: median over processes of the median of ' +
    'each warm series\' steady segment (changepoint analysis; no steady state: repetitions left out; - : no warm batches).');
  return out.join('\n');
}

// The noise report under the table: how many cells have a median known to
// ±ciTarget % (95 % interval), the widest of the others, and how many
// repetitions were run again or kept under interference.
function noiseSummary(cells, { ciTarget, maxReps }) {
  const measured = cells.filter((c) => c.status === 'ok' && c.time && c.time.count > 0 && c.timeCi);
  const missed = measured.filter((c) => !c.timeCi.met)
    .sort((a, b) => (b.timeCi.halfWidthPct === null) - (a.timeCi.halfWidthPct === null) ||
      b.timeCi.halfWidthPct - a.timeCi.halfWidthPct);
  const lines = [`precision: ${measured.length - missed.length} of ${measured.length} cells have a 95 % interval of the ` +
    `median within ±${ciTarget} % (at most ${maxReps} reps per cell)`];
  for (const c of missed.slice(0, 8)) {
    const width = c.timeCi.halfWidthPct === null ? 'no 95 % interval yet' : `±${c.timeCi.halfWidthPct} %`;
    lines.push(`  missed: ${c.key} ${width} with ${c.time.count} reps`);
  }
  if (missed.length > 8) lines.push(`  ... and ${missed.length - 8} more`);
  const retried = cells.reduce((n, c) => n + (c.retried || 0), 0);
  const interfered = cells.reduce((n, c) => n + (c.interfered || 0), 0);
  lines.push(`interference: ${retried} loaded attempt(s) run again; ${interfered} repetition(s) kept over the limit (flagged "interfered")`);
  return lines.join('\n');
}

module.exports = { summaryTable, noiseSummary };
