// The one console table of the scripts: a header, a dashed rule, then rows,
// columns two spaces apart. Numbers read best right-aligned; the columns in
// `left` (indexes, -1 = last) hold words and are left-aligned.
'use strict';

function formatTable(header, rows, { left = [0] } = {}) {
  const leftOf = new Set(left.map((i) => (i < 0 ? header.length + i : i)));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((v, i) => (leftOf.has(i) ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

module.exports = { formatTable };
