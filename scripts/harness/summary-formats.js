// The run's summary for other programs (bench --format json|csv): one row per
// cell the run planned, with the figures the summary table shows, printed on
// stdout alone so it can be piped (`| jq`, a spreadsheet); progress and the
// table go to stderr. The rows come from the data file's cells, so they say
// exactly what the file holds (data/SCHEMA.md defines each figure).
'use strict';

const FORMATS = ['table', 'json', 'csv'];

// A cell of the data file → one flat row. null where the cell has no such figure.
function row(c) {
  const ci = c.timeCi || {};
  const or = (x) => (x === undefined ? null : x);
  return {
    runtime: c.runtime, scenario: c.scenario, mode: c.mode, variant: c.variant, n: c.n,
    status: c.status,
    reps: c.time ? c.time.count : 0,
    medianMs: c.time ? c.time.median : null,
    p25Ms: c.time ? c.time.p25 : null,
    p75Ms: c.time ? c.time.p75 : null,
    ci95LoMs: or(ci.lo), ci95HiMs: or(ci.hi),
    noisy: Boolean(c.noisy),
    // The warm figure (median of the steady repetitions' warmMs); warmUnsteady
    // counts the repetitions with no steady state, warmClasses every class
    // (warm-classes.js). null: no warm batches.
    warmMedianMs: c.warm ? c.warm.median : null,
    warmP25Ms: c.warm ? c.warm.p25 : null,
    warmP75Ms: c.warm ? c.warm.p75 : null,
    warmCi95LoMs: c.warmCi ? c.warmCi.lo : null, warmCi95HiMs: c.warmCi ? c.warmCi.hi : null,
    warmReps: c.warm ? c.warm.count : null,
    warmUnsteady: or(c.warmUnsteady),
    warmFlat: c.warmClasses ? c.warmClasses.flat : null,
    warmWarmup: c.warmClasses ? c.warmClasses.warmup : null,
    warmSlowdown: c.warmClasses ? c.warmClasses.slowdown : null,
    warmNoSteadyState: c.warmClasses ? c.warmClasses['no-steady-state'] : null,
    // CPU time (user + system of the whole process) of the cold batch and of
    // the warm steady segment, medians over processes; null: not measured.
    cpuMedianMs: c.cpu ? c.cpu.median : null,
    warmCpuMedianMs: c.warmCpu ? c.warmCpu.median : null,
    peakRssMb: c.memory ? c.memory.median : null,
    ioFloorMs: c.ioFloorMs,
    error: c.error || null
  };
}

// RFC 4180: a field holding a comma, a quote or a line break is quoted.
function csvField(value) {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// cells: the data file's cells this run planned; run: its id; file: the data file.
function formatSummary(format, cells, { run, file }) {
  const rows = cells.map(row);
  if (format === 'json') return JSON.stringify({ run, file, cells: rows }, null, 2);
  if (format === 'csv') {
    const columns = Object.keys(row({}));
    return [columns.join(',')].concat(rows.map((r) => columns.map((k) => csvField(r[k])).join(','))).join('\n');
  }
  throw new Error(`Internal error: no summary format "${format}"`);
}

module.exports = { formatSummary, FORMATS };
