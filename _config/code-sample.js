// {% codeSample "examples/original.js" %}: a repository file, highlighted at
// build time (site/render/code-sample.js); fn="upload" shows one function of it.
const path = require('node:path');
const { readSample, codeSampleHtml, functionSource, ROOT } = require('../site/render/code-sample');
const { splitArgs } = require('./shortcode-args');

module.exports = function codeSample(eleventyConfig) {
  // fn="upload": only that top-level function of the file.
  eleventyConfig.addShortcode('codeSample', function (...raw) {
    const [[rel], kw] = splitArgs(raw);
    const from = this.page && this.page.inputPath ? path.relative(ROOT, path.resolve(this.page.inputPath)) : 'a template';
    const sample = readSample(rel, { from });
    if (kw.fn === undefined) return codeSampleHtml(sample);
    return codeSampleHtml({ ...sample, source: functionSource(sample.source, String(kw.fn), { rel: sample.rel, from }), fn: String(kw.fn) });
  });
};
