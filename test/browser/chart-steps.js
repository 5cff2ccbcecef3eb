'use strict';
// What the browser tests do to a chart and read back from it, in one place:
// the plotted series, axes and pixels (through the plotter's introspection,
// see the header of assets/js/chart-plot.js: window.chartPlot.of(area)),
// the legend entries, the highlighted series, hovering a legend entry and
// typing a pattern into the filter. chartSteps(fig) binds the steps to one
// figure; each still takes another figure's selector as its last argument.
const crypto = require('node:crypto');

function chartSteps(defaultFig) {
  const plot = (page, fig, read, arg) => page.evaluate(read, { sel: fig || defaultFig, arg });
  return {
    // Labels of the series the plot draws now, in drawing order.
    plotted: (page, fig) => plot(page, fig, ({ sel }) => window.chartPlot.of(document.querySelector(`${sel} .chart-canvas`)).getData().map((s) => s.label)),
    // The series the plot shows highlighted, or null.
    highlighted: (page, fig) => plot(page, fig, ({ sel }) => window.chartPlot.of(document.querySelector(`${sel} .chart-canvas`)).getHighlightedSeries()),
    // What the plot draws, or nulls before the chart is drawn: series labels and y axis mode.
    plotState: (page, fig) => plot(page, fig, ({ sel }) => {
      const p = window.chartPlot.of(document.querySelector(`${sel} .chart-canvas`));
      return { plotted: p ? p.getData().map((s) => s.label) : null, yMode: p ? p.getAxes().yaxis.mode : null };
    }),
    // Each plotted series' label and the y of its points as drawn (a gap is null).
    drawnYs: (page, fig) => plot(page, fig, ({ sel }) => window.chartPlot.of(document.querySelector(`${sel} .chart-canvas`)).getData().map((s) => ({ label: s.label, ys: s.data.map((p) => p[1]) }))),
    // The distinct x values of the points drawn.
    drawnXs: (page, fig) => plot(page, fig, ({ sel }) => [...new Set(window.chartPlot.of(document.querySelector(`${sel} .chart-canvas`)).getData().flatMap((s) => s.data.map((p) => p[0])))]),
    // The legend's entries (data-series), in legend order.
    legend: (page, fig = defaultFig) => page.$$eval(`${fig} .chart-legend [data-series]`, (bs) => bs.map((b) => b.dataset.series)),
    hoverEntry: (page, label, fig = defaultFig) => page.hover(`${fig} [data-series="${label}"]`),
    // A reader's pattern is matched in a worker (charts.js): the figure is
    // aria-busy until the answer is drawn.
    async typeFilter(page, text, fig = defaultFig) {
      await page.fill(`${fig} .chart-filter`, text);
      await page.waitForSelector(`${fig}:not([aria-busy])`, { state: 'attached' });
    },
    // Waits until the plot draws exactly `count` series.
    waitPlotted: (page, count, fig = defaultFig) => page.waitForFunction(({ sel, n }) => {
      const p = window.chartPlot.of(document.querySelector(`${sel} .chart-canvas`));
      return p && p.getData().length === n;
    }, { sel: fig, n: count }),

    // Pixels of the plot canvas that carry series colour (grid and axes are grey).
    colourPixels: (page, fig) => plot(page, fig, ({ sel }) => {
      const c = document.querySelector(`${sel} canvas.chart-plot`);
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) n++;
      return n;
    }),
    // A short hash of the canvas pixels: equal hashes, equal drawings.
    async canvasHash(page, fig) {
      const url = await plot(page, fig, ({ sel }) => document.querySelector(`${sel} canvas.chart-plot`).toDataURL());
      return crypto.createHash('sha256').update(url).digest('hex').slice(0, 16);
    },
    // Tick labels (.chart-tick elements) that stick out of the chart area:
    // a clipped "0000" for 10000 was one.
    clippedLabels: (page, fig) => plot(page, fig, ({ sel }) => {
      const box = document.querySelector(`${sel} .chart-canvas`).getBoundingClientRect();
      return [...document.querySelectorAll(`${sel} .chart-tick`)]
        .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
        .filter(({ r }) => r.width && (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5))
        .map(({ text }) => text);
    }),
    // Pairs of x tick labels whose boxes overlap (text over text is illegible).
    overlappingLabels: (page, fig) => plot(page, fig, ({ sel }) => {
      const rs = [...document.querySelectorAll(`${sel} .chart-tick-x`)].map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }));
      const out = [];
      rs.forEach((a, i) => rs.slice(i + 1).forEach((b) => {
        if (a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom) out.push(`${a.text} / ${b.text}`);
      }));
      return out;
    }),
    // Where the plot puts each series on the y axis: the spread, in pixels,
    // of its medians, the plot height, the axis mode and labels.
    yLayout: (page, fig) => plot(page, fig, ({ sel }) => {
      const p = window.chartPlot.of(document.querySelector(`${sel} .chart-canvas`));
      const y = p.getAxes().yaxis;
      const spreads = p.getData().map((s) => {
        const px = s.data.filter((q) => q[1] !== null).map((q) => y.p2c(q[1]));
        return { label: s.label, spread: Math.max(...px) - Math.min(...px), inside: px.every((v) => v >= -1 && v <= p.height() + 1) };
      });
      return { mode: y.mode, min: y.min, height: p.height(), ticks: y.ticks.map((t) => t.label), spreads };
    }),
    // The x axis: its mode, its ticks as [value, label], and the pixel of each value in `at`.
    xAxis: (page, fig, at = []) => plot(page, fig, ({ sel, arg }) => {
      const a = window.chartPlot.of(document.querySelector(`${sel} .chart-canvas`)).getAxes().xaxis;
      return { mode: a.mode, ticks: a.ticks.map((t) => [t.v, t.label]), px: arg.map((v) => a.p2c(v)) };
    }, at),
    // The page position of point `index` of the series `label` (the last
    // point that is not a gap when index is -1; the first series drawn when
    // no series has that label), with its x value.
    pointAt: (page, label, index, fig) => plot(page, fig, ({ sel, arg }) => {
      const p = window.chartPlot.of(document.querySelector(`${sel} .chart-canvas`));
      const s = p.getData().find((x) => x.label === arg.label) || p.getData()[0];
      const q = arg.index < 0 ? s.data.filter((d) => d[1] !== null).pop() : s.data[arg.index];
      const o = p.pointOffset({ x: q[0], y: q[1] });
      const box = document.querySelector(`${sel} .chart-canvas`).getBoundingClientRect();
      return { x: box.left + o.left, y: box.top + o.top, label: s.label, xValue: q[0] };
    }, { label, index }),
  };
}

module.exports = { chartSteps };
