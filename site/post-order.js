'use strict';
// The order the home page lists posts in. Dates alone cannot put the main
// article first: its companion posts are written after it, often on the same
// day, and a date moved to win the sort would be a false date in the feed and
// the sitemap. So a post says it leads with `pinned: true` in its front
// matter (site/front-matter.js), and the rule is:
//   pinned posts first, then every other post; within each, newest first.
// Posts of the same date keep the order they come in (the `posts`
// collection's, _config/collections.js), so the list does not shuffle
// between builds.

const isPinned = (post) => Boolean(post.data && post.data.pinned === true);

function homeOrder(posts) {
  const newestFirst = [...posts].reverse();
  return newestFirst
    .map((post, i) => ({ post, i }))
    .sort((a, b) => Number(isPinned(b.post)) - Number(isPinned(a.post)) || b.post.date - a.post.date || a.i - b.i)
    .map((x) => x.post);
}

module.exports = { homeOrder, isPinned };
