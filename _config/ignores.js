// The input directory is the repository root (posts/ stays at the top, as the
// design asks), so everything else there would be rendered too: README.md as
// a page, data/SCHEMA.md, the test fixtures' posts. Pages live in two folders,
// posts/ (the articles) and pages/ (home, feed, sitemap, variant pages...), so
// one rule replaces a list of exceptions: every other top-level entry is
// ignored, and a folder added later needs no pattern. (posts/analysis/ holds
// no template: only .md and .njk files are pages, .eleventy.js says.)
//
// Globs are anchored at the input directory so that a fixture site built
// with --input=test/fixtures/x follows the same rule as the real one.
// Eleventy finds _includes/ and data/ through `dir` on its own.
const fs = require('node:fs');
const path = require('node:path');

const PAGE_FOLDERS = ['posts', 'pages', '_includes'];

module.exports = function (eleventyConfig) {
  const input = eleventyConfig.directories.input || '.';
  for (const entry of fs.readdirSync(input, { withFileTypes: true })) {
    if (PAGE_FOLDERS.includes(entry.name)) continue;
    eleventyConfig.ignores.add(path.posix.join(input, entry.isDirectory() ? `${entry.name}/**` : entry.name));
  }
};
