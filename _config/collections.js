// The `posts` collection, and keeping drafts out of the published site.
//
// A post with `draft: true` is dropped before rendering, so it has no page,
// no feed entry and no sitemap line. Set ASYNCBENCH_DRAFTS=1 to preview them.
module.exports = function (eleventyConfig) {
  eleventyConfig.addPreprocessor('drafts', 'md,njk', (data) => {
    if (data.draft === true && process.env.ASYNCBENCH_DRAFTS !== '1') return false;
  });

  eleventyConfig.addCollection('posts', (api) =>
    api.getFilteredByGlob('posts/**/*.md').sort((a, b) => a.date - b.date)
  );
};
