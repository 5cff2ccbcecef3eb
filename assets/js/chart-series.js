/* A chart figure's data as Flot series and axis options (window.chartSeries,
used by charts.js). The build writes each figure's data in two places
(site/render/chart-html.js): its JSON (columns, offsets) and the medians in the
cells of its data table; read() joins them through chartFormat.readWire.

Two kinds of chart:
- lines over n (or over runtimes, the matrix): one series per style with its
  min-max error bars, the floor workload as a grey dashed reference line;
- ranked (k: "ranked"): one row per style at one n, sorted by median, a dot
  with its 95 % interval as whiskers, one series per family (the build
  sorts the rows and names the families, from examples/manifest.json).

Within a chart no two series share colour and marker: styles of one family
share a hue (Okabe-Ito, safe for the common colour-vision deficiencies, with
a dark-mode twin each), and differ by marker, then by shade; charts without
families cycle the eight colours first.

@provides chartSeries
@needs chartFormat: read when this file runs, for every number it writes
@needs seriesSelect: the floor line is kept (`keep`), and the CSV offers plot.getShownSeries
@needs logScale: a linear axis that reaches zero (`zero`)
@needs flot.errorbars: the min-max bars and the intervals
@needs flot.logaxis: log axes
@needs flot.symbol: the markers
*/
(function (root) {
  'use strict';
  var format = root.chartFormat;

  var PALETTE = {
    light: ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#1f2328', '#8a6d00'],
    dark: ['#5ab0f0', '#ff8a4c', '#2fd09e', '#eba3d0', '#ffb733', '#9ad8ff', '#e4e7eb', '#f0e442'],
  };
  // The order the legend and the ranked chart list families in, and each one's colour.
  var FAMILIES = ['callbacks', 'promises', 'generators', 'async-functions', 'reactive', 'fibers', 'compiled'];
  var FAMILY_COLOUR = { callbacks: 0, promises: 1, generators: 2, 'async-functions': 3, reactive: 4, fibers: 5, compiled: 6 };
  var SYMBOLS = ['circle', 'square', 'diamond', 'triangle', 'cross', 'plus'];
  var DASHES = [null, [7, 3], [2, 3], [10, 3, 2, 3]];

  // A lighter or darker variant of a colour for the level-th repeat of its
  // markers (0: the colour itself), so colour and marker never repeat together.
  function shade(hex, level) {
    if (!level) return hex;
    var rgb = [1, 3, 5].map(function (i) { return parseInt(hex.slice(i, i + 2), 16); });
    var dark = (rgb[0] * 299 + rgb[1] * 587 + rgb[2] * 114) / 1000 < 90;
    var toWhite = dark || level % 2 === 0, t = Math.min(0.8, 0.3 * Math.ceil(level / 2));
    return '#' + rgb.map(function (c) {
      var v = Math.round(toWhite ? c + (255 - c) * t : c * (1 - t));
      return (v < 16 ? '0' : '') + v.toString(16);
    }).join('');
  }

  // Colour, marker and dashes of each series, by family when the chart has families.
  function styles(model, dark) {
    var pal = dark ? PALETTE.dark : PALETTE.light;
    var byLabel = {};
    if (model.groups) {
      model.groups.forEach(function (g) {
        g[1].forEach(function (label, k) {
          byLabel[label] = { color: shade(pal[FAMILY_COLOUR[g[0]] === undefined ? 7 : FAMILY_COLOUR[g[0]]], Math.floor(k / SYMBOLS.length)), symbol: SYMBOLS[k % SYMBOLS.length], dashes: DASHES[k % DASHES.length] };
        });
      });
    }
    return model.series.map(function (s, i) {
      var cycle = Math.floor(i / pal.length);
      return byLabel[s.label] || { color: shade(pal[i % pal.length], Math.floor(i / (pal.length * SYMBOLS.length))), symbol: SYMBOLS[cycle % SYMBOLS.length], dashes: DASHES[cycle % DASHES.length] };
    });
  }

  // "async-functions" -> "async functions"
  function familyTitle(name) {
    return name.replace(/-/g, ' ');
  }

  function familyColour(name, dark) {
    var pal = dark ? PALETTE.dark : PALETTE.light;
    return pal[FAMILY_COLOUR[name] === undefined ? 7 : FAMILY_COLOUR[name]];
  }

  // The data table's body as [label, cell text, ...] rows.
  function tableRows(table) {
    return Array.prototype.map.call(table.tBodies[0].rows, function (tr) {
      return Array.prototype.map.call(tr.cells, function (c) { return c.textContent; });
    });
  }

  // The figure's model: series of [x, median, min, max, reps] points (min and
  // max are the 95 % interval's ends on a ranked chart). A categorical chart
  // (w.xc, the runtime matrix) keeps a null point where a runtime has no
  // figure, so the line breaks there instead of bridging it.
  function read(fig) {
    var w = format.readWire(JSON.parse(fig.querySelector('.chart-json').textContent), tableRows(fig.querySelector('.chart-table table')));
    var series = w.s.map(function (row, i) {
      var data = [];
      w.n.forEach(function (n, i) {
        if (row[1][i] === null) { if (w.xc) data.push([n, null, null, null, w.r]); return; }
        data.push([n, row[1][i], row[2] ? row[2][i] : null, row[3] ? row[3][i] : null, row[4] ? row[4][i] : w.r]);
      });
      return { label: row[0], name: w.nm ? w.nm[i] : row[0], data: data };
    });
    var groups = w.g ? w.g.map(function (g) { return [g[0], g[1].map(function (i) { return series[i].label; })]; }) : null;
    return {
      // The series a readable view opens on (w.v, site/lib/families.js), or null: all of them.
      view: w.v ? w.v.map(function (i) { return series[i].label; }) : null,
      kind: w.k || 'lines', x: { title: w.x }, y: { unit: w.u }, log: w.log, xlog: !!w.xl, filter: w.filter, cats: w.xc || null,
      floor: w.f ? { label: w.f[0], data: w.f[1] } : null, groups: groups, series: series, zero: w.z !== 0,
      ranges: series.some(function (s) { return s.data.some(function (p) { return p[2] !== null; }); }),
    };
  }

  // Ticks at the measured n when they are spread evenly enough (on the
  // axis's own scale, f) to read; otherwise null and Flot picks them.
  function evenTicks(xs, f) {
    var gaps = xs.slice(1).map(function (x, i) { return f(x) - f(xs[i]); });
    return xs.length > 1 && Math.min.apply(null, gaps) >= (f(xs[xs.length - 1]) - f(xs[0])) / 12 ? xs : null;
  }

  function xValues(model) {
    var xs = [];
    model.series.forEach(function (s) { s.data.forEach(function (p) { if (xs.indexOf(p[0]) < 0) xs.push(p[0]); }); });
    return xs.sort(function (a, b) { return a - b; });
  }

  // Where category labels would crowd, a runtime's name goes above its
  // version ("Node<br>0.11"); a longer label ("Chromium (V8 in a browser)")
  // is wrapped into lines of at most STACK_CHARS characters, so it is no
  // wider than its neighbours and the axis does not drop theirs to fit it.
  var STACK_CHARS = 9;
  function stackedLabel(label) {
    var words = String(label).split(' ');
    if (words.length <= 2) return words.join('<br>');
    var lines = [words[0]];
    words.slice(1).forEach(function (w) {
      var last = lines[lines.length - 1];
      if ((last + ' ' + w).length <= STACK_CHARS) lines[lines.length - 1] = last + ' ' + w;
      else lines.push(w);
    });
    return lines.join('<br>');
  }

  // Room in pixels right of the plot for the last category's label, which
  // is centred on its tick: half its widest line (the crowded axis's 9 px
  // font is about 5.6 px a character, charts.css) and Flot's 3 px margin;
  // 12 px is enough for a version number.
  var CHAR_PX = 5.6;
  function lastLabelRoom(model, compact) {
    var cats = model.cats;
    if (!cats || !cats.length) return 12;
    var last = compact ? stackedLabel(cats[cats.length - 1]) : cats[cats.length - 1];
    var widest = Math.max.apply(null, last.split('<br>').map(function (l) { return l.length; }));
    return Math.max(12, Math.ceil((widest * CHAR_PX) / 2 + 3));
  }

  function stackedLines(model) {
    return Math.max.apply(null, [1].concat((model.cats || []).map(function (c) { return stackedLabel(c).split('<br>').length; })));
  }

  function lineXAxis(model, compact) {
    var xs = xValues(model), cats = model.cats;
    if (cats) {
      return { autoScale: 'none', min: -0.4, max: cats.length - 0.6, ticks: cats.map(function (label, i) { return [i, compact ? stackedLabel(label) : label]; }) };
    }
    if (xs.length === 1) {
      // Data measured at one n only: a single labelled tick in the middle,
      // not an axis stretched around one value and labelled "1000" several times.
      return { autoScale: 'none', min: xs[0] / 2, max: xs[0] * 1.5, ticks: [[xs[0], format.thousands(xs[0])]] };
    }
    if (!model.xlog) {
      var even = evenTicks(xs, function (x) { return x; });
      return { ticks: even && even.map(function (x) { return [x, String(x)]; }), tickDecimals: 0, autoScale: 'loose', autoScaleMargin: 0.03 };
    }
    // n is the same for every series, so the range is fixed: a little room
    // beyond the first and last n, in log terms.
    var ticks = evenTicks(xs, Math.log);
    return {
      mode: 'log', autoScale: 'none', min: xs[0] / 1.12, max: xs[xs.length - 1] * 1.12, tickFormatter: format.thousands,
      ticks: ticks && ticks.map(function (x) { return [x, format.thousands(x)]; }),
    };
  }

  function lineYAxis(model, log) {
    var linear = { zero: true, autoScale: 'loose' };
    return log ? { axis: { mode: 'log', autoScale: 'loose', tickFormatter: format.plainNumber }, linear: linear } : { axis: linear, linear: linear };
  }

  // Flot wants error bars as distances from the median: [x, y, below, above].
  function linePoints(data) {
    return data.map(function (p) {
      if (p[1] === null) return [p[0], null, 0, 0];
      return p[2] === null ? [p[0], p[1], 0, 0] : [p[0], p[1], p[1] - p[2], p[3] - p[1]];
    });
  }

  function lines(model, t, opts) {
    var st = styles(model, t.dark);
    var groupOf = {};
    (model.groups || []).forEach(function (g) { g[1].forEach(function (l) { groupOf[l] = g[0]; }); });
    var series = model.series.map(function (s, i) {
      return {
        label: s.label, name: s.name, color: st[i].color, group: groupOf[s.label], data: linePoints(s.data),
        lines: { show: true, lineWidth: 1.75, dashes: st[i].dashes },
        points: { show: true, radius: 2.5, lineWidth: 1.25, symbol: st[i].symbol, errorbars: 'y', yerr: { show: model.ranges, asymmetric: true, upperCap: '-', lowerCap: '-', radius: 3 } },
      };
    });
    if (model.floor) {
      // The floor workload: a thin grey dashed reference line under the
      // styles, never left out (no legend toggle, not matched by the filter).
      series.push({ label: model.floor.label, color: t.axis, keep: true, data: model.floor.data.map(function (p) { return [p[0], p[1]]; }),
        lines: { show: true, lineWidth: 1, dashes: [5, 4] }, points: { show: false } });
    }
    var y = lineYAxis(model, opts.log);
    return {
      series: series, linear: y.linear,
      options: {
        xaxis: lineXAxis(model, opts.compact), yaxis: y.axis,
        // Flot reserves a little less than a line per line of a stacked tick
        // label: the bottom margin keeps their last pixels on the canvas.
        grid: { margin: { top: 6, right: lastLabelRoom(model, opts.compact), bottom: opts.compact ? 4 + 3 * Math.max(0, stackedLines(model) - 2) : 0 } },
      },
    };
  }

  // One row per style, fastest at the top: y = rows - 1 - rank.
  function ranked(model, t, opts) {
    var n = model.series.length, rows = {}, labels = [];
    model.series.forEach(function (s, i) {
      var p = s.data[0];
      rows[s.label] = { y: n - 1 - i, label: s.label, name: s.name, median: p[1], lo: p[2], hi: p[3], reps: p[4] };
      labels.push([n - 1 - i, s.name, s.label]);
    });
    var series = (model.groups || [['styles', model.series.map(function (s) { return s.label; })]]).map(function (g) {
      var own = g[1].map(function (l) { return rows[l]; });
      var color = familyColour(g[0], t.dark);
      return {
        label: familyTitle(g[0]), color: color, rows: own.map(function (r) { return { label: r.label, name: r.name, median: r.median, lo: r.lo, hi: r.hi, reps: r.reps }; }),
        data: own.map(function (r) { return r.lo === null ? [r.median, r.y, 0, 0] : [r.median, r.y, r.median - r.lo, r.hi - r.median]; }),
        lines: { show: false },
        points: { show: true, radius: 3.5, lineWidth: 1.5, symbol: 'circle', fillColor: color, errorbars: 'x', xerr: { show: true, asymmetric: true, upperCap: '-', lowerCap: '-', radius: 4 } },
      };
    });
    var floor = model.floor && model.floor.data[0] && model.floor.data[0][1];
    if (floor) {
      series.push({ label: model.floor.label, color: t.axis, keep: true, data: [[floor, -0.6], [floor, n - 0.4]],
        lines: { show: true, lineWidth: 1, dashes: [5, 4] }, points: { show: false } });
    }
    return {
      series: series, linear: { zero: true, autoScale: 'loose' },
      options: {
        xaxis: { zero: model.zero, autoScale: 'loose' },
        // Only the rows of families still drawn are labelled.
        yaxis: { autoScale: 'none', min: -0.6, max: n - 0.4, tickLength: 0, ticks: function () {
          var plot = root.jQuery(opts.area).data('plot'), shown = plot && plot.getShownSeries ? plot.getShownSeries() : null;
          return labels.filter(function (l) {
            if (!shown) return true;
            return series.some(function (s) { return shown.indexOf(s.label) >= 0 && s.rows && s.rows.some(function (r) { return r.label === l[2]; }); });
          }).map(function (l) { return [l[0], l[1]]; });
        } },
        grid: { margin: { top: 4, right: 12, bottom: 0 } },
      },
    };
  }

  // Flot series and options for a figure's model, in theme t ({dark, bg,
  // axis, grid}); opts: { log, compact, area: the plot's placeholder }.
  function flot(model, t, opts) {
    var out = model.kind === 'ranked' ? ranked(model, t, opts) : lines(model, t, opts);
    var o = out.options;
    o.series = { shadowSize: 0, points: { fillColor: t.bg } };
    o.xaxis.color = o.yaxis.color = t.grid;
    o.grid.borderWidth = 1;
    o.grid.borderColor = t.grid;
    o.grid.color = t.axis;
    o.grid.tickColor = t.grid;
    return out;
  }

  var fmt = function (v) { return format.measurement(v); };

  // The tooltip's lines for a point (pointTooltip plugin).
  function tooltip(model) {
    var u = model.y.unit;
    if (model.kind === 'ranked') {
      return function (series, i) {
        if (!series.rows) return [series.label, 'median ' + fmt(series.data[i][0]) + ' ' + u];
        var r = series.rows[i];
        var ties = model.series.filter(function (s) {
          var p = s.data[0];
          return s.label !== r.label && r.lo !== null && p[2] !== null && p[2] <= r.hi && p[3] >= r.lo;
        }).map(function (s) { return s.name; });
        return [r.name, series.label + ', n = ' + model.series[0].data[0][0], 'median ' + fmt(r.median) + ' ' + u,
          r.lo === null ? 'no 95 % interval (' + r.reps + ' runs)' : '95 % interval ' + fmt(r.lo) + '–' + fmt(r.hi) + ' ' + u + ' (' + r.reps + ' runs)',
          ties.length ? 'interval overlaps ' + ties.length + ': ' + ties.slice(0, 3).join(', ') + (ties.length > 3 ? ', …' : '') : 'interval overlaps no other style'];
      };
    }
    return function (series, i) {
      var s = model.series.concat(model.floor || []).filter(function (x) { return x.label === series.label; })[0];
      var p = s.data[i];
      return [s.name || s.label, model.cats ? model.cats[p[0]] : 'n = ' + p[0], 'median ' + fmt(p[1]) + ' ' + u,
        p[2] === null || p[2] === undefined ? 'single run' : 'min–max ' + fmt(p[2]) + '–' + fmt(p[3]) + ' ' + u + ' (' + p[4] + ' runs)'];
    };
  }

  // The CSV of the series shown (labels), as the build's CSV file has it.
  function csv(model, labels) {
    var cats = model.cats, series = model.series;
    if (model.kind === 'ranked') {
      series = series.filter(function (s) { return model.groups ? model.groups.some(function (g) { return labels.indexOf(familyTitle(g[0])) >= 0 && g[1].indexOf(s.label) >= 0; }) : true; });
    } else {
      series = series.filter(function (s) { return labels.indexOf(s.label) >= 0; });
    }
    // Named as readers see them.
    series = series.map(function (s) {
      return { label: s.name || s.label, data: cats ? s.data.filter(function (p) { return p[1] !== null; }).map(function (p) { return [cats[p[0]]].concat(p.slice(1)); }) : s.data };
    });
    return format.csv(model.x.title, model.y.unit, series, model.kind === 'ranked' ? ['95 % low', '95 % high'] : null);
  }

  root.chartSeries = { read: read, flot: flot, stackedLabel: stackedLabel, lastLabelRoom: lastLabelRoom, tooltip: tooltip, csv: csv, styles: styles, shade: shade, familyTitle: familyTitle, FAMILIES: FAMILIES };
})(typeof self !== 'undefined' ? self : this);
