// Extends Eleventy's own markdown-it instance (amendLibrary keeps Eleventy's
// defaults, such as html: true, that templates rely on) with the site's
// plugins: KaTeX, highlight.js, heading ids and anchors (site/markdown/).
module.exports = function (eleventyConfig) {
  eleventyConfig.amendLibrary('md', (md) => md.use(require('../site/markdown')));
};
