// Template filters: dates, reading time and the table of contents.
const { tocHtml } = require('../site/render/toc');
const { tocEntries } = require('../site/markdown/headings');

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

// Dates are read and printed in UTC: a front-matter date has no time zone,
// and a build in another zone must not move a post to the previous day.
function isoDate(d) {
  return new Date(d).toISOString().slice(0, 10);
}

function readableDate(d) {
  const date = new Date(d);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

// Code and formulas are read at a different pace than prose; counting only
// the prose keeps the estimate honest for code-heavy articles.
function readingTime(html) {
  const prose = String(html)
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<math[\s\S]*?<\/math>/g, ' x ')
    .replace(/<[^>]+>/g, ' ');
  const words = prose.split(/\s+/).filter((w) => /\w/.test(w)).length;
  return `${Math.max(1, Math.round(words / 220))} min read`;
}

// {{ page.url | toc }}: the h2/h3 links of the page's rendered markdown. The
// layout renders after the page's content, so its headings are known.
const toc = (url) => tocHtml(tocEntries(url));

module.exports = function (eleventyConfig) {
  eleventyConfig.addFilter('isoDate', isoDate);
  eleventyConfig.addFilter('readableDate', readableDate);
  eleventyConfig.addFilter('readingTime', readingTime);
  eleventyConfig.addFilter('toc', toc);
};

module.exports.helpers = { isoDate, readableDate, readingTime, toc };
