/* Axis arithmetic for chart-plot.js: the value range an axis must show,
its ticks, and the map from values to pixels. No DOM, so the same file is
bundled for the page (window.chartAxis) and required by the unit tests
(test/chart-plot.test.js). ES5, no dependencies.

An axis spec, as chart-plot.js passes it:

    { mode: 'linear' | 'log' | 'category',
      min, max,        // fixed ends; left out: from the data
      ticks,           // [[value, label], ...] chosen by the page; left out: generated
      format,          // value -> label for generated ticks
      margin,          // linear, no fixed end: extra room as a share of the span (0.03)
      zero,            // linear: the range includes 0 (without margin, 0 is an end unless data go below)
      integer }        // generated linear ticks at whole numbers only (n is a count)

Points are [x, y, low, high]: low and high are the ends of an error bar
(null without one); y null is a gap in the line. */
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.chartAxis = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // A log axis cannot place a value at or below zero (the 2013 memory
  // figures have two): such a median becomes a gap instead of a line off
  // the bottom of the plot.
  function logGaps(data) {
    return data.map(function (p) { return p[1] !== null && p[1] <= 0 ? [p[0], null, null, null] : p; });
  }

  // [lo, hi] of what the y axis must show: every median and both ends of
  // every error bar (a bar cut off at the top hides the slowest run). On a
  // log axis only positive values count. null when nothing is plottable.
  function yExtent(series, log) {
    var lo = Infinity, hi = -Infinity;
    series.forEach(function (s) {
      s.data.forEach(function (p) {
        [p[1], p[1] === null ? null : p[2], p[1] === null ? null : p[3]].forEach(function (v) {
          if (v === null || v === undefined || !isFinite(v) || (log && v <= 0)) return;
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        });
      });
    });
    return lo <= hi ? [lo, hi] : null;
  }

  function xExtent(series) {
    var lo = Infinity, hi = -Infinity;
    series.forEach(function (s) {
      s.data.forEach(function (p) { if (p[0] < lo) lo = p[0]; if (p[0] > hi) hi = p[0]; });
    });
    return lo <= hi ? [lo, hi] : null;
  }

  // A step of 1, 2, 2.5 or 5 x 10^k that cuts `span` into about `count`
  // parts: the one nearest on a log scale (2.5 only where it is not a
  // fraction of a whole-number axis).
  function niceStep(span, count, integer) {
    var raw = span / Math.max(1, count);
    var mag = Math.pow(10, Math.floor(Math.log10(raw)));
    var best = 1;
    [1, 2, 2.5, 5, 10].forEach(function (m) {
      if (integer && m === 2.5 && mag < 10) return;
      if (Math.abs(Math.log(m * mag / raw)) < Math.abs(Math.log(best * mag / raw))) best = m;
    });
    return integer ? Math.max(1, Math.round(best * mag)) : best * mag;
  }

  // Enough decimals to tell ticks `step` apart, and no more (0.5, not 0.50;
  // 2.5, not 3).
  function decimalsFor(step) {
    for (var d = 0; d < 12; d++) {
      var scaled = step * Math.pow(10, d);
      if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled) return d;
    }
    return d;
  }

  // Multiples of `step` from lo to hi. Built from integers times the step,
  // so 0.1 + 0.2 never prints as 0.30000000000000004.
  function linearTicks(lo, hi, step) {
    var d = decimalsFor(step), out = [];
    for (var k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k++) {
      out.push([+(k * step).toFixed(d), (k * step).toFixed(d)]);
    }
    return out;
  }

  // 1, 2, 5 x 10^k (1 and 3 over more than three decades, 1 over more than
  // six), from the last at or below lo to the first at or above hi, so an
  // axis snapped to its outer ticks holds every value.
  function logTicks(lo, hi) {
    lo = lo > 0 ? lo : 1;
    hi = Math.max(hi, lo);
    var decades = Math.log10(hi / lo);
    var mult = decades > 6 ? [1] : decades > 3 ? [1, 3] : [1, 2, 5];
    var out = [];
    for (var k = Math.floor(Math.log10(lo)); !out.length || out[out.length - 1] < hi; k++) {
      mult.forEach(function (m) {
        var v = +(m + 'e' + k);
        if (v <= lo) out = [v];
        else if (out[out.length - 1] < hi) out.push(v);
      });
    }
    return out;
  }

  // An axis ready to draw: { mode, min, max, ticks: [{v, label}] }. `length`
  // is the axis length in pixels, which sets how many ticks fit; `extent`
  // is [lo, hi] of the data along it (null: no data).
  function build(spec, extent, length, spacing) {
    var mode = spec.mode || 'linear';
    var fmt = spec.format || null;
    var lo = spec.min, hi = spec.max, ticks = null;
    var data = extent || (mode === 'log' ? [1, 10] : [0, 1]);
    if (mode === 'log') {
      if (lo === undefined || hi === undefined) {
        var all = logTicks(lo === undefined ? data[0] : lo, hi === undefined ? data[1] : hi);
        if (lo === undefined) lo = all[0];
        if (hi === undefined) hi = all[all.length - 1];
      }
      ticks = spec.ticks || logTicks(lo, hi).map(function (v) { return [v, fmt ? fmt(v) : String(v)]; });
    } else {
      var margin = spec.margin || 0;
      var dlo = lo === undefined ? data[0] : lo, dhi = hi === undefined ? data[1] : hi;
      // zero: the axis holds 0 (a time starts there), and goes below it
      // only for values below it (the 2013 memory figures have some).
      if (spec.zero) { dlo = Math.min(0, dlo); dhi = Math.max(0, dhi); }
      if (dhi <= dlo) dhi = dlo === 0 ? 1 : dlo + Math.abs(dlo) * 0.5;
      var span = dhi - dlo;
      if (lo === undefined) lo = dlo - span * margin;
      if (hi === undefined) hi = dhi + span * margin;
      if (!spec.ticks && mode !== 'category') {
        // No fixed end and no margin: an end moves out to the next tick (a
        // y axis tops out at a labelled value, not at the slowest run),
        // with a little headroom so the last point and its cap are not
        // drawn on the border. Zero stays the end where it is one.
        var snap = !margin;
        if (snap && spec.max === undefined && hi !== 0) hi += span * 0.02;
        if (snap && spec.min === undefined && lo !== 0) lo -= span * 0.02;
        var step = niceStep(hi - lo, length / spacing, spec.integer);
        if (snap && spec.max === undefined) hi = Math.ceil(hi / step - 1e-9) * step;
        if (snap && spec.min === undefined) lo = Math.floor(lo / step + 1e-9) * step;
        ticks = linearTicks(lo, hi, step);
        if (fmt) ticks = ticks.map(function (t) { return [t[0], fmt(t[0])]; });
      } else ticks = spec.ticks || [];
    }
    return {
      mode: mode,
      min: lo,
      max: hi,
      ticks: ticks.filter(function (t) { return t[0] >= lo - 1e-9 * Math.abs(lo) && t[0] <= hi + 1e-9 * Math.abs(hi); })
        .map(function (t) { return { v: t[0], label: String(t[1]) }; }),
    };
  }

  // value -> pixel along an axis of `length` pixels (y: 0 at the top), and
  // back. Values at or below zero on a log axis land at -Infinity or
  // Infinity: the caller skips or clamps them.
  function scale(axis, length, flip) {
    var log = axis.mode === 'log';
    var t = log ? function (v) { return v > 0 ? Math.log(v) : -Infinity; } : function (v) { return v; };
    var a = t(axis.min), k = length / (t(axis.max) - a);
    axis.p2c = function (v) { var c = (t(v) - a) * k; return flip ? length - c : c; };
    axis.c2p = function (c) { var u = (flip ? length - c : c) / k + a; return log ? Math.exp(u) : u; };
    return axis;
  }

  // The point nearest to (cx, cy) within `radius` pixels: { seriesIndex,
  // dataIndex, dist } or null. `xy(p)` maps a point to pixels. Later series
  // win ties: they are drawn on top.
  function nearest(series, xy, cx, cy, radius) {
    var best = null;
    series.forEach(function (s, si) {
      s.data.forEach(function (p, di) {
        if (p[1] === null) return;
        var c = xy(p);
        var d = Math.sqrt((c[0] - cx) * (c[0] - cx) + (c[1] - cy) * (c[1] - cy));
        if (d <= radius && (!best || d <= best.dist)) best = { seriesIndex: si, dataIndex: di, dist: d };
      });
    });
    return best;
  }

  return {
    logGaps: logGaps, yExtent: yExtent, xExtent: xExtent, niceStep: niceStep, linearTicks: linearTicks,
    logTicks: logTicks, build: build, scale: scale, nearest: nearest,
  };
});
