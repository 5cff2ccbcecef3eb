'use strict';
// A synthetic chart figure for stress checks: as many series as asked, with
// labels as long as asked, rendered by the build's own figure code
// (site/render/chart-html.js), so what the page gets is what a real chart of that
// size would be. Used by the browser tests (a chart stays bounded) and by
// scripts/measure-page.js (hover with 45 and 200 series), which put it into a
// built page as it is served (injectFigures).
const { chartFigure } = require('../../site/render/chart-html');

const NS = [100, 500, 1000, 1500, 2000];

// Deterministic, spread-out values: series i grows with n at its own rate.
function stressModel({ id = 'stress', series = 200, labelLength = 300 } = {}) {
  const words = ['callback', 'promise', 'generator', 'coroutine', 'observable', 'fiber', 'compiled', 'await'];
  const label = (i) => {
    let text = `s${i}`;
    for (let k = 0; text.length < labelLength; k++) text += ` ${words[(i + k) % words.length]}`;
    return text.slice(0, labelLength);
  };
  return {
    id,
    title: `Synthetic: ${series} series, labels of ${labelLength} characters`,
    x: { title: 'Parallel calls (n)', unit: '' },
    y: { title: 'Time for all n calls', unit: 'ms' },
    series: Array.from({ length: series }, (_, i) => ({
      label: label(i),
      data: NS.map((n) => {
        const m = Math.round((10 + i * 0.7) * (n / 100) * 10) / 10;
        return [n, m, Math.round(m * 9) / 10, Math.round(m * 11) / 10, 3];
      }),
    })),
    floor: null,
    env: 'no machine: synthetic data',
    source: null,
    incomplete: '',
    filter: { mode: 'hide', regex: '' },
    log: false,
    xlog: false,
    logToggle: false,
  };
}

const stressFigure = (options) => {
  const m = stressModel(options);
  return chartFigure(m, `/${m.id}.csv`);
};

// Serves `path` of the page's site with `html` put at the start of its
// <main>: the figure is there before any script runs, as a built one is.
async function injectFigures(page, urlPath, html) {
  await page.route((url) => url.pathname === urlPath, async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace('<main id="main">', `<main id="main">\n${html}`);
    await route.fulfill({ response: res, body });
  });
}

module.exports = { stressModel, stressFigure, injectFigures };
