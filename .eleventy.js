// Eleventy configuration: a table of contents. Each helper lives in its own
// plugin module under _config/; add yours with one addPlugin line.
module.exports = function (eleventyConfig) {
  eleventyConfig.addPlugin(require('./_config/broken-pipe'));  // output to a closed pipe (| head) ends the build
  eleventyConfig.addPlugin(require('./_config/ignores'));     // non-content folders stay unrendered
  eleventyConfig.addPlugin(require('./_config/site'));        // `site` metadata for every page
  eleventyConfig.addPlugin(require('./_config/markdown'));    // KaTeX, highlight.js, heading anchors
  eleventyConfig.addPlugin(require('./_config/filters'));     // dates, reading time, table of contents
  eleventyConfig.addPlugin(require('./_config/collections')); // posts, drafts
  eleventyConfig.addPlugin(require('./_config/extra-posts')); // test fixtures as posts, only when asked
  eleventyConfig.addPlugin(require('./_config/assets'));      // passthrough + fingerprinted URLs
  eleventyConfig.addPlugin(require('./_config/feed'));        // Atom feed filters
  eleventyConfig.addPlugin(require('./_config/charts'));      // data check, chart and dataTable shortcodes
  eleventyConfig.addPlugin(require('./_config/code-sample')); // codeSample shortcode: a repo file, highlighted
  eleventyConfig.addPlugin(require('./_config/variant-pages')); // manifest + variant prose as data, figure filters
  eleventyConfig.addPlugin(require('./_config/prose-numbers')); // num, ratio, count, runtimeVersion, variantRef: figures in prose from data/

  return {
    templateFormats: ['md', 'njk'],
    markdownTemplateEngine: 'njk',
    htmlTemplateEngine: 'njk',
    dir: { input: '.', includes: '_includes', data: 'data', output: '_site' },
  };
};
