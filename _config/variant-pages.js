'use strict';
// What the article and the variant pages (pages/variants/variant.njk) need to know
// about the variants. One line in .eleventy.js:
//   eleventyConfig.addPlugin(require('./_config/variant-pages'));
//
// Global data:
//   manifest       examples/manifest.json, read and checked by
//                  scripts/lib/manifest.js on every build (never a copy)
//   variantProse   posts/analysis/variants-prose.json, checked against the
//                  manifest (_config/variant-prose.js)
// Filters:
//   variant | variantFigures(n)   size, time and memory at n, 2013 figures
//   manifest.variants | byFamily  [{ family, variants }] in manifest order
//   number | figure               a measured number as the page shows it
//   text | inlineCode             escaped text with `code` spans
const { buildManifest } = require('./per-build');
const { loadProse } = require('./variant-prose');
const { buildLoader } = require('./data-files');
const { complexityOf, perfOf, then2013 } = require('./variant-figures');

// Three significant digits below 100, whole numbers above: run-to-run noise
// is larger than any further digit (the charts round the same way).
function figure(v) {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '–';
  if (Math.abs(v) >= 100) return Math.round(v).toLocaleString('en-GB');
  return String(Number(v.toPrecision(3)));
}

const escapeHtml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inlineCode(text) {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function byFamily(variants) {
  const groups = new Map();
  for (const v of variants) {
    if (!groups.has(v.family)) groups.set(v.family, { family: v.family, variants: [] });
    groups.get(v.family).variants.push(v);
  }
  return [...groups.values()];
}

// options.proseFile: another paragraphs file (tests point it at a broken one).
module.exports = function variantPages(eleventyConfig, options = {}) {
  // The build's one loader (renewed by the charts plugin before each build).
  const load = (name) => buildLoader()(name);

  eleventyConfig.addGlobalData('manifest', () => buildManifest());
  eleventyConfig.addGlobalData('variantProse', () => loadProse(buildManifest(), options.proseFile));

  eleventyConfig.addFilter('variantFigures', (variant, n) => {
    if (!variant || !variant.id) throw new Error('variantFigures: expected a manifest variant, e.g. {{ variant | variantFigures(1000) }}.');
    if (typeof n !== 'number') throw new Error(`variantFigures: n must be a number (got ${JSON.stringify(n)}), e.g. {{ variant | variantFigures(1000) }}.`);
    return {
      complexity: complexityOf(load('complexity').data, variant.id),
      perf: perfOf(load('perf').data, variant.id, { n }),
      then: then2013(load('reference-2013').data, variant.article2013, { n }),
    };
  });
  eleventyConfig.addFilter('byFamily', byFamily);
  eleventyConfig.addFilter('figure', figure);
  eleventyConfig.addFilter('inlineCode', inlineCode);
};

module.exports.helpers = { figure, inlineCode, byFamily };
