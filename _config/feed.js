// Filters for the Atom feed (pages/feed.njk): absolute URLs, RFC 3339 dates,
// and each entry's content. The plugin's own virtual feed template is not
// used, so the feed's markup stays in this repository where tests can see it.
//
// An entry carries the post's prose with each chart and table replaced by a
// link to it on the page (site/render/prose-only.js): the figures are most of
// a page's weight (the article alone was 425 KB in the feed) and no feed
// reader can draw them. test/site/feed.test.js holds the feed under 300 KB.
const { feedProse } = require('../site/render/prose-only');

module.exports = async function (eleventyConfig) {
  const { rssPlugin } = await import('@11ty/eleventy-plugin-rss');
  eleventyConfig.addPlugin(rssPlugin);
  // {{ post.templateContent | feedProse(absolutePostUrl) }}
  eleventyConfig.addFilter('feedProse', feedProse);
};
