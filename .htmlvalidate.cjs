// html-validate's rules for the built site: test/site/site-checks.test.js checks
// every page of _site/ with them (html-validate finds this file by walking up
// from each page). Both presets are on whole, "document" because every page
// is a full document; the rules below are set otherwise, each with why.
'use strict';

module.exports = {
  root: true,
  extends: ['html-validate:recommended', 'html-validate:document'],
  rules: {
    // The standard reads <!DOCTYPE> in any case; the layouts write it in lower
    // case (_includes/layouts/base.njk), and every page must keep to one.
    'doctype-style': ['error', { style: 'lowercase' }],
    // The standard's rule for an id: not empty, no whitespace. The stricter
    // default (letters, digits, - and _) spares escaping in CSS selectors;
    // here some ids are made from runtime profile names, whose version has a
    // dot ("table-runs-node-0.11"), and renaming them would break the
    // published addresses of those tables.
    'valid-id': ['error', { relaxed: true }],
    // Subresource integrity guards files served by another origin. Every
    // script and stylesheet here comes from the site itself (the
    // Content-Security-Policy in netlify.toml allows 'self' only), under a
    // name that holds its content hash; a file from elsewhere would still
    // need its integrity attribute.
    'require-sri': ['error', { target: 'crossorigin' }],
    // Off: search engines' advice on a title's length (70 characters), not
    // a rule of HTML. A page's title is its post's own title and the site's
    // name, as written by the author; where a result page cuts it is theirs.
    'long-title': 'off',
  },
};
