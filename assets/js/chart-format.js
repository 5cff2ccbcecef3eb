/* Number and CSV formatting shared by the build (_config/chart-html.js,
_config/table-data.js, through require) and the page (charts.js, through the
chart bundle, as window.chartFormat), so a table cell, a tooltip and a CSV
download show a value the same way. ES5 and no dependencies: it runs in Node
and in every browser the bundle supports. */
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

  // RFC 4180 field: quoted when it holds a quote, comma or newline.
  function csvField(v) {
    return /[",\n]/.test(v) ? '"' + String(v).replace(/"/g, '""') + '"' : v;
  }

  // The plotted data as CSV text, one line per point: series label, n,
  // median, min, max (empty after a single run), repetitions. `series` is
  // [{label, data: [[n, median, min, max, reps], ...]}].
  function csv(xTitle, unit, series) {
    var blank = function (v) { return v === null || v === undefined ? '' : v; };
    var lines = [['series', xTitle, 'median ' + unit, 'min ' + unit, 'max ' + unit, 'repetitions'].map(csvField).join(',')];
    series.forEach(function (s) {
      s.data.forEach(function (p) {
        lines.push([csvField(s.label), p[0], p[1], blank(p[2]), blank(p[3]), p[4]].join(','));
      });
    });
    return lines.join('\n') + '\n';
  }

  return { measurement: measurement, plainNumber: plainNumber, thousands: thousands, range: range, csvField: csvField, csv: csv };
});
