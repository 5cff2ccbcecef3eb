'use strict';
// The site's markdown: TeX as MathML (math.js), code highlighted at build
// time (highlight.js), heading ids, permalinks and the table of contents
// (headings.js). One plugin, so the build and the tests use the same set.
module.exports = function markdown(md) {
  md.use(require('./math'));
  md.use(require('./highlight'));
  md.use(require('./headings'));
};
