'use strict';
// The main article, built as a drafts preview: its samples and the reference
// upload are shown whole from their files, every variant of the manifest has
// its paragraph, libraries and link, and every section is written.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { buildDraftsSite, visibleText, shownCode } = require('../helpers/drafts-site');
const { readSite } = require('../../scripts/site-tools/site');
const { loadManifest } = require('../../scripts/lib/manifest');
const { inlineCode, codeAsText } = require('../../site/format');

const ROOT = path.join(__dirname, '..', '..');
const URL = '/posts/analysis-async-patterns-2013-and-now/';
const SOURCE = path.join(ROOT, 'posts', 'analysis-async-patterns-2013-and-now.md');
const prose = JSON.parse(fs.readFileSync(path.join(ROOT, 'posts', 'analysis', 'variants-prose.json'), 'utf8'));
const manifest = loadManifest();

let site;
let html;
let results;
test.before(() => {
  site = buildDraftsSite();
  html = site.read(URL);
  results = site.read('/posts/results/');
});

// A variant's one-line entry in the list of variants, which moved from the
// article to the results page (issue 43: the article's prose budget).
function variantEntry(id) {
  const m = new RegExp(`<li id="variant-${id}">[\\s\\S]*?</li>`).exec(results);
  assert.ok(m, `no entry for variant ${id}`);
  return m[0];
}

test('the article is published: its page is in the production build, on the home page and in the feed', () => {
  assert.match(fs.readFileSync(SOURCE, 'utf8'), /^---\n[\s\S]*?^draft: false$[\s\S]*?^---$/m);
  assert.match(html, /<h1>Analysis of async patterns in Node, 2013 and now<\/h1>/);
  assert.match(readSite('posts/analysis-async-patterns-2013-and-now/index.html'), /<h1>Analysis of async patterns in Node, 2013 and now<\/h1>/);
  assert.match(readSite('index.html'), /href="\/posts\/analysis-async-patterns-2013-and-now\/"/);
  assert.match(readSite('feed.xml'), /posts\/analysis-async-patterns-2013-and-now\//);
});

test('its sections are in the table of contents; the families of variants in the results page\'s', () => {
  const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(html)[0];
  for (const id of ['in-short', 'from-callbacks-to-async-functions', 'the-workload', 'the-variants', 'why-the-costs-differ', 'conclusion']) {
    assert.match(toc, new RegExp(`href="#${id}"`));
  }
  const resultsToc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(results)[0];
  for (const family of new Set(manifest.variants.map((v) => v.family))) assert.match(resultsToc, new RegExp(`href="#family-${family}"`));
});

test('every sample is shown whole from its file, and the two uploads of the summary whole as functions', () => {
  const { functionSource } = require('../../site/render/code-sample');
  const shown = [...html.matchAll(/data-file="([^"]+)"(?: data-fn="([^"]+)")?/g)].map((m) => [m[1], m[2]]);
  const fns = shown.filter(([, fn]) => fn).map(([rel, fn]) => `${rel}#${fn}`);
  assert.deepEqual(fns, ['examples/original.js#upload', 'examples/async-await.js#upload']);
  // Side by side, the callback one first, inside the summary.
  const summary = /<h2 id="in-short">[\s\S]*?(?=<h2 )/.exec(html)[0];
  assert.match(summary, /<div class="code-pair">[\s\S]*data-file="examples\/original\.js"[\s\S]*data-file="examples\/async-await\.js"/);
  assert.ok(shown.filter(([f]) => f.startsWith('posts/analysis/samples/')).length >= 5);
  for (const [rel, fn] of shown) {
    const source = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    const expected = fn ? `${functionSource(source, fn, { rel, from: 'test' })}\n` : source;
    assert.equal(shownCode(html, rel, fn), expected, `${rel}${fn ? ` (${fn})` : ''} is cut or altered on the page`);
  }
});

test('every manifest variant has a one-line entry: its page link, its description, its libraries and its 2013 file; the paragraph is on its page only', () => {
  for (const v of manifest.variants) {
    const entry = variantEntry(v.id);
    assert.ok(entry.includes(`href="/variants/${v.id}/"`), `no link to the page of ${v.id}`);
    const text = visibleText(entry);
    // Its code spans rendered as code (issue 43): the words without the backticks.
    assert.ok(text.includes(codeAsText(v.description)), `${v.id}: description missing`);
    for (const [name, version] of Object.entries(v.libraries)) {
      assert.ok(text.includes(`${name} ${version}`), `${v.id}: library ${name} ${version} not shown`);
    }
    if (!Object.keys(v.libraries).length) assert.match(text, /No library/);
    if (v.article2013) assert.ok(text.includes(`in 2013: ${v.article2013}`), `${v.id}: 2013 file not named`);
    else assert.match(text, /new since 2013/);
    // The full paragraph lives on the variant page (test/site/variant-pages.test.js),
    // not twice: the article stays light (issue 16).
    assert.ok(!html.includes(inlineCode(prose.variants[v.id])), `${v.id}: its full paragraph is in the article`);
    assert.ok(!results.includes(inlineCode(prose.variants[v.id])), `${v.id}: its full paragraph is on the results page`);
    assert.ok(site.read(`/variants/${v.id}/`).includes(inlineCode(prose.variants[v.id])), `${v.id}: its page lacks its paragraph`);
  }
  const count = (results.match(/<li id="variant-/g) || []).length;
  assert.equal(count, manifest.variants.length);
  assert.equal((html.match(/<li id="variant-/g) || []).length, 0, 'the article links to the list instead of repeating it');
});

test('every link inside the site points at a page or anchor the build has', () => {
  const prosePart = /<div class="prose">([\s\S]*)<\/div>\s*<footer class="post-footer">/.exec(html)[1];
  for (const [, href] of prosePart.matchAll(/href="(\/[^"]*|#[^"]*)"/g)) {
    const [page, anchor] = href.split('#');
    if (page) assert.ok(site.has(page), `${href}: no such page in the build`);
    const target = page ? site.read(page) : html;
    if (anchor) assert.ok(target.includes(`id="${anchor}"`), `${href}: no such anchor`);
  }
});

test('every section is written, with no placeholder left, visible or in a comment', () => {
  assert.doesNotMatch(html, /Section placeholder/, 'a placeholder comment is left');
  for (const [id, title] of [['complexity', 'Complexity'], ['performance', 'Performance'], ['methodology', 'Methodology'],
    ['then-and-now-thirteen-years-of-runtimes', 'Then and now: thirteen years of runtimes'], ['the-2013-run-reproduced', 'The 2013 run, reproduced'],
    ['debuggability', 'Debuggability'], ['conclusion', 'Conclusion']]) {
    assert.match(html, new RegExp(`<h[23] id="${id}">${title}<`), `no written section ${title}`);
  }
  // The matrix section draws from every runtime in the data, not a fixed list.
  assert.match(html, /id="chart-matrix-cpu-ratio"/);
  assert.match(html, /id="table-reproduction-2013-cpu"/);
  const text = visibleText(/<article[\s\S]*<\/article>/.exec(html)[0]);
  assert.doesNotMatch(text, /\bTODO\b|\bTBD\b|FIXME|placeholder/i);
  assert.doesNotMatch(text, /{{|}}|{%|%}/, 'template syntax leaked into the page');
});
