'use strict';
// {% browserRunner n=1000 %}: "Run it in your browser" in a post. Eleventy
// wiring only: the bundles come from _config/worker-bundles.js, the runner's
// settings from the perf model (site/models/cost.js, browserComparison: the
// batch and warm rule of the run behind the chart beside it), the HTML from
// site/render/browser-runner-html.js. The settings, the quick run and what
// each style costs in a browser (site/lib/browser-run-plan.js, which stops
// the build if the quick run would overrun its budget) and the chart of our
// ratios (site/models/cost.js, browserRatios) travel as a JSON file the runner
// fetches once opened, so the page's first load carries only the closed panel.
//
// ASYNCBENCH_RUNNER_EXTRA names a fixture manifest whose entries join the
// runner's list (tests only: a variant that fails its conformance check); the
// production build leaves it unset and never reads test/.
const fs = require('node:fs');
const path = require('node:path');
const { buildManifest, currentLoad } = require('../site/lib/per-build');
const { loadManifest } = require('../scripts/lib/manifest');
const { browserComparison } = require('../site/models/cost');
const { DEFAULT_STYLES } = require('../site/lib/browser-variants');
const { defaultRunPlan } = require('../site/lib/browser-run-plan');
const { runnerHtml } = require('../site/render/browser-runner-html');
const { chartModel, visibleSeries } = require('../site/models');
const { chartFigure, csv } = require('../site/render/chart-html');
const { withFamilies } = require('../site/lib/families');
const { bundleInfo } = require('./chart-bundle');
const { buildAll } = require('./worker-bundles');
const { splitArgs } = require('./shortcode-args');

function entries() {
  const list = buildManifest().variants.slice();
  const extra = process.env.ASYNCBENCH_RUNNER_EXTRA;
  if (extra) list.push(...loadManifest(path.resolve(extra)).variants);
  return list;
}

const { fingerprint: hashOf } = require('../scripts/lib/fingerprint');

module.exports = function (eleventyConfig) {
  const load = currentLoad();
  let built = null; // this build's bundles, made once per build
  const chartBundleUrl = bundleInfo().url; // the one _config/charts.js writes
  const files = new Map(); // output url -> contents

  eleventyConfig.on('eleventy.before', async () => {
    files.clear();
    const list = entries();
    const { runner, workers } = await buildAll(list);
    built = { runner, workers, list };
  });

  eleventyConfig.addShortcode('browserRunner', function (...raw) {
    if (!built) throw new Error('browserRunner: the bundles are not built; _config/browser-runner.js builds them before the pages render.');
    const [, kw] = splitArgs(raw);
    // The chart of our ratios, beside which the reader's go: built like any
    // {% chart %}, but shipped in the settings file, so the page's first load
    // does not carry it; the runner puts it in the panel and the chart bundle
    // (fetched then if no chart above has fetched it) draws it.
    const model = withFamilies(chartModel('browserRatios', { n: kw.n, id: 'browser-ratios' }, load));
    const csvHref = `data:text/csv;charset=utf-8,${encodeURIComponent(csv(model, visibleSeries(model)))}`;
    const byId = new Map(built.list.map((e) => [e.id, e]));
    const styles = built.workers.filter((w) => w.url).map((w) => {
      const e = byId.get(w.id);
      return { id: w.id, title: e.title, family: e.family, url: w.url };
    });
    const missing = DEFAULT_STYLES.filter((id) => !styles.some((s) => s.id === id));
    if (missing.length) {
      const why = missing.map((id) => `${id}: ${(built.workers.find((w) => w.id === id) || { reason: 'not in the manifest' }).reason}`);
      throw new Error(`browserRunner: default styles a browser cannot run (site/lib/browser-variants.js DEFAULT_STYLES): ${why.join('; ')}.`);
    }
    const comparison = browserComparison(kw, load);
    const run = defaultRunPlan(load, comparison.settings.n);
    const config = {
      stylesheet: built.runner.css.url,
      chart: { html: chartFigure(model, csvHref), bundle: chartBundleUrl },
      comparison,
      plan: { quick: run.quick },
      costs: run.costs,
      styles,
      unavailable: built.workers.filter((w) => !w.url).map((w) => ({ id: w.id, title: byId.get(w.id).title, reason: w.reason })),
    };
    const body = JSON.stringify(config);
    const configUrl = `/assets/f/runner-config.${hashOf(body)}.json`;
    files.set(configUrl, body);
    files.set(built.runner.url, built.runner.code);
    files.set(built.runner.css.url, built.runner.css.code);
    for (const w of built.workers) if (w.url) files.set(w.url, w.code);
    return runnerHtml({ runnerUrl: built.runner.url, configUrl });
  });

  eleventyConfig.on('eleventy.after', ({ directories }) => {
    for (const [url, body] of files) {
      const target = path.join(directories.output, url);
      if (fs.existsSync(target)) continue; // fingerprinted: same name, same bytes
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, body);
    }
  });
};
