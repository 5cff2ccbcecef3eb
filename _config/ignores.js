// The input directory is the repository root, so everything that is not a
// page must be ignored explicitly or Eleventy would render it (README.md as a
// page, data/SCHEMA.md as a page, example .md files, test fixtures...).
module.exports = function (eleventyConfig) {
  [
    '*.md', // README and other repository docs at the top level
    'data/**', // global data only; docs like data/SCHEMA.md are not pages
    'examples/**',
    'scripts/**',
    'test/**',
    'assets/**', // copied as-is by _config/assets.js, never templated
    '_config/**',
    '.ci/**',
    'node_modules/**',
    '_site/**',
  ].forEach((glob) => eleventyConfig.ignores.add(glob));
};
