// Template filters: dates, reading time, the table of contents and a host's name.
const { tocHtml } = require('../site/render/toc');
const { hostLabel } = require('../scripts/lib/host-identity');
const { tocEntries } = require('../site/markdown/headings');
const { proseOnly } = require('../site/render/prose-only');

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

// What a reader reads, at 220 words a minute: paragraphs, lists, headings
// and code blocks; a formula counts as one word. Tables and charts are
// looked at, not read (site/render/prose-only.js): counted as words, the
// article's tables and legends made a 58-minute read (issue 29).
function readingTime(html) {
  const words = proseOnly(html)
    .replace(/<math[\s\S]*?<\/math>/g, ' x ')
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter((w) => /\w/.test(w)).length;
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
  // {{ host | hostLabel }}: "AMD EPYC · kernel …v595", as every caption names a host.
  eleventyConfig.addFilter('hostLabel', hostLabel);
};

module.exports.helpers = { isoDate, readableDate, readingTime, toc };
