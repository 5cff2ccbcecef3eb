'use strict';
// Charts and data tables for posts. A post opts in with `charts: true` in its
// front matter (adds the chart script and stylesheet to the page head), then,
// each on a line of its own with blank lines around it:
//
//   {% chart "perf", mode="cpu", metric="time", runtime="node-20", exclude="qasync|rx" %}
//   {% dataTable "parallel", n=1000, mode="io" %}
//   {% chart "ranked", mode="cpu", n=1000 %}   (one row per style, sorted, 95 % intervals: site/models/ranked.js)
//
// Every chart takes include= or exclude= (a regex over series labels),
// log=true (start with a log y axis), xlog=true (log x axis, for n over
// decades), title= and id=. The sources and kinds, and their arguments, are
// those of the models (site/models/: one module per data file, listed in
// site/models/index.js); site/render/chart-html.js writes the HTML.
const fs = require('node:fs');
const path = require('node:path');
const { chartModel, tableModel } = require('../site/models');
const { chartFigure, dataTable } = require('../site/render/chart-html');
const { rankedFigure } = require('../site/render/ranked-html');
const { withFamilies } = require('../site/lib/families');
const { currentLoad } = require('../site/lib/per-build');
const { chartFiles } = require('../site/render/chart-files');
const { bundleInfo, buildBundle, buildLoader: buildChartLoader, stylesheetInfo } = require('./chart-bundle');
const { splitArgs } = require('./shortcode-args');

module.exports = function charts(eleventyConfig) {
  const bundle = bundleInfo();
  const styles = stylesheetInfo();
  // Only the loader is on the page; it fetches bundle.url when a chart nears (_config/chart-bundle.js).
  const assets = {
    scripts: [bundle.loader.url],
    stylesheets: [styles.url],
  };
  const load = currentLoad(); // the build's one loader (_config/data.js)
  const seen = new Map(); // page url -> ids used, to catch duplicate anchors
  const incomplete = new Map(); // page url -> notes on the unfinished data it shows
  const files = chartFiles(); // each chart's CSV and each page's chart data (site/render/chart-files.js)

  eleventyConfig.on('eleventy.before', () => {
    seen.clear();
    incomplete.clear();
    files.clear();
  });
  // A page's chart data file is named once its HTML is complete.
  eleventyConfig.addTransform('chart-data', function (html) {
    return files.finish(this.page.url, html);
  });

  // A page whose charts or tables show unfinished data (only possible in a
  // draft build) gets a banner from the layout. Shortcodes run while the
  // page's content renders, before its layout, so the list is complete here.
  function noteIncomplete(page, model) {
    if (!model.incomplete) return;
    const key = page && page.url;
    if (!incomplete.has(key)) incomplete.set(key, new Set());
    incomplete.get(key).add(model.incomplete);
  }
  eleventyConfig.addFilter('incompleteData', (url) => [...(incomplete.get(url) || [])]);

  eleventyConfig.on('eleventy.after', async ({ directories }) => {
    for (const [url, body] of files.files) {
      const file = path.join(directories.output, url);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, body);
    }
    const built = [[bundle.url, () => buildBundle(bundle.parts)], [bundle.loader.url, () => buildChartLoader(bundle.loader)], [styles.url, () => styles.code]];
    for (const [url, build] of built) {
      const target = path.join(directories.output, url);
      if (fs.existsSync(target)) continue;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, await build());
    }
  });

  // Pages with `charts: true` get the scripts (in order, deferred by the
  // layout) and the stylesheet, after whatever the page lists itself.
  eleventyConfig.addGlobalData('eleventyComputed', {
    scripts: (data) => (data.charts ? [...(data.scripts || []), ...assets.scripts] : data.scripts),
    stylesheets: (data) => (data.charts ? [...(data.stylesheets || []), ...assets.stylesheets] : data.stylesheets),
  });

  function unique(page, id) {
    const key = page && page.url;
    if (!seen.has(key)) seen.set(key, new Set());
    const ids = seen.get(key);
    if (ids.has(id)) throw new Error(`charts: two charts or tables on ${page.inputPath} share the id "${id}"; give one an id="..." argument.`);
    ids.add(id);
  }

  eleventyConfig.addShortcode('chart', function (...raw) {
    const [[source], kw] = splitArgs(raw);
    const model = withFamilies(chartModel(String(source), kw, load));
    unique(this.page, model.id);
    noteIncomplete(this.page, model);
    return (model.kind === 'ranked' ? rankedFigure : chartFigure)(model, files.csvFor(this.page, model), files.dataFor(this.page && this.page.url));
  });

  eleventyConfig.addShortcode('dataTable', function (...raw) {
    const [[kind], kw] = splitArgs(raw);
    const model = tableModel(String(kind), kw, load);
    unique(this.page, model.id);
    noteIncomplete(this.page, model);
    return dataTable(model);
  });
};
