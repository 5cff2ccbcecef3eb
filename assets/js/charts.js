/* Draws every <figure data-chart> on the page with our plotter, from the
JSON the build put in the figure (see _config/chart-html.js). Without this
script, or without the plotter, the figure keeps its data table. Bundled
after chart-axis.js and chart-plot.js (axes, drawing, whole-series
highlight, nearest point), which do all the drawing: this file wires charts
to the page (legend, filter, log toggle, tooltips, touch, URL state). */
(function () {
  'use strict';
  var P = window.chartPlot; // assets/js/chart-plot.js, bundled before this file
  var format = window.chartFormat; // assets/js/chart-format.js
  if (!P || !format) return; // the chart bundle failed: tables stay visible

  // Okabe–Ito colours (safe for the common colour-vision deficiencies), each
  // with a dark-mode twin light enough for a dark background. Four dash
  // patterns and five markers cycle at different periods, so 32 series
  // differ by colour and dash and every neighbour also by marker.
  var PALETTE = {
    light: ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#8a6d00', '#56b4e9', '#1f2328', '#e69f00'],
    dark: ['#5ab0f0', '#ff8a4c', '#2fd09e', '#eba3d0', '#f0e442', '#9ad8ff', '#e4e7eb', '#ffb733'],
  };
  var DASHES = [null, [7, 3], [2, 3], [10, 3, 2, 3]];
  var SYMBOLS = ['circle', 'square', 'diamond', 'triangle', 'cross'];
  var darkQuery = window.matchMedia('(prefers-color-scheme: dark)');

  // A reader's filter pattern is matched in a worker with a time limit: a
  // pattern such as ((.+)+)+X backtracks for hours on a 24-character label,
  // and on the page's thread it froze the tab. The limit is far above what
  // any workable pattern needs over a few dozen short labels (well under a
  // millisecond), plus the worker's start. The author's own pattern ran at
  // build time over the same labels, so it is matched here directly.
  var WORKER_URL = '/assets/js/chart-filter-worker.js';
  var LIMIT_MS = 1000;

  function styleOf(i) {
    return { color: i % 8, dashes: DASHES[Math.floor(i / 8) % 4], symbol: SYMBOLS[i % 5] };
  }

  function theme(el) {
    var cs = getComputedStyle(el);
    var v = function (name, fallback) { return cs.getPropertyValue(name).trim() || fallback; };
    return {
      palette: darkQuery.matches ? PALETTE.dark : PALETTE.light,
      bg: v('--chart-bg', '#ffffff'),
      axis: v('--chart-axis', '#57606a'),
      grid: v('--chart-grid', 'rgba(0,0,0,0.1)'),
    };
  }

  // The build writes columns (_config/chart-html.js wireModel); the rest of
  // this script works on series of [n, median, min, max, reps] points.
  // A categorical chart (w.xc, the runtime matrix) keeps a null point where
  // a runtime has no figure, so the line breaks there instead of bridging it.
  function readModel(w) {
    return {
      x: { title: w.x }, y: { unit: w.u }, log: w.log, xlog: !!w.xl, filter: w.filter, cats: w.xc || null,
      floor: w.f ? { label: w.f[0], data: w.f[1] } : null,
      series: w.s.map(function (row) {
        var data = [];
        w.n.forEach(function (n, i) {
          if (row[1][i] === null) { if (w.xc) data.push([n, null, null, null, w.r]); return; }
          data.push([n, row[1][i], row[2] ? row[2][i] : null, row[3] ? row[3][i] : null, row[4] ? row[4][i] : w.r]);
        });
        return { label: row[0], data: data };
      }),
    };
  }

  // The data table's body as [label, cell text, ...] rows: the medians the
  // build wrote once, for readers and for this script (chartFormat.readWire).
  function tableRows(table) {
    return Array.prototype.map.call(table.tBodies[0].rows, function (tr) {
      return Array.prototype.map.call(tr.cells, function (c) { return c.textContent; });
    });
  }

  function Chart(fig) {
    var q = function (sel) { return fig.querySelector(sel); };
    this.fig = fig;
    this.model = readModel(format.readWire(JSON.parse(q('.chart-json').textContent), tableRows(q('.chart-table table'))));
    this.area = q('.chart-canvas'); // the plot's box: its canvas and tick labels go in it
    this.legend = q('.chart-legend');
    this.input = q('.chart-filter');
    this.logBox = q('.chart-log');
    this.error = q('.chart-error');
    this.csv = q('.chart-csv');
    this.tip = q('.chart-tooltip');
    this.plot = null;
    this.off = new Set();
    this.log = !!this.model.log;
    this.worker = null;
    this.timer = null;
    // Labels the pattern matches (null: no pattern), which the filter mode
    // then shows or hides.
    var author = this.model.filter.regex ? new RegExp(this.model.filter.regex) : null;
    this.authorHits = author && new Set(this.model.series.filter(function (s) { return author.test(s.label); }).map(function (s) { return s.label; }));
    this.hits = this.authorHits;
    this.model.series.forEach(function (s, i) { s.style = styleOf(i); });
    this.hasRanges = this.model.series.some(function (s) { return s.data.some(function (p) { return p[2] !== null; }); });
    var xs = [];
    this.model.series.forEach(function (s) { s.data.forEach(function (p) { if (xs.indexOf(p[0]) < 0) xs.push(p[0]); }); });
    this.xs = xs.sort(function (a, b) { return a - b; });
    this.bind();
  }

  // Ticks at the measured n when they are spread evenly enough (on the
  // axis's own scale, f) to read; otherwise null and the plotter picks them
  // (on a log axis, 1-2-5 ticks: chart-axis.js).
  function evenTicks(xs, f) {
    var gaps = xs.slice(1).map(function (x, i) { return f(x) - f(xs[i]); });
    return xs.length > 1 && Math.min.apply(null, gaps) >= (f(xs[xs.length - 1]) - f(xs[0])) / 12 ? xs : null;
  }

  Chart.prototype.shown = function () {
    var hits = this.hits, show = this.model.filter.mode === 'show';
    return this.model.series.filter(function (s) { return !hits || hits.has(s.label) === show; });
  };

  Chart.prototype.plotted = function () {
    var off = this.off;
    return this.shown().filter(function (s) { return !off.has(s.label); });
  };

  // The plotter's points are [x, median, min, max]: error bars from min to
  // max. (On a log axis, chart-axis.js turns medians at or below zero into gaps.)
  Chart.prototype.plotData = function (t) {
    var ranges = this.hasRanges;
    return this.plotted().map(function (s) {
      return {
        label: s.label,
        color: t.palette[s.style.color],
        data: s.data.map(function (p) { return [p[0], p[1], p[2], p[3]]; }),
        width: 1.75, dashes: s.style.dashes, symbol: s.style.symbol, radius: 2.5, bars: ranges,
      };
    }).concat(this.floorData(t));
  };

  // The floor workload: a thin grey dashed reference line under the styles,
  // not a series (no legend button, not matched by the filter).
  Chart.prototype.floorData = function (t) {
    var f = this.model.floor;
    if (!f) return [];
    return [{
      label: f.label, color: t.axis, data: f.data.map(function (p) { return [p[0], p[1], null, null]; }),
      width: 1, dashes: [5, 4], symbol: null,
    }];
  };


  // Where category labels would crowd, the name goes above the version
  // (tick labels keep line breaks), halving their width.
  Chart.prototype.twoLineTicks = function () {
    var cats = this.model.cats;
    return Boolean(cats) && this.area.clientWidth / cats.length < 64;
  };

  // The x axis spec (chart-axis.js) for the chart's kind of x.
  Chart.prototype.xaxis = function () {
    var xs = this.xs, cats = this.model.cats;
    if (cats) {
      var compact = this.twoLineTicks();
      return {
        mode: 'category', min: -0.4, max: cats.length - 0.6,
        ticks: cats.map(function (label, i) { return [i, compact ? label.replace(/ (?=[^ ]*$)/, '\n') : label]; }),
      };
    }
    if (xs.length === 1) {
      // Data measured at one n only: a single labelled tick in the middle,
      // not an axis stretched around one value and labelled "1000"
      // several times over.
      return { min: xs[0] / 2, max: xs[0] * 1.5, ticks: [[xs[0], format.thousands(xs[0])]] };
    }
    if (!this.model.xlog) {
      var even = evenTicks(xs, function (x) { return x; });
      return { ticks: even && even.map(function (x) { return [x, String(x)]; }), integer: true, margin: 0.03 };
    }
    // n is the same for every series, so the range is fixed: a little room
    // beyond the first and last n, in log terms.
    var ticks = evenTicks(xs, Math.log);
    return {
      mode: 'log', min: xs[0] / 1.12, max: xs[xs.length - 1] * 1.12, format: format.thousands,
      ticks: ticks && ticks.map(function (x) { return [x, format.thousands(x)]; }),
    };
  };

  // The y axis starts at zero (linear; lower only for values below zero) or
  // snaps to the 1-2-5 ticks around the data (log), and always holds the
  // ends of the error bars.
  Chart.prototype.options = function (t) {
    return {
      x: this.xaxis(),
      y: this.log ? { mode: 'log', format: format.plainNumber } : { zero: true },
      theme: { bg: t.bg, grid: t.grid },
      pad: { top: 6, right: 12 },
    };
  };

  // A full (re)plot: first draw, log toggle and colour-scheme changes.
  Chart.prototype.draw = function () {
    var t = theme(this.fig);
    if (this.plot) this.plot.destroy();
    this.plot = P.create(this.area, this.plotData(t), this.options(t));
    this.size = this.area.clientWidth + 'x' + this.area.clientHeight;
    this.compact = this.twoLineTicks();
    this.fig.setAttribute('data-drawn', 'true');
  };

  // Filter and toggle changes keep the axes' options: just new data.
  Chart.prototype.update = function () {
    this.renderLegend();
    this.updateCsv();
    if (this.plot) this.plot.setData(this.plotData(theme(this.fig)));
  };

  var SVG = 'http://www.w3.org/2000/svg';
  function svg(name, attrs, parent) {
    var el = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(el);
    return el;
  }
  var MARKERS = {
    circle: ['circle', { cx: 14, cy: 6, r: 3 }],
    square: ['rect', { x: 11.5, y: 3.5, width: 5, height: 5 }],
    diamond: ['polygon', { points: '14,2.5 17.5,6 14,9.5 10.5,6' }],
    triangle: ['polygon', { points: '14,2.5 17.5,9 10.5,9' }],
    cross: ['path', { d: 'M11,3 17,9 M17,3 11,9' }],
  };

  Chart.prototype.swatch = function (s, t) {
    var color = t.palette[s.style.color];
    var box = svg('svg', { width: 28, height: 12, viewBox: '0 0 28 12', 'aria-hidden': 'true', focusable: 'false' });
    var line = { x1: 1, y1: 6, x2: 27, y2: 6, stroke: color, 'stroke-width': 2 };
    if (s.style.dashes) line['stroke-dasharray'] = s.style.dashes.join(' ');
    svg('line', line, box);
    var m = MARKERS[s.style.symbol];
    svg(m[0], Object.assign({ stroke: color, 'stroke-width': 1.5, fill: t.bg }, m[1]), box);
    return box;
  };

  Chart.prototype.renderLegend = function () {
    var t = theme(this.fig), off = this.off, self = this;
    var items = this.shown().map(function (s) {
      var li = document.createElement('li');
      var b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('data-series', s.label);
      b.setAttribute('aria-pressed', String(!off.has(s.label)));
      b.appendChild(self.swatch(s, t));
      b.appendChild(document.createTextNode(s.label));
      li.appendChild(b);
      return li;
    });
    if (this.model.floor) {
      var key = document.createElement('li'), line = svg('svg', { width: 28, height: 12, viewBox: '0 0 28 12', 'aria-hidden': 'true' });
      svg('line', { x1: 1, y1: 6, x2: 27, y2: 6, stroke: t.axis, 'stroke-width': 1, 'stroke-dasharray': '5 4' }, line);
      key.className = 'chart-floor-key';
      key.appendChild(line);
      key.appendChild(document.createTextNode(this.model.floor.label));
      items.push(key);
    }
    this.legend.replaceChildren.apply(this.legend, items);
  };

  Chart.prototype.updateCsv = function () {
    var cats = this.model.cats, series = this.plotted();
    if (cats) {
      series = series.map(function (s) {
        return { label: s.label, data: s.data.filter(function (p) { return p[1] !== null; }).map(function (p) { return [cats[p[0]]].concat(p.slice(1)); }) };
      });
    }
    var csv = format.csv(this.model.x.title, this.model.y.unit, series);
    this.csv.href = 'data:text/csv;charset=utf-8,' + encodeURIComponent(csv);
  };

  // Typing again drops a match still running: its worker is ended.
  Chart.prototype.setFilter = function (text) {
    var self = this;
    this.stopMatch();
    try {
      if (text) new RegExp(text);
    } catch (err) {
      return this.refuse('Not a valid regular expression: ' + err.message.replace(/^Invalid regular expression: /, '') + '. The chart is unchanged.');
    }
    if (!text || text === this.model.filter.regex) return this.applyHits(text ? this.authorHits : null);
    this.fig.setAttribute('aria-busy', 'true');
    this.match(text, function (hits, problem) {
      self.fig.removeAttribute('aria-busy');
      if (hits) self.applyHits(hits); else self.refuse(problem);
    });
  };

  Chart.prototype.applyHits = function (hits) {
    this.error.textContent = '';
    this.input.removeAttribute('aria-invalid');
    this.hits = hits;
    this.update();
  };

  Chart.prototype.refuse = function (message) {
    this.error.textContent = message;
    this.input.setAttribute('aria-invalid', 'true');
  };

  // done(Set of matching labels) or done(null, why not).
  Chart.prototype.match = function (source, done) {
    var self = this, labels = this.model.series.map(function (s) { return s.label; });
    try {
      this.worker = this.worker || new Worker(WORKER_URL);
    } catch (err) {
      return done(null, 'The filter cannot run in this browser (' + err.message + '). The chart is unchanged.');
    }
    var finish = function (hits, problem) {
      clearTimeout(self.timer);
      self.timer = null;
      done(hits, problem);
    };
    this.worker.onmessage = function (e) {
      finish(new Set(labels.filter(function (l, i) { return e.data[i]; })));
    };
    this.worker.onerror = function (e) {
      e.preventDefault();
      self.endWorker();
      finish(null, 'The filter could not run (' + (e.message || 'its script failed to load') + '). The chart is unchanged.');
    };
    this.timer = setTimeout(function () {
      self.endWorker();
      finish(null, 'This pattern takes too long to match (over ' + LIMIT_MS / 1000 + ' s), so the chart is unchanged. Try a simpler one: nested repeats such as (a+)+ are slow.');
    }, LIMIT_MS);
    this.worker.postMessage({ source: source, labels: labels });
  };

  Chart.prototype.stopMatch = function () {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.endWorker();
    }
    this.fig.removeAttribute('aria-busy');
  };

  Chart.prototype.endWorker = function () {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  };

  Chart.prototype.showTip = function (item) {
    if (!item) { this.tip.hidden = true; return; }
    var s = this.model.series.concat(this.model.floor || []).filter(function (x) { return x.label === item.series.label; })[0];
    var p = s.data[item.dataIndex], u = this.model.y.unit, fmt = format.measurement;
    var lines = [s.label, this.model.cats ? this.model.cats[p[0]] : 'n = ' + p[0], 'median ' + fmt(p[1]) + ' ' + u,
      p[2] === null ? 'single run' : 'min–max ' + fmt(p[2]) + '–' + fmt(p[3]) + ' ' + u + ' (' + p[4] + ' runs)'];
    this.tip.replaceChildren();
    lines.forEach(function (text, i) {
      var el = document.createElement(i === 0 ? 'strong' : 'span');
      el.textContent = text;
      this.tip.appendChild(el);
    }, this);
    this.tip.hidden = false;
    var box = this.area.getBoundingClientRect(), body = this.tip.parentNode.getBoundingClientRect();
    var x = item.clientX - body.left, y = item.clientY - body.top;
    var left = x + 12 + this.tip.offsetWidth > box.right - body.left ? x - 12 - this.tip.offsetWidth : x + 12;
    this.tip.style.left = Math.max(0, left) + 'px';
    this.tip.style.top = Math.max(0, y - this.tip.offsetHeight - 10) + 'px';
  };

  Chart.prototype.bind = function () {
    var self = this;
    this.input.addEventListener('input', function () { self.setFilter(self.input.value); });
    this.fig.querySelector('.chart-reset').addEventListener('click', function () {
      self.input.value = self.model.filter.regex;
      self.off.clear();
      self.setFilter(self.input.value);
      if (self.logBox && self.log !== !!self.model.log) {
        self.log = self.logBox.checked = !!self.model.log;
        if (self.plot) self.draw();
      }
    });
    if (this.logBox) {
      this.logBox.addEventListener('change', function () {
        self.log = self.logBox.checked;
        if (self.plot) self.draw();
      });
    }
    this.legend.addEventListener('click', function (e) { self.legendClick(e); });
    this.bindHover();
    this.bindTouch();
    // The tooltip: the nearest point within 12 px of the pointer.
    this.area.addEventListener('mousemove', function (e) {
      if (!self.plot) return;
      var box = self.area.getBoundingClientRect();
      var hit = self.plot.nearest(e.clientX - box.left, e.clientY - box.top, 12);
      self.showTip(hit && { series: hit.series, dataIndex: hit.dataIndex, clientX: e.clientX, clientY: e.clientY });
    });
    this.area.addEventListener('chartplothighlight', function (e) {
      if (e.detail) self.fig.setAttribute('data-highlighted', e.detail); else self.fig.removeAttribute('data-highlighted');
    });
    this.area.addEventListener('mouseleave', function () { self.tip.hidden = true; });
  };

  // Hovering a legend entry, or giving it keyboard focus, highlights its
  // series; leaving it restores the plot. mouseover and mouseout bubble
  // (mouseenter and mouseleave do not): moves between an entry's own
  // parts (its swatch, its text) are not a leave.
  Chart.prototype.bindHover = function () {
    var self = this;
    var entry = function (e) {
      var b = e.target.closest && e.target.closest('[data-series]');
      return b && !(e.relatedTarget && b.contains(e.relatedTarget)) ? b : null;
    };
    var enter = function (e) {
      var b = entry(e);
      if (b && self.plot) self.plot.highlightSeries(b.getAttribute('data-series'));
    };
    // keepTapped(): the highlight belongs to a tap, which the mouse and
    // focus events a browser emulates around a tap (and its hover updates
    // after layout) must not undo.
    var leave = function (e) {
      if (!entry(e) || self.keepTapped()) return;
      if (self.plot) self.plot.unhighlightSeries();
    };
    this.legend.addEventListener('mouseover', enter);
    this.legend.addEventListener('focusin', enter);
    this.legend.addEventListener('mouseout', leave);
    this.legend.addEventListener('focusout', leave);
  };

  // A legend entry's click: with a mouse or the keyboard it hides or shows
  // the series (hover and focus highlight: bindHover). A
  // touch screen has no hover, so there a first tap highlights, a second
  // tap on the same entry hides, and a tap on a hidden entry shows it again,
  // highlighted so the eye finds it (bindTouch clears on a tap elsewhere).
  // `tapped` is the entry the last tap highlighted: the tap's emulated
  // mouseenter and focus highlight it too, before its click, so the plot's
  // highlight alone cannot tell a first tap from a second one.
  Chart.prototype.legendClick = function (e) {
    var b = e.target.closest('[data-series]');
    if (!b) return;
    var label = b.getAttribute('data-series');
    // detail 0: Enter or Space on the focused entry, whatever touched last
    var touch = e.detail !== 0 && (e.pointerType || this.pointer) === 'touch';
    if (touch && !this.off.has(label) && this.tapped !== label) {
      this.tapped = label;
      if (this.plot) this.plot.highlightSeries(label);
      return;
    }
    this.tapped = null;
    this.toggleSeries(label);
    var again = this.legend.querySelector('[data-series="' + CSS.escape(label) + '"]');
    if (again) again.focus();
    if (touch && !this.off.has(label)) {
      this.tapped = label;
      if (this.plot) this.plot.highlightSeries(label);
    }
  };

  Chart.prototype.toggleSeries = function (label) {
    if (this.off.has(label)) this.off.delete(label); else this.off.add(label);
    if (this.plot) this.plot.unhighlightSeries();
    this.update();
  };

  // A tap's highlight stays until the next tap (bindTouch, legendClick).
  Chart.prototype.keepTapped = function () {
    return this.pointer === 'touch' && this.tapped !== null && this.tapped !== undefined;
  };

  Chart.prototype.bindTouch = function () {
    var self = this;
    this.legend.addEventListener('pointerdown', function (e) { self.pointer = e.pointerType; });
    // Any other change of highlight (Reset, a link's state, the pointer
    // leaving) makes the next tap on that entry a first tap again.
    this.area.addEventListener('chartplothighlight', function (e) {
      if (e.detail !== self.tapped) self.tapped = null;
    });
    document.addEventListener('pointerdown', function (e) {
      if (e.pointerType !== 'touch' || self.legend.contains(e.target)) return;
      self.tapped = null;
      if (self.plot) self.plot.unhighlightSeries();
    });
  };

  // ---- The reader's view in the URL fragment (assets/js/chart-state.js) ----

  // The fragment key of this chart: its figure id without "chart-".
  Chart.prototype.key = function () {
    return this.fig.id.replace(/^chart-/, '');
  };

  // What differs from the author's view, or null.
  Chart.prototype.viewState = function () {
    var st = {}, any = false, off = this.off;
    var text = this.input.value;
    if (text !== this.model.filter.regex && this.input.getAttribute('aria-invalid') !== 'true') { st.regex = text; any = true; }
    var hidden = this.model.series.map(function (s) { return s.label; }).filter(function (l) { return off.has(l); });
    if (hidden.length) { st.hidden = hidden; any = true; }
    if (this.logBox && this.log !== !!this.model.log) { st.log = this.log; any = true; }
    var table = this.fig.querySelector('.chart-table');
    if (table.open) { st.table = true; any = true; }
    return any ? st : null;
  };

  // Applies a parsed state ({} is the author's view). Labels the chart does
  // not have and patterns that do not compile are ignored; a pattern that
  // backtracks forever only costs the filter worker its time limit.
  Chart.prototype.applyState = function (st) {
    var labels = this.model.series.map(function (s) { return s.label; });
    var regex = this.model.filter.regex;
    if (typeof st.regex === 'string') {
      try { new RegExp(st.regex); regex = st.regex; } catch (err) { /* keep the author's */ }
    }
    this.off = new Set((st.hidden || []).filter(function (l) { return labels.indexOf(l) >= 0; }));
    var log = this.logBox && typeof st.log === 'boolean' ? st.log : !!this.model.log;
    var redraw = log !== this.log;
    this.log = log;
    if (this.logBox) this.logBox.checked = log;
    this.tableOpen = this.fig.querySelector('.chart-table').open = st.table === true;
    if (this.plot) this.plot.unhighlightSeries();
    this.input.value = regex;
    this.setFilter(regex);
    this.update();
    if (redraw && this.plot) this.draw();
  };

  // Reports every change a reader makes to this chart.
  Chart.prototype.bindState = function (changed) {
    var self = this;
    var later = function () { changed(self); };
    ['input', 'change', 'click'].forEach(function (type) { self.fig.addEventListener(type, later); });
    // toggle does not bubble, and it comes a task after any change of
    // `open`, ours included (activate, applyState): only a change away from
    // what the script last set counts as the reader's.
    var table = this.fig.querySelector('.chart-table');
    this.tableOpen = table.open;
    table.addEventListener('toggle', function () {
      if (table.open === self.tableOpen) return;
      self.tableOpen = table.open;
      later();
    });
  };

  // Page level: read the fragment once the charts are live, write it back
  // (replaceState: no history entry per keystroke) after each change, and
  // keep every permalink carrying the whole view, so "copy link" on a
  // chart's "#" shares what the reader sees.
  function shareState(charts) {
    var S = window.chartState;
    if (!S || !window.history || !history.replaceState) return;
    var byKey = {};
    charts.forEach(function (c) { byKey[c.key()] = c; });
    var anchor = null;

    function view(at) {
      var v = { anchor: at, charts: {} };
      charts.forEach(function (c) {
        var st = c.viewState();
        if (st) v.charts[c.key()] = st;
      });
      return v;
    }
    function write() {
      var frag = S.format(view(anchor));
      if (frag !== location.hash && !(frag === '' && !location.hash)) {
        history.replaceState(history.state, '', frag || location.pathname + location.search);
      }
      Array.prototype.forEach.call(document.querySelectorAll('.chart-permalink'), function (a) {
        var target = a.closest('figure');
        if (target && target.id) a.setAttribute('href', S.format(view(target.id)));
      });
    }
    // A fragment with chart parts sets every chart (the ones it leaves out
    // go back to the author's view); a plain anchor leaves them as they are.
    function read(scroll) {
      var parsed = S.parse(location.hash);
      anchor = parsed.anchor;
      var keys = Object.keys(parsed.charts).filter(function (k) { return Object.prototype.hasOwnProperty.call(byKey, k); });
      if (!keys.length) return false;
      charts.forEach(function (c) {
        try { c.applyState(parsed.charts[c.key()] || {}); } catch (err) { console.warn('chart ' + c.fig.id + ': state from the link ignored: ' + err.message); }
      });
      var el = anchor && document.getElementById(anchor);
      if (scroll && el) el.scrollIntoView();
      return true;
    }

    read(true);
    write();
    // Written once the reader pauses: a filter being typed or a pattern
    // being matched settles first.
    var timer = null;
    charts.forEach(function (c) {
      c.bindState(function (changed) {
        anchor = changed.fig.id;
        clearTimeout(timer);
        timer = setTimeout(write, 120);
      });
    });
    window.addEventListener('hashchange', function () {
      read(true);
      write();
    });
  }

  // Reveal the interactive parts and fold the table away (it stays one click
  // off) before measuring positions, so lazy drawing sees the final layout.
  Chart.prototype.activate = function () {
    this.fig.querySelector('.chart-controls').hidden = false;
    this.fig.querySelector('.chart-body').hidden = false;
    this.legend.hidden = false;
    this.fig.querySelector('.chart-table').open = false;
    this.fig.classList.add('chart-live');
    if (this.logBox) this.logBox.checked = this.log;
    this.renderLegend();
  };

  var charts = [];
  Array.prototype.forEach.call(document.querySelectorAll('figure[data-chart]'), function (fig) {
    try {
      charts.push(new Chart(fig));
    } catch (err) {
      console.warn('chart ' + fig.id + ' left as a table: ' + err.message);
    }
  });
  if (!charts.length) return;
  charts.forEach(function (c) { c.activate(); });
  shareState(charts);

  function drawOnce(c) { if (!c.plot) c.draw(); }

  // Charts on screen now are drawn at once; the rest when they come within a
  // screen of the viewport, or when the browser is idle, whichever is first.
  var later = [];
  charts.forEach(function (c) {
    var r = c.fig.getBoundingClientRect();
    if (r.top < window.innerHeight && r.bottom > 0) drawOnce(c); else later.push(c);
  });
  performance.mark('charts-first-viewport');

  if (later.length) {
    var io = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) {
        if (!e.isIntersecting) return;
        io.unobserve(e.target);
        later.forEach(function (c) { if (c.fig === e.target) drawOnce(c); });
      });
    }, { rootMargin: '100% 0px' });
    later.forEach(function (c) { io.observe(c.fig); });
    var idle = window.requestIdleCallback || function (f) { return setTimeout(f, 200); };
    var next = function () {
      var c = later.filter(function (x) { return !x.plot; })[0];
      if (!c) return;
      drawOnce(c);
      idle(next);
    };
    idle(next);
  }

  // Resize with the column; redraw in the other palette when the scheme flips.
  var pending = false;
  var ro = new ResizeObserver(function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      charts.forEach(function (c) {
        if (!c.plot) return;
        var size = c.area.clientWidth + 'x' + c.area.clientHeight;
        if (size === c.size) return;
        c.size = size;
        // Category labels that change between one and two lines need new
        // axis options: a full redraw.
        if (c.twoLineTicks() !== c.compact) c.draw(); else c.plot.resize();
      });
    });
  });
  charts.forEach(function (c) { ro.observe(c.area); });
  darkQuery.addEventListener('change', function () {
    charts.forEach(function (c) { c.renderLegend(); if (c.plot) c.draw(); });
  });
  window.addEventListener('beforeprint', function () { charts.forEach(drawOnce); });
})();
