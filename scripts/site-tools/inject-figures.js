'use strict';
// Figures put into a built page as it is served (a stress chart, say:
// site/render/stress-figure.js), for the browser tests and
// scripts/measure-page.js: the page is the built one, with the figures'
// HTML at the start of its <main>.

// Serves `urlPath` of the page's site with `html` put at the start of its
// <main>: the figure is there before any script runs, as a built one is.
async function injectFigures(page, urlPath, html) {
  await page.route((url) => url.pathname === urlPath, async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace('<main id="main">', `<main id="main">\n${html}`);
    await route.fulfill({ response: res, body });
  });
}

module.exports = { injectFigures };
