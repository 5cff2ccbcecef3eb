'use strict';
// What a reader's browser, a feed reader and a search engine meet on the
// whole built site (_site/, from `npm run build`; built here when missing):
// every link, asset and #anchor resolves, and every page is valid HTML.
//   - Links and assets: linkinator crawls the site as served by
//     scripts/site-tools/server.js on 127.0.0.1 (Netlify's headers and
//     redirects), starting from every page, and from the addresses the site
//     names where linkinator does not look: data-* attributes (data-chart, the
//     runner's files, fetched by scripts), files named inside the site's own
//     scripts and JSON, the sitemap, the feed and robots.txt.
//   - Anchors: linkinator checks a #fragment only when it meets the link
//     before it fetches the page (its cache decides), so the fragments of
//     every page's links are checked here, over the built HTML.
//   - HTML: html-validate with the rules of .htmlvalidate.cjs.
// Each check runs first on a small fixture site with known faults
// (test/fixtures/site-checks/), so that finding nothing on the real site means
// something.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { Parser } = require('htmlparser2');
const { HtmlValidate, FileSystemConfigLoader } = require('html-validate');
const { ensureSite } = require('../../scripts/site-tools/site');
const { serve } = require('../../scripts/site-tools/server');

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'site-checks');

const filesOf = (root) => fs.readdirSync(root, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => path.join(e.parentPath || e.path, e.name));
const read = (file) => fs.readFileSync(file, 'utf8');

// The address a built file is served at: /a/b/ for a/b/index.html.
function urlPathOf(root, file) {
  const rel = `/${path.relative(root, file).split(path.sep).join('/')}`;
  return rel.endsWith('/index.html') ? rel.slice(0, -'index.html'.length) : rel;
}

// Every HTML page of a built site: its ids, its links' hrefs, and the site
// paths its data-* attributes name. Keyed by the address it is served at.
function readPages(root) {
  const pages = new Map();
  for (const file of filesOf(root).filter((f) => f.endsWith('.html'))) {
    const page = { file, ids: new Set(), hrefs: [], dataPaths: [] };
    const parser = new Parser({
      onopentag(name, attrs) {
        if (attrs.id) page.ids.add(attrs.id);
        // The standard still scrolls to <a name>, as to an id.
        if (name === 'a' && attrs.name) page.ids.add(attrs.name);
        if (['a', 'area', 'link'].includes(name) && attrs.href !== undefined) page.hrefs.push(attrs.href);
        for (const [key, value] of Object.entries(attrs)) {
          if (key.startsWith('data-') && /^\/(?!\/)/.test(value)) page.dataPaths.push(value);
        }
      },
    }, { decodeEntities: true });
    parser.end(read(file));
    pages.set(urlPathOf(root, file), page);
  }
  return pages;
}

// The site's own address, as the build wrote it into the home page's
// canonical link (SITE_URL or Netlify's URL at build time).
function siteOrigin(root) {
  const m = /<link rel="canonical" href="([^"]+)">/.exec(read(path.join(root, 'index.html')));
  assert.ok(m, `${root}/index.html has no canonical link to read the site's address from`);
  return new URL(m[1]).origin;
}

// Addresses the site names outside what linkinator reads in HTML, each with
// where it is named: the pages' data-* attributes; /assets/ files named in
// the site's own scripts, stylesheets and JSON under assets/f/; the sitemap,
// the feed's links and robots.txt's sitemap line.
function namedElsewhere(root, pages, origin) {
  const named = [];
  for (const [from, page] of pages) for (const p of page.dataPaths) named.push({ url: p, from });
  for (const file of filesOf(path.join(root, 'assets', 'f')).filter((f) => /\.(js|css|json)$/.test(f))) {
    for (const m of read(file).matchAll(/["'(](\/assets\/[^"'()\s]+)["')]/g)) named.push({ url: m[1], from: urlPathOf(root, file) });
  }
  const inFile = (rel, pattern) => {
    const file = path.join(root, rel);
    if (!fs.existsSync(file)) return;
    for (const m of read(file).matchAll(pattern)) named.push({ url: m[1], from: `/${rel}` });
  };
  inFile('sitemap.xml', /<loc>([^<]+)<\/loc>/g);
  inFile('feed.xml', /<link\b[^>]*\bhref="([^"]+)"/g);
  inFile('robots.txt', /^Sitemap:\s*(\S+)/gm);
  return named.map(({ url, from }) => ({ url: new URL(url, origin + from), from }))
    .filter(({ url }) => url.origin === origin);
}

// Runs linkinator over the site served from root; → { broken: ['URL (status)
// named on PAGE', ...], skipped: [URL of another site, ...] }.
async function checkLinks(root) {
  const { LinkChecker } = await import('linkinator');
  const pages = readPages(root);
  const origin = siteOrigin(root);
  const server = await serve({ root, port: 0, host: '127.0.0.1' });
  try {
    const local = (url) => server.url + url.pathname + url.search;
    const named = namedElsewhere(root, pages, origin);
    const namedOn = new Map();
    for (const { url, from } of named) namedOn.set(local(url), (namedOn.get(local(url)) || new Set()).add(from));
    const result = await new LinkChecker().check({
      path: [...new Set([...pages.keys()].map((p) => server.url + p).concat(named.map(({ url }) => local(url))))],
      recurse: true,
      checkCss: true,
      concurrency: 8,
      timeout: 20000,
      // The site's absolute links to itself (canonical, og:url, the feed's)
      // are checked against this build, not the deployed site.
      urlRewriteExpressions: [{ pattern: new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`), replacement: `${server.url}/` }],
      // Only this machine's server is reachable from here: every link to
      // another site (the 2013 articles and posts, the repository, the
      // libraries' pages) is skipped, not checked.
      linksToSkip: async (link) => !link.startsWith(`${server.url}/`),
    });
    const shown = (u) => (u && u.startsWith(server.url) ? u.slice(server.url.length) : u);
    // A start address has no parent in linkinator's results (or itself):
    // where the site names it comes from namedElsewhere, and a page that is
    // only a start address is named by no one.
    const namers = (l) => (l.parent && l.parent !== l.url ? [shown(l.parent)] : [...(namedOn.get(l.url) || ['the built files'])]);
    const lines = (state, line) => [...new Set(result.links.filter((l) => l.state === state).flatMap(line))].sort();
    return {
      broken: lines('BROKEN', (l) => namers(l).map((from) => `${shown(l.url)} (${l.status || 'no answer'}) named on ${from}`)),
      skipped: lines('SKIPPED', (l) => [l.url]),
    };
  } finally {
    await server.close();
  }
}

// Every page's links with a #fragment into the site, against the ids of the
// page they lead to; → ['PAGE: HREF: ...', ...]. A link to a missing page is
// linkinator's finding, not repeated here.
function brokenFragments(root) {
  const pages = readPages(root);
  const origin = siteOrigin(root);
  const broken = [];
  for (const [from, page] of pages) {
    for (const href of page.hrefs) {
      const url = new URL(href, origin + from);
      if (url.origin !== origin || !href.includes('#')) continue;
      let fragment;
      try {
        fragment = decodeURIComponent(url.hash.slice(1));
      } catch {
        broken.push(`${from}: ${href}: the fragment is not valid percent-encoding`);
        continue;
      }
      // The standard's own targets: "#" and "#top" scroll to the top.
      if (fragment === '' || fragment.toLowerCase() === 'top') continue;
      const target = pages.get(url.pathname);
      if (target && !target.ids.has(fragment)) broken.push(`${from}: ${href}: no id "${fragment}" on ${url.pathname}`);
    }
  }
  return [...new Set(broken)].sort();
}

// → ['PAGE:LINE:COLUMN RULE message', ...] for every page under root, with
// the rules of the .htmlvalidate.cjs above it.
async function invalidHtml(root) {
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const found = [];
  for (const file of filesOf(root).filter((f) => f.endsWith('.html')).sort()) {
    const report = await validator.validateFile(file);
    for (const r of report.results) {
      for (const m of r.messages) found.push(`${urlPathOf(root, file)}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
  }
  return found;
}

test('the link check finds a missing page, image, stylesheet image, script-named file and sitemap entry, and skips other sites', async () => {
  const { broken, skipped } = await checkLinks(FIXTURE);
  assert.deepEqual(skipped, ['https://example.org/']);
  assert.deepEqual(broken, [
    '/assets/f/missing-bundle.js (404) named on /assets/f/loader.js',
    '/assets/f/missing-data.json (404) named on /',
    '/assets/f/missing-image.svg (404) named on /assets/f/site.css',
    '/gone/ (404) named on /sitemap.xml',
    '/missing.png (404) named on /',
    '/missing/ (404) named on /',
  ]);
});

test('the anchor check finds a missing id on the same page, on another, and at the site\'s own address', () => {
  assert.deepEqual(brokenFragments(FIXTURE), [
    '/: #gone: no id "gone" on /',
    '/: /other/#nowhere: no id "nowhere" on /other/',
    '/: https://fixture.example/other/#elsewhere: no id "elsewhere" on /other/',
  ]);
});

test('the HTML check reports an error with its page, place and rule, and passes a valid page', async () => {
  const found = await invalidHtml(FIXTURE);
  assert.equal(found.length, 1, found.join('\n'));
  assert.match(found[0], /^\/other\/:12:\d+ no-dup-id /);
});

test('every link and asset of the built site resolves', async () => {
  const { broken } = await checkLinks(ensureSite());
  assert.deepEqual(broken, [], `broken links in _site/:\n${broken.join('\n')}`);
});

test('every #anchor a page of the built site links to is an id on its target page', () => {
  const broken = brokenFragments(ensureSite());
  assert.deepEqual(broken, [], `links to anchors that are not there:\n${broken.join('\n')}`);
});

test('every page of the built site is valid HTML under .htmlvalidate.cjs', async () => {
  const found = await invalidHtml(ensureSite());
  assert.deepEqual(found, [], `html-validate (rules: .htmlvalidate.cjs):\n${found.join('\n')}`);
});
