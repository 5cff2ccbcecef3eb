// Extends Eleventy's own markdown-it instance (amendLibrary keeps Eleventy's
// defaults, such as html: true, that templates rely on).
module.exports = function (eleventyConfig) {
  eleventyConfig.amendLibrary('md', (md) => {
    md.use(require('./md/math'));
    md.use(require('./md/highlight'));
    md.use(require('./md/anchors'));
  });
};
