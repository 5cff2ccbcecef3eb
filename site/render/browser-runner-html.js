'use strict';
// The runner of "Run it in your browser" (the main article) -> HTML: a
// closed <details> that names the runner's script and its settings file.
// Nothing in it runs until the reader opens it: the chart loader
// (assets/js/chart-loader.js) then fetches the runner
// (assets/js/runner/index.js, built by _config/worker-bundles.js), which
// fetches the settings and builds the controls and the chart inside. Without JavaScript
// the panel says what the reader would need. It sits in a <figure>, so the
// feed and the reading time leave it out like a chart (site/render/prose-only.js).
const { escapeHtml: esc } = require('../format');

function runnerHtml({ runnerUrl, configUrl }) {
  return [
    '<figure class="runner-figure" id="browser-runner">',
    `<details class="runner" data-runner="${esc(runnerUrl)}" data-runner-config="${esc(configUrl)}">`,
    '<summary>Run the benchmark in this browser</summary>',
    '<div class="runner-body" aria-live="polite"><p class="runner-status">The runner needs JavaScript; it loads when this panel opens.</p></div>',
    '</details>',
    '</figure>',
  ].join('\n');
}

module.exports = { runnerHtml };
