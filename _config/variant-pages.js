'use strict';
// What the variant pages (pages/variants/variant.njk) and the article need
// to know about a variant, as filters (the manifest and the variant
// paragraphs are global data, _config/data.js):
//   variant | variantFigures(n)   size, time and memory at n, 2013 figures
//   manifest.variants | byFamily  [{ family, variants }] in manifest order
//   number | figure               a measured number as the page shows it
//   text | inlineCode             escaped text with `code` spans
//   text | codeAsText             the same words as plain text (meta description)
//   id | styleName                a style's name, as every page names it
const { figure, inlineCode, codeAsText } = require('../site/format');
const { styleName } = require('../site/lib/style-names');
const { currentLoad } = require('../site/lib/per-build');
const { complexityOf } = require('../site/models/complexity');
const { perfOf } = require('../site/models/perf');
const { then2013 } = require('../site/models/reference-2013');
const { everyProfile } = require('../site/lib/perf-files');

function byFamily(variants) {
  const groups = new Map();
  for (const v of variants) {
    if (!groups.has(v.family)) groups.set(v.family, { family: v.family, variants: [] });
    groups.get(v.family).variants.push(v);
  }
  return [...groups.values()];
}

module.exports = function variantPages(eleventyConfig) {
  const load = currentLoad(); // the build's one loader (_config/data.js)

  eleventyConfig.addFilter('variantFigures', (variant, n) => {
    if (!variant || !variant.id) throw new Error('variantFigures: expected a manifest variant, e.g. {{ variant | variantFigures(1000) }}.');
    if (typeof n !== 'number') throw new Error(`variantFigures: n must be a number (got ${JSON.stringify(n)}), e.g. {{ variant | variantFigures(1000) }}.`);
    return {
      complexity: complexityOf(load('complexity').data, variant.id),
      // Every runtime profile's file present, in release order.
      perf: perfOf(everyProfile(load).hit.data, variant.id, { n }),
      then: then2013(load('reference-2013').data, variant.article2013, { n }),
    };
  });
  eleventyConfig.addFilter('byFamily', byFamily);
  eleventyConfig.addFilter('figure', figure);
  eleventyConfig.addFilter('inlineCode', inlineCode);
  eleventyConfig.addFilter('codeAsText', codeAsText);
  eleventyConfig.addFilter('styleName', styleName);
};

module.exports.byFamily = byFamily;
