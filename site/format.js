'use strict';
// How the site writes a number, an HTML text and a citation: once, for the
// models (site/models/), the renderers (site/render/) and the prose
// shortcodes (site/prose/) alike. Run-to-run noise is far larger than a
// third significant digit, so no figure carries more, and every extra
// digit in a chart's JSON is page weight.

// The browser's formatting (bundled as window.chartFormat), so a table cell,
// a tooltip and a CSV download show a value the same way. The site reads it
// through this module only.
const chartFormat = require('../assets/js/chart-format');

// A chart point or table figure: three significant figures, whole numbers
// from 1000 up. Anything that is not a number passes through (null: no point).
const round = (v) => (typeof v !== 'number' ? v : Math.abs(v) >= 1000 ? Math.round(v) : Number(v.toPrecision(3)));

// A figure in prose or on a variant page: three significant figures below
// 100, whole numbers with thousands separators above; '–' for none.
function figure(v) {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '–';
  if (Math.abs(v) >= 100) return Math.round(v).toLocaleString('en-GB');
  return String(Number(v.toPrecision(3)));
}

// A ratio in prose: two significant figures ("2.3", "15"), whole numbers
// with separators from 100 up.
const ratioText = (v) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-GB') : String(Number(v.toPrecision(2))));

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// Text into HTML, in element content or a double-quoted attribute (the only
// kind the site writes, so an apostrophe stays as it is).
const escapeHtml = (s) => String(s).replace(/[&<>"]/g, (c) => ENTITIES[c]);

// Escaped text whose `code` spans become <code> (the variant paragraphs).
const inlineCode = (text) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
// The same text where no markup goes (a page's <title>, meta description):
// the code spans' words without their backticks.
const codeAsText = (text) => String(text).replace(/`([^`]+)`/g, '$1');

// Words in a list, as a sentence writes them: "a", "a and b", "a, b and c".
const listText = (items) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : items.join(''));

// A transcribed article's `source` -> the figure's citation: author, “title”
// (date), and the link.
const citation = (source) => ({ text: `${source.author}, “${source.title}” (${source.published})`, url: source.url });

module.exports = {
  round, figure, ratioText, escapeHtml, inlineCode, codeAsText, citation, listText,
  measurement: chartFormat.measurement, range: chartFormat.range, chartFormat,
};
