// Defaults and front-matter validation for every post in posts/. The keys a
// post must and may set are in site/front-matter.js (a JSON Schema).
const { validatePost } = require('../site/front-matter');

module.exports = {
  layout: 'layouts/post.njk',
  permalink: '/posts/{{ page.fileSlug }}/',
  eleventyDataSchema: validatePost,
};
