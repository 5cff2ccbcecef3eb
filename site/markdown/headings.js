'use strict';
// markdown-it plugin: every heading gets a stable id and a "#" permalink
// (shown on hover by the stylesheet), so any section can be linked to, and
// each page's h2 and h3 are kept for its table of contents (the `toc`
// filter, _config/filters.js). markdown-it-anchor does the work; this module
// holds our settings:
//   - ids depend only on the heading text, so links survive edits
//     elsewhere: our slug rule below, a repeated heading gets -2, -3...;
//   - an id of its own is written `### Title {: #the-id}` (markdown-it-attrs,
//     with kramdown's delimiter: `{#` would open a Nunjucks comment);
//   - no tabindex on headings.
// Not Eleventy's IdAttributePlugin: it adds ids in an HTML transform after
// the layout has rendered, so neither the "#" link nor the table of contents
// could use them.
const anchor = require('markdown-it-anchor');
const attrs = require('markdown-it-attrs');

function slugify(text) {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&[a-z]+;/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

const TOC_LEVELS = ['h2', 'h3'];
const tocs = new Map(); // page url -> [{ level, id, label }], from its last render

// The table of contents of a page rendered in this process: its h2 and h3
// in order, labels as HTML (the heading's text).
const tocEntries = (url) => tocs.get(url) || [];

module.exports = function headingsPlugin(md) {
  let entries = [];
  md.use(attrs, { leftDelimiter: '{:', rightDelimiter: '}', allowedAttributes: ['id'] });
  md.use(anchor, {
    slugify,
    uniqueSlugStartIndex: 2,
    tabIndex: false,
    permalink: anchor.permalink.linkInsideHeader({
      class: 'anchor', symbol: '#', placement: 'after', space: false, renderAttrs: () => ({ 'aria-label': 'Link to this section' }),
    }),
    callback: (token, { slug, title }) => {
      if (TOC_LEVELS.includes(token.tag)) entries.push({ level: Number(token.tag.slice(1)), id: slug, label: md.utils.escapeHtml(title) });
    },
  });
  // markdown-it-anchor keeps the ids it has given on `env`, which Eleventy
  // fills with the page's data: start afresh on every render, so a page's
  // ids never depend on an earlier render of it.
  md.core.ruler.before('anchor', 'anchor_per_render', (state) => {
    delete state.env.markdownItAnchor;
    entries = [];
    const url = state.env.page && state.env.page.url;
    if (typeof url === 'string') tocs.set(url, entries);
  });
};

module.exports.slugify = slugify;
module.exports.tocEntries = tocEntries;
