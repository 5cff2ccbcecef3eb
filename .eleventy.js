// Eleventy configuration: a table of contents. Each plugin is Eleventy
// wiring only, in _config/; what shapes the data and writes the HTML lives
// in site/ (models per data file, renderers, prose, markdown). Pages are in
// posts/ (the articles) and pages/ (everything else).
module.exports = function (eleventyConfig) {
  eleventyConfig.addPlugin(require('./_config/broken-pipe'));  // output to a closed pipe (| head) ends the build
  eleventyConfig.addPlugin(require('./_config/output-folder')); // the output folder can be written, checked before anything renders
  eleventyConfig.addPlugin(require('./_config/data'));        // first: data/ read and checked, manifest, variant prose
  eleventyConfig.addPlugin(require('./_config/ignores'));     // only posts/ and pages/ hold pages
  eleventyConfig.addPlugin(require('./_config/site'));        // `site` metadata for every page
  eleventyConfig.addPlugin(require('./_config/markdown'));    // KaTeX, highlight.js, heading anchors
  eleventyConfig.addPlugin(require('./_config/filters'));     // dates, reading time, table of contents
  eleventyConfig.addPlugin(require('./_config/collections')); // posts, drafts
  eleventyConfig.addPlugin(require('./_config/extra-posts')); // test fixtures as posts, only when asked
  eleventyConfig.addPlugin(require('./_config/assets'));      // passthrough + fingerprinted URLs
  eleventyConfig.addPlugin(require('./_config/feed'));        // Atom feed filters
  eleventyConfig.addPlugin(require('./_config/charts'));      // chart and dataTable shortcodes, chart bundle, CSV files
  eleventyConfig.addPlugin(require('./_config/browser-runner')); // browserRunner shortcode: the in-browser benchmark and its bundles
  eleventyConfig.addPlugin(require('./_config/sortable-tables')); // the scripts of sortable tables, on the pages that have one
  eleventyConfig.addPlugin(require('./_config/data-downloads')); // dataFiles shortcode: the raw data files, copied for download
  eleventyConfig.addPlugin(require('./_config/code-sample')); // codeSample shortcode: a repo file, highlighted
  eleventyConfig.addPlugin(require('./_config/variant-pages')); // variantFigures, byFamily, figure, inlineCode filters
  eleventyConfig.addPlugin(require('./_config/prose'));       // num, ratio, compare, leaders...: figures in prose from data/
  eleventyConfig.addPlugin(require('./_config/dev-server'));  // npm start: netlify.toml's headers on Eleventy's dev server

  return {
    templateFormats: ['md', 'njk'],
    markdownTemplateEngine: 'njk',
    htmlTemplateEngine: 'njk',
    dir: { input: '.', includes: '_includes', data: 'data', output: '_site' },
  };
};
