// Filters for the Atom feed (pages/feed.njk): absolute URLs and RFC 3339 dates.
// The plugin's own virtual feed template is not used, so the feed's markup
// stays in this repository where tests can see it.
module.exports = async function (eleventyConfig) {
  const { rssPlugin } = await import('@11ty/eleventy-plugin-rss');
  eleventyConfig.addPlugin(rssPlugin);
};
