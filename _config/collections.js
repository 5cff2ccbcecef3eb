// The `posts` collection, keeping drafts out of the published site, and the
// order the home page lists posts in.
//
// A post with `draft: true` is dropped before rendering, so it has no page,
// no feed entry and no sitemap line. Set ASYNCBENCH_DRAFTS=1 to preview them.
// `posts` stays in date order (the feed and the sitemap read it); the home
// page puts `pinned: true` posts first (site/post-order.js).
const { homeOrder } = require('../site/post-order');

module.exports = function (eleventyConfig) {
  eleventyConfig.addPreprocessor('drafts', 'md,njk', (data) => {
    if (data.draft === true && process.env.ASYNCBENCH_DRAFTS !== '1') return false;
  });

  eleventyConfig.addCollection('posts', (api) =>
    api.getFilteredByGlob('posts/**/*.md').sort((a, b) => a.date - b.date)
  );

  // {{ collections.posts | homeOrder }}
  eleventyConfig.addFilter('homeOrder', homeOrder);
};
