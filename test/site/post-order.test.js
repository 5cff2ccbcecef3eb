'use strict';
// Issue 29: the main article was listed 4th of 5 on the home page, because
// the home page sorted by date only and its companion posts share its date.
// The rule (site/post-order.js): posts with `pinned: true` first, then the
// rest, newest first within each.
const test = require('node:test');
const assert = require('node:assert/strict');
const { homeOrder } = require('../../site/post-order');
const { readSite } = require('../../scripts/site-tools/site');

const post = (slug, date, data = {}) => ({ url: `/posts/${slug}/`, date: new Date(date), data });
const slugs = (posts) => posts.map((p) => p.url.split('/')[2]);

test('a pinned post comes first, whatever its date; the rest newest first', () => {
  // In date order, as the posts collection holds them (same-day posts in input order).
  const posts = [
    post('old', '2026-11-01'),
    post('main', '2026-11-23', { pinned: true }),
    post('companion-a', '2026-11-23'),
    post('companion-b', '2026-11-23'),
    post('newest', '2026-11-24'),
  ];
  assert.deepEqual(slugs(homeOrder(posts)), ['main', 'newest', 'companion-b', 'companion-a', 'old']);
  assert.deepEqual(slugs(posts), ['old', 'main', 'companion-a', 'companion-b', 'newest'], 'the collection itself is not reordered');
});

test('without a pinned post the order is newest first, same-day posts as the collection reversed', () => {
  const posts = [post('a', '2026-11-01'), post('b', '2026-11-23'), post('c', '2026-11-23')];
  assert.deepEqual(slugs(homeOrder(posts)), ['c', 'b', 'a']);
});

test('several pinned posts: newest pinned first', () => {
  const posts = [post('p1', '2026-11-01', { pinned: true }), post('x', '2026-11-20'), post('p2', '2026-11-10', { pinned: true })];
  assert.deepEqual(slugs(homeOrder(posts)), ['p2', 'p1', 'x']);
});

test('the production home page lists the main article first', () => {
  const html = readSite('index.html');
  const first = /<ol class="post-list"[^>]*>\s*<li>\s*<h3><a href="([^"]+)"/.exec(html);
  assert.ok(first, 'no post list on the home page');
  assert.equal(first[1], '/posts/analysis-async-patterns-2013-and-now/');
});
