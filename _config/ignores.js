// The input directory is the repository root, so everything that is not a
// page must be ignored explicitly or Eleventy would render it (README.md as a
// page, data/SCHEMA.md as a page, example .md files, test fixtures...).
//
// Globs are anchored at the input directory so that a fixture site built
// with --input=test/fixtures/x follows the same rules as the real one.
const path = require('node:path');

module.exports = function (eleventyConfig) {
  const input = eleventyConfig.directories.input || '.';
  [
    '*.md', // README and other repository docs at the top level
    'data/**', // global data only; docs like data/SCHEMA.md are not pages
    'examples/**',
    'posts/analysis/**', // the article's runnable samples and variant paragraphs, read by _config/ modules
    'scripts/**',
    'test/**',
    'assets/**', // copied as-is by _config/assets.js, never templated
    '_config/**',
    '.ci/**',
    'node_modules/**',
    '_site/**',
  ].forEach((glob) => eleventyConfig.ignores.add(path.posix.join(input, glob)));
};
