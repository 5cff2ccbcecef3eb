'use strict';
// The 2013 article's URL leads to the article, through netlify.toml's
// [[redirects]] as scripts/serve.js applies them. The article is a draft
// until its data land, and drafts are not built for production (see
// _config/collections.js): there the redirect already answers, with the
// address the article will have once published. So the target is checked
// against the article's real permalink, and followed to the page in a
// drafts preview build, where the article exists.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { serve } = require('../../scripts/site-tools/server');
const { ensureSite } = require('../../scripts/site-tools/site');
const { buildDraftsSite } = require('../helpers/drafts-site');

const OLD = '/posts/analysis-generators-and-other-async-patterns-node.html';
const SOURCE = path.join(__dirname, '..', '..', 'posts', 'analysis-async-patterns-2013-and-now.md');
// posts/posts.11tydata.js: permalink '/posts/{{ page.fileSlug }}/'.
const ARTICLE = `/posts/${path.basename(SOURCE, '.md')}/`;
const TITLE = /<h1>Analysis of async patterns in Node, 2013 and now<\/h1>/;

async function start(t, root) {
  const s = await serve({ root, port: 0 });
  t.after(() => s.close());
  return s;
}

test('the article source exists and posts get the permalink this test expects', () => {
  assert.ok(fs.existsSync(SOURCE), `${SOURCE} is gone: point the redirect in netlify.toml (and this test) at the article's new file`);
  assert.match(fs.readFileSync(path.join(__dirname, '..', '..', 'posts', 'posts.11tydata.js'), 'utf8'), /permalink: '\/posts\/\{\{ page\.fileSlug \}\}\/'/);
});

test('published build: the 2013 URL answers 301 to the article, keeping a query string', async (t) => {
  const s = await start(t, ensureSite());
  for (const [from, to] of [[OLD, ARTICLE], [`${OLD}?ref=hn`, `${ARTICLE}?ref=hn`]]) {
    const res = await fetch(s.url + from, { redirect: 'manual' });
    assert.equal(res.status, 301, from);
    assert.equal(res.headers.get('location'), to, from);
    assert.match(res.headers.get('content-security-policy'), /default-src 'self'/, 'a redirect carries the security headers');
  }
  // While the article is a draft its page is absent here, honestly: the
  // redirect points where it will be published. Once published, it is here.
  const draft = /^draft: true$/m.test(/^---\n[\s\S]*?\n---/.exec(fs.readFileSync(SOURCE, 'utf8'))[0]);
  const target = await fetch(s.url + ARTICLE);
  assert.equal(target.status, draft ? 404 : 200, draft ? 'a draft must not be published' : 'the published article is missing');
});

test('drafts preview: following the 2013 URL lands on the article page', async (t) => {
  const site = buildDraftsSite();
  const s = await start(t, site.output);
  const res = await fetch(s.url + OLD);
  assert.equal(res.status, 200);
  assert.equal(new URL(res.url).pathname, ARTICLE);
  assert.match(await res.text(), TITLE);
});
