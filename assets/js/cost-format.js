/* How a cost per call and a ratio are written: by the build, in the table of
site/models/cost.js, and by the page, when a reader picks another baseline row
(assets/js/sortable-table.js recomputes both from the medians), so a figure
reads the same whichever wrote it. ES5 and no dependencies, like
chart-format.js: it runs in Node and in the browser (window.costFormat). */
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.costFormat = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // A typographic minus: a negative cost must not read as a hyphen.
  function minus(text) {
    return text.replace(/^-/, '\u2212');
  }

  // µs with the precision a reader can use: 0.1 µs below 10, whole µs above.
  function perCall(us) {
    return minus(Math.abs(us) < 10 ? us.toFixed(1) : String(Math.round(us)));
  }

  // Two decimals, so the baseline reads 1.00× like every other row.
  function ratio(x) {
    return x.toFixed(2) + '\u00d7';
  }

  return { perCall: perCall, ratio: ratio };
});
