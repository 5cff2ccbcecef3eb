'use strict';
// What the browser tests do to a chart and read back from it, in one place:
// the plotted series, axes and pixels (through the Flot plot the page made:
// jQuery(placeholder).data('plot'), with the methods our plugins add, see
// assets/js/flot-*.js), the legend entries, the highlighted series, hovering
// a legend entry and typing a pattern into the filter. chartSteps(fig) binds
// the steps to one figure; each still takes another figure's selector as its
// last argument. The chart bundle loads lazily (assets/js/chart-loader.js):
// a step that reads a plot needs the figure drawn first (data-drawn).
const crypto = require('node:crypto');

function chartSteps(defaultFig) {
  const plot = (page, fig, read, arg) => page.evaluate(read, { sel: fig || defaultFig, arg });
  return {
    // Labels of the series the plot draws now, in drawing order.
    plotted: (page, fig) => plot(page, fig, ({ sel }) => window.jQuery(`${sel} .chart-canvas`).data('plot').getShownSeries()),
    // The series the plot shows highlighted, or null.
    highlighted: (page, fig) => plot(page, fig, ({ sel }) => window.jQuery(`${sel} .chart-canvas`).data('plot').getHighlightedSeries()),
    // What the plot draws, or nulls before the chart is drawn: series labels and y axis mode.
    plotState: (page, fig) => plot(page, fig, ({ sel }) => {
      const p = window.jQuery && window.jQuery(`${sel} .chart-canvas`).data('plot');
      return { plotted: p ? p.getShownSeries() : null, yMode: p ? p.getAxes().yaxis.options.mode || 'linear' : null };
    }),
    // Each drawn series' label and the y of its points as given (a gap is null).
    drawnYs: (page, fig) => plot(page, fig, ({ sel }) => {
      const p = window.jQuery(`${sel} .chart-canvas`).data('plot'), shown = p.getShownSeries();
      return p.getData().filter((s) => shown.includes(s.label)).map((s) => ({ label: s.label, ys: s.data.map((q) => q[1]) }));
    }),
    // The distinct x values of the points drawn.
    drawnXs: (page, fig) => plot(page, fig, ({ sel }) => {
      const p = window.jQuery(`${sel} .chart-canvas`).data('plot'), shown = p.getShownSeries();
      return [...new Set(p.getData().filter((s) => shown.includes(s.label)).flatMap((s) => s.data.map((q) => q[0])))];
    }),
    // The legend's entries (data-series), in legend order.
    legend: (page, fig = defaultFig) => page.$$eval(`${fig} .chart-legend [data-series]`, (bs) => bs.map((b) => b.dataset.series)),
    hoverEntry: (page, label, fig = defaultFig) => page.hover(`${fig} [data-series="${label}"]`),
    // A reader's pattern is matched in a worker (flot-regex-filter.js): the
    // figure is aria-busy until the answer is drawn.
    async typeFilter(page, text, fig = defaultFig) {
      await page.fill(`${fig} .chart-filter`, text);
      await page.waitForSelector(`${fig}:not([aria-busy])`, { state: 'attached' });
    },
    // Waits until the plot draws exactly `count` series.
    waitPlotted: (page, count, fig = defaultFig) => page.waitForFunction(({ sel, n }) => {
      const p = window.jQuery && window.jQuery(`${sel} .chart-canvas`).data('plot');
      return p && p.getShownSeries().length === n;
    }, { sel: fig, n: count }),

    // Pixels of the plot canvas that carry series colour (grid and axes are grey).
    colourPixels: (page, fig) => plot(page, fig, ({ sel }) => {
      const c = document.querySelector(`${sel} canvas.flot-base`);
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) n++;
      return n;
    }),
    // A short hash of the canvas pixels: equal hashes, equal drawings.
    async canvasHash(page, fig) {
      const url = await plot(page, fig, ({ sel }) => document.querySelector(`${sel} canvas.flot-base`).toDataURL());
      return crypto.createHash('sha256').update(url).digest('hex').slice(0, 16);
    },
    // Tick labels (Flot's SVG text) that stick out of the chart area: a
    // clipped "0000" for 10000 was one.
    clippedLabels: (page, fig) => plot(page, fig, ({ sel }) => {
      const box = document.querySelector(`${sel} .chart-canvas`).getBoundingClientRect();
      return [...document.querySelectorAll(`${sel} .flot-tick-label`)]
        .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
        .filter(({ r }) => r.width && (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5))
        .map(({ text }) => text);
    }),
    // The x tick labels drawn, as text.
    xLabels: (page, fig) => plot(page, fig, ({ sel }) => [...document.querySelectorAll(`${sel} .flot-x-axis .flot-tick-label`)].filter((t) => t.getBoundingClientRect().width).map((t) => t.textContent)),
    // Pairs of x tick labels whose boxes overlap (text over text is illegible).
    overlappingLabels: (page, fig) => plot(page, fig, ({ sel }) => {
      const rs = [...document.querySelectorAll(`${sel} .flot-x-axis .flot-tick-label`)].map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() })).filter((t) => t.r.width);
      const out = [];
      rs.forEach((a, i) => rs.slice(i + 1).forEach((b) => {
        if (a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom) out.push(`${a.text} / ${b.text}`);
      }));
      return out;
    }),
    // Where the plot puts each series on the y axis: the spread, in pixels,
    // of its medians as drawn (Flot's datapoints: a gap is null), the plot
    // height, the axis mode and labels.
    yLayout: (page, fig) => plot(page, fig, ({ sel }) => {
      const p = window.jQuery(`${sel} .chart-canvas`).data('plot');
      const y = p.getAxes().yaxis;
      const spreads = p.getData().filter((s) => s.datapoints.points.length).map((s) => {
        const { points, pointsize } = s.datapoints, px = [];
        for (let j = 0; j < points.length; j += pointsize) if (points[j + 1] !== null) px.push(y.p2c(points[j + 1]));
        return { label: s.label, spread: Math.max(...px) - Math.min(...px), inside: px.every((v) => v >= -1 && v <= p.height() + 1) };
      });
      return { mode: y.options.mode || 'linear', min: y.min, height: p.height(), ticks: y.ticks.map((t) => t.label), spreads };
    }),
    // The x axis: its mode, its ticks as [value, label], and the pixel of each value in `at`.
    xAxis: (page, fig, at = []) => plot(page, fig, ({ sel, arg }) => {
      const a = window.jQuery(`${sel} .chart-canvas`).data('plot').getAxes().xaxis;
      return { mode: a.options.mode || 'linear', ticks: a.ticks.map((t) => [t.v, t.label]), px: arg.map((v) => a.p2c(v)) };
    }, at),
    // The page position of point `index` of the series `label` (the last
    // point that is not a gap when index is -1; the first series drawn when
    // no series has that label), with its x value.
    pointAt: (page, label, index, fig) => plot(page, fig, ({ sel, arg }) => {
      const p = window.jQuery(`${sel} .chart-canvas`).data('plot');
      const s = p.getData().find((x) => x.label === arg.label) || p.getData()[0];
      const q = arg.index < 0 ? s.data.filter((d) => d[1] !== null).pop() : s.data[arg.index];
      const o = p.pointOffset({ x: q[0], y: q[1] });
      const box = document.querySelector(`${sel} .chart-canvas`).getBoundingClientRect();
      return { x: box.left + o.left, y: box.top + o.top, label: s.label, xValue: q[0] };
    }, { label, index }),
  };
}

module.exports = { chartSteps };
