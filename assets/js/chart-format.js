/* Number and CSV formatting shared by the build (site/render/chart-html.js,
through site/format.js) and the page (charts.js, through the
chart bundle, as window.chartFormat), so a table cell, a tooltip and a CSV
download show a value the same way. ES5 and no dependencies: it runs in Node
and in every browser the bundle supports.

@provides chartFormat
*/
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.chartFormat = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // A measurement: three significant figures or so, never more than two
  // decimals (a median of 0.0417 ms reads 0.04; 1234.5 reads 1235).
  function measurement(v) {
    var a = Math.abs(v);
    return a >= 100 ? String(Math.round(v)) : a >= 10 ? v.toFixed(1) : v.toFixed(2);
  }

  // An axis tick: up to four significant figures, no trailing zeros.
  function plainNumber(v) {
    return String(+v.toPrecision(4));
  }

  // An axis tick for n: whole thousands as 1k, 20k.
  function thousands(v) {
    return v >= 1000 && v % 1000 === 0 ? v / 1000 + 'k' : plainNumber(v);
  }

  // A summary [median, min, max] (min and max null after a single run) as
  // "median (min–max)" with `digits` decimals; '–' when there is none.
  function range(s, digits) {
    if (!s) return '–';
    var f = function (v) { return v.toFixed(digits); };
    return s[1] === null ? f(s[0]) : f(s[0]) + ' (' + f(s[1]) + '–' + f(s[2]) + ')';
  }

  // A chart's data table is where its medians live: the build writes each
  // one as the plain number the chart draws (already rounded to three
  // significant figures), '–' for none, and the page reads them back from
  // the table instead of from a second copy in the chart's JSON.
  function cell(v) {
    return v === null || v === undefined ? '–' : String(v);
  }

  function parseCell(text) {
    var t = text.trim();
    if (t === '–') return null;
    var v = Number(t);
    if (t === '' || isNaN(v)) throw new Error('"' + text + '" is not a number');
    return v;
  }

  // Decimals of a number as written (3 -> 0, 36.6 -> 1).
  function decimals(v) {
    var t = String(v), i = t.indexOf('.');
    return i < 0 || /e/i.test(t) ? 0 : t.length - i - 1;
  }

  // a - b or a + b written with the decimals of its operands, so the
  // offsets the build writes and the values rebuilt here are exact.
  function exact(v, a, b) {
    return +v.toFixed(Math.min(20, Math.max(decimals(a), decimals(b))));
  }

  // The build's side of the chart JSON's compact points (site/render/chart-html.js):
  // the distance of each min and max from its median.
  function offsets(medians, values, below) {
    return values.map(function (v, i) {
      return v === null || medians[i] === null ? null : exact(below ? medians[i] - v : v - medians[i], medians[i], v);
    });
  }

  // The chart JSON as charts.js reads it, rows [label, medians, min, max,
  // reps at each x], from the compact form the build writes: rows
  // [label, medians or null, min offsets, max offsets, reps] where null
  // medians are the cells of the figure's data table (given as rows
  // [label, cell text at each x]: the series the author's filter shows),
  // offsets are distances from the median (offsets()), and reps is one
  // number when a series' points share it (or absent: then the chart's r).
  // A table may add wire.xt cells after the medians (the ranked chart's
  // interval and family), for readers only. The table names a series as
  // readers see it: wire.nm (one name per row, when any differs from its
  // label; site/lib/style-names.js), else its label.
  function readWire(wire, tableRows) {
    var byLabel = {}, extra = wire.xt || 0;
    tableRows.forEach(function (tr) { byLabel[tr[0]] = tr; });
    var s = wire.s.map(function (row, i) {
      var med = row[1];
      if (med === null) {
        var tr = byLabel[wire.nm ? wire.nm[i] : row[0]];
        if (!tr) throw new Error('the data table has no row for series "' + row[0] + '"');
        if (tr.length !== wire.n.length + 1 + extra) throw new Error('data table row "' + row[0] + '" has ' + (tr.length - 1 - extra) + ' values for ' + wire.n.length + ' x values');
        med = tr.slice(1, 1 + wire.n.length).map(parseCell);
      }
      // No ranges (single runs) leave min and max out, or null before reps.
      var end = function (offs, sign) {
        return offs ? offs.map(function (d, i) { return d === null || med[i] === null ? null : exact(med[i] + sign * d, med[i], d); }) : null;
      };
      var out = [row[0], med, end(row[2], -1), end(row[3], 1)];
      if (row[4] !== undefined && row[4] !== null) out.push(Array.isArray(row[4]) ? row[4] : wire.n.map(function () { return row[4]; }));
      return out;
    });
    var out = {};
    Object.keys(wire).forEach(function (k) { out[k] = wire[k]; });
    out.s = s;
    return out;
  }

  // RFC 4180 field: quoted when it holds a quote, comma or newline.
  function csvField(v) {
    return /[",\n]/.test(v) ? '"' + String(v).replace(/"/g, '""') + '"' : v;
  }

  // The plotted data as CSV text, one line per point: series label, n,
  // median, min, max (empty after a single run), repetitions. `series` is
  // [{label, data: [[n, median, min, max, reps], ...]}]; `range` names the
  // two ends when they are not min and max (['95 % low', '95 % high']).
  function csv(xTitle, unit, series, range) {
    var blank = function (v) { return v === null || v === undefined ? '' : v; };
    var ends = range || ['min', 'max'];
    var lines = [['series', xTitle, 'median ' + unit, ends[0] + ' ' + unit, ends[1] + ' ' + unit, 'repetitions'].map(csvField).join(',')];
    series.forEach(function (s) {
      s.data.forEach(function (p) {
        lines.push([csvField(s.label), p[0], p[1], blank(p[2]), blank(p[3]), p[4]].join(','));
      });
    });
    return lines.join('\n') + '\n';
  }

  return { measurement: measurement, plainNumber: plainNumber, thousands: thousands, range: range, cell: cell, parseCell: parseCell, offsets: offsets, readWire: readWire, csvField: csvField, csv: csv };
});
