'use strict';
// The files a page's charts put beside its HTML, collected while the page
// renders and written after the build (_config/charts.js):
//
// - each chart's CSV, next to its page: it costs the page nothing and works
//   without JavaScript (charts.js swaps in a data: URL of whatever the
//   reader's filter leaves plotted);
// - the page's chart data, one JSON file instead of JSON inside each figure.
//   The wire JSON of the article's charts (chart-html.js wireModel) was 12 KB
//   of its gzipped HTML, a fifth of its first load, and only the chart
//   bundle reads it, once the reader nears a chart: the chart loader
//   (assets/js/chart-loader.js) fetches the file alongside the bundle, and
//   charts.js puts each figure's part back into it as its .chart-json, so
//   everything after that reads the figure as before. The data tables stay
//   in the HTML: they are the page without scripts, and what print and
//   search see.
//
// The data file is named by a hash of its content under /assets/f/ (cached
// for a year, as the bundle is), so a page and the data it was built with
// never disagree, even across a deploy. The name is known only once every
// chart of the page has rendered: figures carry PLACEHOLDER, and finish(),
// run on the page's final HTML (an Eleventy transform), puts the URL in.
const { fingerprint } = require('../../scripts/lib/fingerprint');
const path = require('node:path');
const { visibleSeries } = require('../models');
const { csv } = require('./chart-html');

const PLACEHOLDER = '/assets/f/chart-data.__PENDING__.json';

function chartFiles() {
  const files = new Map(); // output url -> contents
  const pages = new Map(); // page url -> { figure id: wire }

  // The CSV of the author's view of the chart -> its URL, beside the page.
  function csvFor(page, model) {
    const dir = page && typeof page.url === 'string' ? page.url : '/';
    const href = `${dir.endsWith('/') ? dir : `${path.posix.dirname(dir)}/`}${model.id}.csv`;
    if (model.series.length) files.set(href, csv(model, visibleSeries(model)));
    return href;
  }

  // -> what the renderers take as `data` (chart-html.js dataParts): keeps a
  // figure's wire for the page's file and names that file. A page with no
  // URL (permalink: false) has no file to point to: its figures keep their
  // data inline (null).
  const dataFor = (pageUrl) => (typeof pageUrl !== 'string' ? null : (figureId, wire) => {
    if (!pages.has(pageUrl)) pages.set(pageUrl, {});
    pages.get(pageUrl)[figureId] = wire;
    return PLACEHOLDER;
  });

  function finish(pageUrl, html) {
    if (typeof html !== 'string' || !html.includes(PLACEHOLDER)) return html;
    const data = pages.get(pageUrl);
    // Only the page whose shortcodes rendered the figures holds their data;
    // a template that copies a post's HTML into another page must strip its
    // figures, as the feed does (site/render/prose-only.js).
    if (!data) throw new Error(`chart data: ${pageUrl} shows charts rendered for another page; strip its figures (site/render/prose-only.js) or render the charts on this page.`);
    const body = JSON.stringify(data);
    const url = PLACEHOLDER.replace('__PENDING__', fingerprint(body));
    files.set(url, body);
    return html.split(PLACEHOLDER).join(url);
  }

  return { csvFor, dataFor, finish, files, clear: () => (files.clear(), pages.clear()) };
}

module.exports = { chartFiles, PLACEHOLDER };
