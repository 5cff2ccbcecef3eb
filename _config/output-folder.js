'use strict';
// The output folder (--output, _site/ by default), checked before anything
// renders: a build into a folder it cannot write (one on a read-only file
// system, issue 38) stops at once and says so, instead of rendering every
// page first and then failing with Node's "ENOENT: no such file or
// directory, mkdir".
const { writableFolder } = require('../scripts/lib/writable-folder');

module.exports = function outputFolder(eleventyConfig) {
  eleventyConfig.on('eleventy.before', ({ directories }) => writableFolder(directories.output, {
    what: 'the site',
    todo: 'Build into a writable folder: npm run build -- --output=DIR (or npm start -- --output=DIR).',
  }));
};
