'use strict';
// What the browser tests do to a chart and read back from it, in one place:
// the plotted series (Flot's own list), the legend entries, the highlighted
// series, hovering a legend entry and typing a pattern into the filter.
// chartSteps(fig) binds the steps to one figure; each still takes another
// figure's selector as its last argument.

function chartSteps(defaultFig) {
  const plot = (page, fig, read) => page.evaluate(read, fig || defaultFig);
  return {
    // Labels of the series Flot draws now, in drawing order.
    plotted: (page, fig) => plot(page, fig, (sel) => window.jQuery(`${sel} .chart-canvas`).data('plot').getData().map((s) => s.label)),
    // The series the plot shows highlighted, or null.
    highlighted: (page, fig) => plot(page, fig, (sel) => window.jQuery(`${sel} .chart-canvas`).data('plot').getHighlightedSeries()),
    // The legend's entries (data-series), in legend order.
    legend: (page, fig = defaultFig) => page.$$eval(`${fig} .chart-legend [data-series]`, (bs) => bs.map((b) => b.dataset.series)),
    hoverEntry: (page, label, fig = defaultFig) => page.hover(`${fig} [data-series="${label}"]`),
    // A reader's pattern is matched in a worker (charts.js): the figure is
    // aria-busy until the answer is drawn.
    async typeFilter(page, text, fig = defaultFig) {
      await page.fill(`${fig} .chart-filter`, text);
      await page.waitForSelector(`${fig}:not([aria-busy])`, { state: 'attached' });
    },
  };
}

module.exports = { chartSteps };
