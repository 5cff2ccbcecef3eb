'use strict';
// Checks on the real build in _site/: what readers and feed readers receive.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ensureSite, readSite } = require('../../scripts/site-tools/site');
const { parseXml, findAll } = require('../helpers/xml');
const { buildSiteCheck } = require('../helpers/site-check');

// The post-level checks read the typesetting check post, a test fixture
// built into its own copy of the site; the shared _site/ is production's.
let withFixtures;
test.before(() => { withFixtures = buildSiteCheck(); });
const readFixtureSite = (rel) => withFixtures.read(rel);

const POST = 'posts/site-check/index.html';

function allHtml(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath || e.path, e.name));
}

test('math is rendered at build time, never left as raw TeX', () => {
  const html = readFixtureSite(POST);
  assert.ok((html.match(/<math /g) || []).length >= 5);
  assert.match(html, /<math [^>]*display="block"/);
  for (const file of allHtml(withFixtures.output)) {
    const text = fs.readFileSync(file, 'utf8').replace(/<annotation[\s\S]*?<\/annotation>/g, '');
    assert.doesNotMatch(text, /\$\[|\]\$|\$\$/, `raw math delimiter in ${file}`);
  }
  assert.match(html, /price of \$5 or \$10/, 'currency stays text');
});

test('no KaTeX script or stylesheet is shipped', () => {
  const html = readFixtureSite(POST);
  assert.doesNotMatch(html, /katex(\.min)?\.(js|css)/);
});

test('fenced code is highlighted at build time', () => {
  const html = readFixtureSite(POST);
  for (const lang of ['js', 'bash', 'json']) assert.match(html, new RegExp(`class="hljs language-${lang}"`));
  assert.match(html, /<span class="hljs-keyword">async<\/span>/);
});

test('headings have ids and permalinks, and the table of contents links to them', () => {
  const html = readFixtureSite(POST);
  assert.match(html, /<h2 id="formulas">Formulas<a class="anchor" href="#formulas"/);
  const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(html)[0];
  const targets = [...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
  assert.ok(targets.length >= 4);
  for (const id of targets) assert.match(html, new RegExp(`id="${id}"`));
});

test('post page carries metadata: canonical, Open Graph, feed link, date, reading time', () => {
  const html = readFixtureSite(POST);
  assert.match(html, /<link rel="canonical" href="https?:\/\/[^"]+\/posts\/site-check\/">/);
  assert.match(html, /<meta property="og:type" content="article">/);
  assert.match(html, /<link rel="alternate" type="application\/atom\+xml"/);
  assert.match(html, /<time datetime="2026-11-12">12 November 2026<\/time>/);
  assert.match(html, /\d+ min read/);
});

test('no inline script or style element (the CSP would block them)', () => {
  for (const file of allHtml(ensureSite())) {
    const html = fs.readFileSync(file, 'utf8');
    assert.doesNotMatch(html, /<style\b/, file);
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      assert.ok(/\bsrc=/.test(m[1]) || /type="application\/(ld\+)?json"/.test(m[1]), `inline script in ${file}`);
    }
  }
});

test('the Atom feed is well-formed XML listing published posts', () => {
  const feed = parseXml(readFixtureSite('feed.xml'));
  assert.equal(feed.name, 'feed');
  assert.equal(feed.attrs.xmlns, 'http://www.w3.org/2005/Atom');
  const entries = findAll(feed, 'entry');
  assert.ok(entries.length >= 1);
  const titles = entries.map((e) => findAll(e, 'title')[0].text);
  assert.ok(titles.some((t) => t.startsWith('Site check')));
  for (const e of entries) assert.match(findAll(e, 'link')[0].attrs.href, /^https?:\/\//);
});

test('the sitemap is well-formed XML with absolute URLs', () => {
  const map = parseXml(readFixtureSite('sitemap.xml'));
  assert.equal(map.name, 'urlset');
  const locs = findAll(map, 'loc').map((l) => l.text);
  assert.ok(locs.some((l) => l.endsWith('/posts/site-check/')));
  for (const l of locs) assert.match(l, /^https?:\/\/[^ ]+$/);
  assert.ok(!locs.some((l) => l.includes('404')));
});

test('drafts are not published anywhere', () => {
  const site = withFixtures.output;
  assert.ok(!fs.existsSync(path.join(site, 'posts', 'unpublished-notes')));
  for (const f of [...allHtml(site), path.join(site, 'feed.xml'), path.join(site, 'sitemap.xml')]) {
    const text = fs.readFileSync(f, 'utf8');
    assert.ok(!text.includes('DRAFT-MARKER-7d1f') && !text.includes('Unpublished notes'), `draft leaked into ${f}`);
  }
});

test('repository files outside the content folders are not rendered as pages', () => {
  const site = ensureSite();
  for (const p of ['README', 'README.md', 'README/index.html', 'data', 'examples', 'scripts', 'test', '_config']) {
    assert.ok(!fs.existsSync(path.join(site, p)), `${p} should not be in _site`);
  }
});

test('the home page lists the pinned article first, then the other posts newest first', () => {
  const html = readFixtureSite('index.html');
  const items = [...html.matchAll(/<li>\s*<h3><a href="([^"]+)"[\s\S]*?<time datetime="([^"]+)"/g)].map((m) => ({ url: m[1], date: m[2] }));
  assert.ok(items.length >= 2);
  assert.equal(items[0].url, '/posts/analysis-async-patterns-2013-and-now/', 'pinned: true in its front matter');
  const dates = items.slice(1).map((i) => i.date);
  assert.deepEqual(dates, [...dates].sort().reverse());
});

test('the production build lists only articles: the test fixtures stay out', () => {
  const site = ensureSite();
  assert.ok(!fs.existsSync(path.join(site, 'posts', 'site-check')));
  for (const rel of ['index.html', 'feed.xml', 'sitemap.xml']) {
    const text = readSite(rel);
    assert.ok(!text.includes('site-check') && !text.includes('Site check'), `typesetting check listed in ${rel}`);
  }
  // ...while the fixture build shows the same post is reachable when asked for.
  assert.match(readFixtureSite('index.html'), /\/posts\/site-check\//);
});
