/* A small canvas plotter for our charts (charts.js wires it to the page;
chart-axis.js does the axis arithmetic). It draws lines with dash
patterns, point symbols, asymmetric y error bars with caps, a grid and
border, and tick labels as HTML elements beside the canvas (crisp at any
zoom, styled by CSS: .chart-tick), and it highlights one whole series.

    var plot = chartPlot.create(area, series, {
      x: { mode: 'log', min: 900, max: 56000, ticks: [[1000, '1k'], ...] }, // chart-axis.js specs
      y: { mode: 'linear', zero: true },
      theme: { bg: '#fff', grid: '#d8dee4' },
      pad: { top: 6, right: 12 }
    });
    series: [{ label, color, data: [[x, y, low, high], ...], width: 1.75,
               dashes: [7, 3] | null, symbol: 'circle' | 'square' | 'diamond'
               | 'triangle' | 'cross' | null, radius: 2.5, bars: true }]

Methods: setData(series), draw(), resize() (after the area changed size),
destroy(), highlightSeries(label), unhighlightSeries(),
getHighlightedSeries(), nearest(x, y, radius) (area pixels -> {series,
seriesIndex, dataIndex} or null). Every change of highlight dispatches
"chartplothighlight" on the area, with the label (or null) as its detail.

For tests and tools: chartPlot.of(area) is the plot drawn in an area.
plot.getData() is the series drawn, in drawing order, with their points
as drawn (a gap is y null); plot.getAxes() is { xaxis, yaxis }, each
{ mode, min, max, ticks: [{ v, label }], p2c(value), c2p(pixel) } in
pixels of the plot box; plot.getPlotOffset() is that box's { left, top }
in the area, plot.width() and plot.height() its size, and
plot.pointOffset({ x, y }) a value's { left, top } in the area. The tick
labels are the area's .chart-tick elements (where x labels would overlap,
only every k-th is there; axis.ticks still lists every tick); the canvas
is .chart-plot. */
(function () {
  'use strict';
  var A = window.chartAxis;
  if (!A) return;
  var plots = typeof WeakMap === 'function' ? new WeakMap() : null;

  // The others' alpha while a series is highlighted, the highlighted line's
  // width and point radius, and half the width of an error bar's cap.
  var DIM = 0.2, TOP_WIDTH = 4, TOP_RADIUS = 4, CAP = 3;

  function Plot(area, series, options) {
    this.area = area;
    this.options = options;
    this.active = null;
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'chart-plot';
    this.labels = document.createElement('div');
    this.labels.className = 'chart-ticks';
    this.labels.setAttribute('aria-hidden', 'true');
    area.appendChild(this.canvas);
    area.appendChild(this.labels);
    if (plots) plots.set(area, this);
    this.setData(series);
  }

  Plot.prototype.setData = function (series) {
    var log = this.options.y.mode === 'log';
    this.series = series.map(function (s) {
      return Object.assign({}, s, { data: log ? A.logGaps(s.data) : s.data });
    });
    if (this.active !== null && !this.has(this.active)) this.set(null, true);
    this.layout();
    this.draw();
  };

  Plot.prototype.has = function (label) {
    return this.series.some(function (s) { return s.label === label; });
  };

  // Tick labels are measured in place, so their size is whatever the page's
  // CSS makes it; the plot box then leaves room for every one of them: the
  // y labels' width on the left, half of each x label past the box's ends
  // (the first and last ticks sit near them), half a y label above.
  Plot.prototype.layout = function () {
    var o = this.options, pad = o.pad || {};
    var w = this.area.clientWidth, h = this.area.clientHeight;
    this.w = w;
    this.h = h;
    var dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.dpr = this.canvas.width / Math.max(1, w);
    var y = A.build(o.y, A.yExtent(this.series, o.y.mode === 'log'), h, 56);
    var yl = this.labelsFor(y, 'y');
    var left = Math.ceil(widest(yl, 'w')) + 7, top = Math.max(pad.top || 0, Math.ceil(widest(yl, 'h') / 2) + 1);
    var right = pad.right || 0, x, xl, width;
    // The x ticks' count and positions depend on the box width, which
    // depends on how far the outer labels reach past it: widen the margins
    // until every label fits (they only grow, so this settles in a round
    // or two).
    for (var round = 0; round < 8; round++) {
      width = Math.max(10, w - left - right);
      x = A.scale(A.build(o.x, A.xExtent(this.series), width, 80), width, false);
      xl = this.labelsFor(x, 'x');
      xl = thin(xl, x);
      var needL = left, needR = right;
      xl.forEach(function (l) {
        var c = x.p2c(l.v);
        needL = Math.max(needL, Math.ceil(l.w / 2 - c) + 1);
        needR = Math.max(needR, Math.ceil(c + l.w / 2 - width) + 1);
      });
      if (needL === left && needR === right) break;
      left = needL;
      right = needR;
    }
    var xh = Math.ceil(widest(xl, 'h'));
    this.box = { left: left, top: top, width: width, height: Math.max(10, h - top - xh - 5 - (pad.bottom || 0)) };
    this.x = x;
    this.y = A.scale(y, this.box.height, true);
    var b = this.box;
    // All measured before any is moved: one layout of the page, not one per label.
    xl.forEach(function (l) { move(l.el, b.left + x.p2c(l.v) - l.w / 2, b.top + b.height + 5); });
    yl.forEach(function (l) { move(l.el, b.left - 7 - l.w, b.top + this.y.p2c(l.v) - l.h / 2); }, this);
  };

  // Where labels would overlap (the runtime matrix on a phone), only every
  // k-th one is shown, the first always: the smallest k that leaves a gap
  // between neighbours. Every tick keeps its grid line. The labels left out
  // leave the page.
  function thin(labels, axis) {
    var k = 1;
    var clear = function (a, b) { return axis.p2c(b.v) - axis.p2c(a.v) >= (a.w + b.w) / 2 + 6; };
    for (; k < labels.length; k++) {
      var ok = true;
      for (var i = 0; i + k < labels.length && ok; i += k) ok = clear(labels[i], labels[i + k]);
      if (ok) break;
    }
    return labels.filter(function (l, i) {
      if (i % k === 0) return true;
      l.el.parentNode.removeChild(l.el);
      return false;
    });
  }

  function widest(labels, key) {
    return labels.reduce(function (m, l) { return Math.max(m, l[key]); }, 0);
  }

  function move(el, left, top) {
    el.style.left = left + 'px';
    el.style.top = top + 'px';
  }

  // The axis's tick labels as elements, with their value and size.
  Plot.prototype.labelsFor = function (axis, dir) {
    var box = this.labels;
    Array.prototype.slice.call(box.querySelectorAll('.chart-tick-' + dir)).forEach(function (el) { box.removeChild(el); });
    var els = axis.ticks.map(function (t) {
      var el = document.createElement('div');
      el.className = 'chart-tick chart-tick-' + dir;
      el.textContent = t.label;
      box.appendChild(el);
      return el;
    });
    return els.map(function (el, i) {
      var r = el.getBoundingClientRect();
      return { el: el, v: axis.ticks[i].v, w: r.width, h: r.height };
    });
  };

  Plot.prototype.resize = function () {
    this.layout();
    this.draw();
  };

  // Series first, the highlighted one again on top: a halo in the
  // background colour lifts it off the lines it crosses, then the line
  // thicker, with its points.
  Plot.prototype.draw = function () {
    var ctx = this.canvas.getContext('2d'), b = this.box, self = this;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.w, this.h);
    this.drawGrid(ctx);
    ctx.save();
    ctx.beginPath();
    // A little past the box: a point or cap on the edge is drawn whole.
    ctx.rect(b.left - 6, b.top - 6, b.width + 12, b.height + 12);
    ctx.clip();
    ctx.translate(b.left, b.top);
    this.series.forEach(function (s) {
      ctx.globalAlpha = self.active === null || s.label === self.active ? 1 : DIM;
      self.drawSeries(ctx, s, s.width, s.symbol && s.radius, s.symbol ? 1.25 : 0);
    });
    ctx.globalAlpha = 1;
    var top = this.series.filter(function (s) { return s.label === self.active; })[0];
    if (top) {
      this.drawLine(ctx, top.data, this.options.theme.bg, TOP_WIDTH + 4, null);
      this.drawSeries(ctx, top, TOP_WIDTH, TOP_RADIUS, 2);
    }
    ctx.restore();
  };

  // Lines on whole pixels (plus a half for 1-pixel lines) stay sharp.
  function crisp(v) { return Math.round(v) + 0.5; }

  Plot.prototype.drawGrid = function (ctx) {
    var b = this.box, x = this.x, y = this.y;
    ctx.strokeStyle = this.options.theme.grid;
    ctx.lineWidth = 1;
    ctx.setLineDash([]);
    ctx.beginPath();
    x.ticks.forEach(function (t) {
      var c = crisp(b.left + x.p2c(t.v));
      ctx.moveTo(c, b.top);
      ctx.lineTo(c, b.top + b.height);
    });
    y.ticks.forEach(function (t) {
      var c = crisp(b.top + y.p2c(t.v));
      ctx.moveTo(b.left, c);
      ctx.lineTo(b.left + b.width, c);
    });
    ctx.rect(crisp(b.left), crisp(b.top), b.width, b.height);
    ctx.stroke();
  };

  Plot.prototype.xy = function (p) {
    return [this.x.p2c(p[0]), this.y.p2c(p[1])];
  };

  Plot.prototype.drawSeries = function (ctx, s, width, radius, pointWidth) {
    if (s.bars) this.drawBars(ctx, s);
    this.drawLine(ctx, s.data, s.color, width, s.dashes);
    if (radius) this.drawPoints(ctx, s, radius, pointWidth);
  };

  // A line through the points in order; a gap (y null) lifts the pen.
  Plot.prototype.drawLine = function (ctx, data, color, width, dashes) {
    var pen = false, self = this;
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.lineJoin = 'round';
    ctx.setLineDash(dashes || []);
    ctx.beginPath();
    data.forEach(function (p) {
      if (p[1] === null) { pen = false; return; }
      var c = self.xy(p);
      if (pen) ctx.lineTo(c[0], c[1]); else ctx.moveTo(c[0], c[1]);
      pen = true;
    });
    ctx.stroke();
    ctx.setLineDash([]);
  };

  // Error bars from low to high with caps. An end at or below zero on a
  // log axis runs off the bottom of the plot, uncapped.
  Plot.prototype.drawBars = function (ctx, s) {
    var self = this, h = this.box.height;
    ctx.strokeStyle = s.color;
    ctx.lineWidth = 1.25;
    ctx.beginPath();
    s.data.forEach(function (p) {
      if (p[1] === null || p[2] === null || p[2] === undefined) return;
      var x = self.x.p2c(p[0]), lo = Math.min(h + 2, self.y.p2c(p[2])), hi = self.y.p2c(p[3]);
      ctx.moveTo(x, lo);
      ctx.lineTo(x, hi);
      [lo, hi].forEach(function (c) {
        if (c > h + 1) return;
        ctx.moveTo(x - CAP, c);
        ctx.lineTo(x + CAP, c);
      });
    });
    ctx.stroke();
  };

  var SYMBOLS = {
    circle: function (ctx, x, y, r) { ctx.moveTo(x + r, y); ctx.arc(x, y, r, 0, 2 * Math.PI); },
    square: function (ctx, x, y, r) { ctx.rect(x - r, y - r, 2 * r, 2 * r); },
    diamond: function (ctx, x, y, r) {
      var d = r * 1.4;
      ctx.moveTo(x, y - d); ctx.lineTo(x + d, y); ctx.lineTo(x, y + d); ctx.lineTo(x - d, y); ctx.closePath();
    },
    triangle: function (ctx, x, y, r) {
      var d = r * 1.45;
      ctx.moveTo(x, y - d); ctx.lineTo(x + d, y + d * 0.8); ctx.lineTo(x - d, y + d * 0.8); ctx.closePath();
    },
    cross: function (ctx, x, y, r) {
      ctx.moveTo(x - r, y - r); ctx.lineTo(x + r, y + r); ctx.moveTo(x + r, y - r); ctx.lineTo(x - r, y + r);
    },
  };

  // Hollow symbols: filled with the background, so a point reads on top of
  // the lines under it.
  Plot.prototype.drawPoints = function (ctx, s, radius, width) {
    var self = this, shape = SYMBOLS[s.symbol] || SYMBOLS.circle;
    ctx.strokeStyle = s.color;
    ctx.fillStyle = this.options.theme.bg;
    ctx.lineWidth = width;
    ctx.beginPath();
    s.data.forEach(function (p) {
      if (p[1] === null) return;
      var c = self.xy(p);
      shape(ctx, c[0], c[1], radius);
    });
    if (s.symbol !== 'cross') ctx.fill();
    ctx.stroke();
  };

  // Only a plotted series can be highlighted: focus coming back to the
  // legend entry of a series just hidden must not dim all the others
  // around a line that is not there.
  Plot.prototype.set = function (label, quiet) {
    if (label !== null && !this.has(label)) label = null;
    if (label === this.active) return;
    this.active = label;
    if (!quiet) this.draw();
    this.area.dispatchEvent(new CustomEvent('chartplothighlight', { detail: label }));
  };

  Plot.prototype.highlightSeries = function (label) { this.set(label); };
  Plot.prototype.unhighlightSeries = function () { this.set(null); };
  Plot.prototype.getHighlightedSeries = function () { return this.active; };

  Plot.prototype.nearest = function (cx, cy, radius) {
    var self = this, b = this.box;
    var hit = A.nearest(this.series, function (p) { return self.xy(p); }, cx - b.left, cy - b.top, radius);
    return hit && { series: this.series[hit.seriesIndex], seriesIndex: hit.seriesIndex, dataIndex: hit.dataIndex };
  };

  Plot.prototype.destroy = function () {
    this.area.removeChild(this.canvas);
    this.area.removeChild(this.labels);
    if (plots) plots.delete(this.area);
  };

  // ---- Introspection for tests and tools (see the header) ----
  Plot.prototype.getData = function () { return this.series; };
  Plot.prototype.getAxes = function () { return { xaxis: this.x, yaxis: this.y }; };
  Plot.prototype.getPlotOffset = function () { return { left: this.box.left, top: this.box.top }; };
  Plot.prototype.width = function () { return this.box.width; };
  Plot.prototype.height = function () { return this.box.height; };
  Plot.prototype.pointOffset = function (p) {
    return { left: this.box.left + this.x.p2c(p.x), top: this.box.top + this.y.p2c(p.y) };
  };

  window.chartPlot = {
    create: function (area, series, options) { return new Plot(area, series, options); },
    of: function (area) { return plots ? plots.get(area) || null : null; },
  };
})();
