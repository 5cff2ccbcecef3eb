'use strict';
// The markdown plugins on a bare markdown-it, for the edge cases a whole
// site build would make slow to pin down.
const test = require('node:test');
const assert = require('node:assert/strict');
const markdownIt = require('markdown-it');
const { tocEntries } = require('../../site/markdown/headings');
const { tocHtml } = require('../../site/render/toc');

const md = markdownIt({ html: true })
  .use(require('../../site/markdown'));
const render = (src) => md.render(src, { page: { inputPath: './posts/x.md' } });

test('the 2013 delimiter allows spaces inside and renders MathML', () => {
  const html = render('grows like $[ O(n^2) ]$ and $[n \\in \\lbrace 1 \\rbrace]$.');
  assert.equal((html.match(/<math /g) || []).length, 2);
  assert.match(html, /<annotation encoding="application\/x-tex">O\(n\^2\)<\/annotation>/);
});

test('dollar amounts, escaped dollars and code spans stay text', () => {
  assert.equal(render('costs $5 or $10'), '<p>costs $5 or $10</p>\n');
  assert.equal(render('a \\$x$ b'), '<p>a $x$ b</p>\n');
  assert.equal(render('`$[ not math ]$`'), '<p><code>$[ not math ]$</code></p>\n');
});

test('display math on its own lines, and inline $$', () => {
  assert.match(render('$$\nx = 1\n$$\n'), /^<div class="math-display"><span class="katex"><math [^>]*display="block"/);
  assert.match(render('a $$y$$ b'), /display="block"/);
});

test('unclosed or empty delimiters and bad TeX fail with a line number', () => {
  assert.throws(() => render('one\n\ntwo $[ x\n'), /posts\/x\.md:3: cannot render math.*never closed/);
  assert.throws(() => render('$[ ]$'), /the formula is empty/);
  assert.throws(() => render('$$\n\\frac{\n$$\n'), /posts\/x\.md:1: cannot render math/);
  assert.throws(() => render('$$\nx\n'), /never closed/);
});

test('headings get unique ids and a permalink', () => {
  const html = render('## Same\n\n## Same\n\n### `code` & more');
  assert.match(html, /<h2 id="same">Same<a class="anchor" href="#same"/);
  assert.match(html, /<h2 id="same-2">/);
  assert.match(html, /<h3 id="code-more">/);
});

test('ids depend on one render only: the same page rendered twice gets the same ids', () => {
  const env = { page: { inputPath: './posts/x.md', url: '/posts/x/' } };
  const first = md.render('## Same\n\n## Same', env);
  assert.equal(md.render('## Same\n\n## Same', env), first);
  assert.doesNotMatch(first, /same-3/);
});

test('a heading keeps an id given with {: #id}; the page\'s h2 and h3 make its table of contents', () => {
  const html = md.render('## First\n\n### Callback styles {: #family-callbacks}\n\n#### Deep\n\n## A & B', { page: { url: '/posts/toc/' } });
  assert.match(html, /<h3 id="family-callbacks">Callback styles<a class="anchor" href="#family-callbacks" aria-label="Link to this section">#<\/a><\/h3>/);
  assert.deepEqual(tocEntries('/posts/toc/'), [
    { level: 2, id: 'first', label: 'First' },
    { level: 3, id: 'family-callbacks', label: 'Callback styles' },
    { level: 2, id: 'a-b', label: 'A &amp; B' },
  ]);
  assert.equal(tocHtml(tocEntries('/posts/toc/')),
    '<ol><li><a href="#first">First</a><ol><li><a href="#family-callbacks">Callback styles</a></li></ol></li><li><a href="#a-b">A &amp; B</a></li></ol>');
});

test('plain fences stay plain; known languages are highlighted', () => {
  assert.equal(render('```\n<b>\n```\n'), '<pre class="code"><code>&lt;b&gt;\n</code></pre>\n');
  assert.match(render('```json\n{"a": 1}\n```\n'), /<span class="hljs-attr">&quot;a&quot;<\/span>/);
});
