'use strict';
// "The site marks figures that come from different machines": one sentence
// for a chart's or table's caption when its cells were measured on more than
// one host (a file merged from shards run on CI machines, for instance).
// Hosts are told apart by CPU, cores and kernel, what changes a timing.

const hostKey = (h) => [h.cpu, h.cores && `${h.cores} cores`, h.kernel || h.os].filter(Boolean).join(', ');

// The machine a cell was measured on: a merged file names it per cell
// (cell.host, perf.hosts); otherwise the cell's run holds it.
function hostOf(perf, cell) {
  if (cell.host && perf.hosts && perf.hosts[cell.host]) return hostKey(perf.hosts[cell.host]);
  const run = (perf.runs || {})[cell.run];
  return run && run.host ? hostKey(run.host) : null;
}

// The sentence, or '' when every cell comes from one machine.
function machinesNote(perf, cells) {
  const hosts = [...new Set(cells.map((c) => hostOf(perf, c)).filter(Boolean))];
  if (hosts.length < 2) return '';
  return `These figures come from ${hosts.length} different machines (${hosts.join('; ')}): compare them with care.`;
}

module.exports = { machinesNote, hostOf };
