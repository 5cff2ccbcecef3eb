// {% codeSample "examples/original.js" %}: a repository file, highlighted at
// build time (site/render/code-sample.js).
const path = require('node:path');
const { readSample, codeSampleHtml, ROOT } = require('../site/render/code-sample');

module.exports = function codeSample(eleventyConfig) {
  eleventyConfig.addShortcode('codeSample', function (rel) {
    const from = this.page && this.page.inputPath ? path.relative(ROOT, path.resolve(this.page.inputPath)) : 'a template';
    return codeSampleHtml(readSample(rel, { from }));
  });
};
