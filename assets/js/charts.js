/* Page wiring for the charts: every <figure data-chart> (built by
site/render/chart-html.js) becomes a Flot plot. The bundle this file closes
(_config/chart-bundle.js) holds jQuery, Flot and our Flot plugins, which do
the work: assets/js/flot-*.js (which series are drawn, error-bar ranges, log
axes, legend highlight, the HTML legend, touch, the regex filter, tooltips,
the URL state) and chart-series.js (a figure's data as Flot series). The
chart loader (chart-loader.js) fetches the bundle when the first chart
comes near, and the page's chart data with it (window.chartData, the
promise of a response holding { figure id: its JSON }, which becomes each
figure's .chart-json; a figure the runner adds brings its own); until then,
and without JavaScript, each figure shows its data table. Each block below
checks that what it needs is there.

The bundle is this file and what it needs (_config/chart-bundle.js); where
two scripts need nothing of each other, they load in the order listed here.
@needs seriesSelect: plot.getShownSeries and "plotseriesshown" for the CSV download
@needs axisFit: every axis holds its error bars and tick labels (the plugin's default options)
@needs logScale: the log toggle
@needs seriesHighlight: the legend's highlight, and "plotserieshighlight" for the figure's
    data-highlighted
@needs htmlLegend: the legend
@needs seriesView: a chart that opens on a few of its series, and its "Show all" button
@needs legendTouch: the legend on a touch screen
@needs regexFilter: the reader's filter
@needs pointTooltip: the tooltips
@needs chartFormat: window.chartFormat
@needs urlState: the view in the URL
@needs chartSeries: window.chartSeries, a figure's data as Flot series
*/
(function () {
  'use strict';
  var $ = window.jQuery, S = window.chartSeries;
  if (!$ || !$.plot || !S || !window.chartFormat) return; // the bundle failed: tables stay visible

  var WORKER_URL = '/assets/js/chart-filter-worker.js';
  // The filter's match budget, in ms, when a test sets one before the page
  // loads (window.chartFilterTuning = { limit }, an init script): on a loaded
  // machine the default 1 s trips. Readers get the plugin's default.
  var tuning = window.chartFilterTuning;
  var filterLimit = tuning && typeof tuning.limit === 'number' && tuning.limit > 0 ? tuning.limit : undefined;
  var darkQuery = window.matchMedia('(prefers-color-scheme: dark)');

  function theme(el) {
    var cs = getComputedStyle(el);
    var v = function (name, fallback) { return cs.getPropertyValue(name).trim() || fallback; };
    return { dark: darkQuery.matches, bg: v('--chart-bg', '#ffffff'), axis: v('--chart-axis', '#57606a'), grid: v('--chart-grid', 'rgba(0,0,0,0.1)') };
  }

  // A figure's data are read when it is first drawn (drawOnce), not
  // before: the first chart a reader scrolls to waits for no other.
  function Chart(fig) {
    var q = function (sel) { return fig.querySelector(sel); };
    this.fig = fig;
    this.model = null;
    this.area = q('.chart-canvas');
    this.legend = q('.chart-legend');
    this.input = q('.chart-filter');
    this.plot = null;
  }

  // Where category labels would crowd, they take two lines.
  Chart.prototype.compact = function () {
    return Boolean(this.model.cats) && this.area.clientWidth / this.model.cats.length < 64;
  };

  // Reveal the interactive parts and fold the table away (it stays one
  // click off) before measuring positions, so lazy drawing sees the final layout.
  Chart.prototype.activate = function (on) {
    var fig = this.fig;
    ['.chart-controls', '.chart-body', '.chart-legend'].forEach(function (sel) { fig.querySelector(sel).hidden = !on; });
    fig.querySelector('.chart-table').open = !on;
    fig.classList.toggle('chart-live', on);
  };

  // A (re)plot: first draw, a resize that changes the category labels, a
  // colour-scheme change. A plot drawn again in the same placeholder shuts
  // the old one down, which hands the reader's view on (flot-url-state.js).
  Chart.prototype.draw = function () {
    var fig = this.fig, q = function (sel) { return fig.querySelector(sel); }, t = theme(fig);
    var m = this.model;
    this.wasCompact = this.compact();
    fig.classList.toggle('chart-compact', this.wasCompact);
    var out = S.flot(m, t, { log: m.log, compact: this.wasCompact, area: this.area });
    var o = out.options;
    o.logScale = { toggle: q('.chart-log'), linear: out.linear };
    o.highlight = { legend: this.legend, halo: t.bg };
    var groups = m.kind === 'ranked' || !m.groups ? null : m.groups.map(function (g) { return [S.familyTitle(g[0]), g[1]]; });
    // A readable view (m.view, chart-series.js): the other series start hidden in the legend.
    var hidden = m.view ? m.series.map(function (s) { return s.label; }).filter(function (l) { return m.view.indexOf(l) < 0; }) : [];
    o.htmlLegend = { container: this.legend, groups: groups, reference: m.floor ? m.floor.label : null, hidden: hidden };
    o.seriesView = { button: q('.chart-view') };
    o.legendTouch = { legend: this.legend };
    if (this.input) o.regexFilter = { input: this.input, error: q('.chart-error'), busy: fig, mode: m.filter.mode, regex: m.filter.regex, worker: WORKER_URL, limit: filterLimit };
    o.pointTooltip = { element: q('.chart-tooltip'), lines: S.tooltip(m) };
    o.urlState = { key: fig.id.replace(/^chart-/, ''), figure: fig, table: q('.chart-table'), reset: q('.chart-reset') };
    this.plot = $.plot(this.area, out.series, o);
    this.size = this.area.clientWidth + 'x' + this.area.clientHeight;
    this.offerCsv(this.plot.getShownSeries());
    fig.setAttribute('data-drawn', 'true');
  };

  // The figure's CSV link: what is drawn now.
  Chart.prototype.offerCsv = function (labels) {
    var a = this.fig.querySelector('.chart-csv');
    if (a) a.href = 'data:text/csv;charset=utf-8,' + encodeURIComponent(S.csv(this.model, labels));
  };

  function adopt(fig) {
    var c = new Chart(fig);
    // The figure says which series are highlighted and offers the CSV of
    // what is drawn.
    $(c.area).on('plotserieshighlight', function (e, label) {
      if (label) fig.setAttribute('data-highlighted', label); else fig.removeAttribute('data-highlighted');
    }).on('plotseriesshown', function (e, labels) { c.offerCsv(labels); });
    return c;
  }
  var charts = Array.prototype.map.call(document.querySelectorAll('figure[data-chart]'), adopt);
  var ro = null;

  // Set once the page's chart data are in (or could not be had): until then
  // a figure without its .chart-json waits, rather than failing for good.
  var ready = false;

  // A figure turns from table into chart just before it is drawn, so the
  // first chart a reader scrolled to costs only its own work: no other
  // figure changes (and no layout of the whole page is redone) before it.
  function drawOnce(c) {
    if (c.plot || c.failed || (!ready && !c.fig.querySelector('.chart-json'))) return;
    try {
      c.model = S.read(c.fig);
      c.activate(true);
      c.draw();
    } catch (err) {
      c.failed = true;
      c.activate(false);
      console.warn('chart ' + c.fig.id + ' left as a table: ' + err.message);
    }
  }

  // Charts on screen now are drawn at once; the rest when they come within a
  // screen of the viewport, or when the browser is idle, whichever is first.
  // Positions are read before anything changes: the layout is still fresh.
  function start() {
    ready = true;
    var later = [], now = [];
    charts.forEach(function (c) {
      var r = c.fig.getBoundingClientRect();
      (r.top < window.innerHeight && r.bottom > 0 ? now : later).push(c);
    });
    now.forEach(drawOnce);
    if (later.length && window.IntersectionObserver) {
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
        var c = later.filter(function (x) { return !x.plot && !x.failed; })[0];
        if (!c) return;
        drawOnce(c);
        idle(next);
      };
      idle(next);
    }
  }

  // Each figure's part of the page's chart data, as the .chart-json the
  // figure is read from (chart-series.js). A figure that has one keeps it.
  function fill(data) {
    charts.forEach(function (c) {
      if (!data || !data[c.fig.id] || c.fig.querySelector('.chart-json')) return;
      var s = document.createElement('script');
      s.type = 'application/json';
      s.className = 'chart-json';
      s.textContent = JSON.stringify(data[c.fig.id]);
      c.fig.appendChild(s);
    });
  }
  // The charts start once the page's data are in (window.chartData is
  // undefined when nothing was fetched: a page whose only chart is the
  // runner's). Without them, the figures stay tables.
  var response = window.chartData && window.chartData.then(function (res) {
    if (!res.ok) throw new Error('HTTP ' + res.status + ' for ' + res.url);
    return res.json();
  });
  Promise.resolve(response).then(fill, function (err) {
    console.warn('chart data not loaded (' + err.message + '): the charts stay tables');
  }).then(start);

  // Resize with the column; category labels that change between one and
  // two lines need new axis options: a full redraw.
  if (window.ResizeObserver) {
    var pending = false;
    ro = new ResizeObserver(function () {
      if (pending) return;
      pending = true;
      requestAnimationFrame(function () {
        pending = false;
        charts.forEach(function (c) {
          if (!c.plot) return;
          var size = c.area.clientWidth + 'x' + c.area.clientHeight;
          if (size === c.size) return;
          c.size = size;
          if (c.compact() !== c.wasCompact) return c.draw();
          c.plot.resize();
          c.plot.setupGrid(true);
          c.plot.draw();
        });
      });
    });
    charts.forEach(function (c) { ro.observe(c.area); });
  }

  // A figure the page added or changed (the in-browser runner inserts its
  // chart and fills in the reader's column, assets/js/runner/) says so with a
  // "chartdata" event: a new one is drawn at once, a drawn one is read again
  // and redrawn.
  document.addEventListener('chartdata', function (e) {
    var fig = e.target;
    if (!fig.matches || !fig.matches('figure[data-chart]')) return;
    var c = charts.filter(function (x) { return x.fig === fig; })[0];
    if (!c) {
      c = adopt(fig);
      charts.push(c);
      if (ro) ro.observe(c.area);
      return drawOnce(c);
    }
    if (!c.plot) return drawOnce(c);
    c.model = S.read(c.fig);
    c.draw();
  });

  // The other palette when the colour scheme flips.
  darkQuery.addEventListener('change', function () {
    charts.forEach(function (c) { if (c.plot) c.draw(); });
  });
  window.addEventListener('beforeprint', function () { charts.forEach(drawOnce); });
})();
