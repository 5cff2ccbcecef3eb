'use strict';
// Issue 43: the main article's running prose is held to a word budget, and
// its summary to another. What counts is what a reader reads through: the
// paragraphs and list items of the post's body, not its figures, tables,
// code blocks, closed panels, table of contents, traces or runner, nor the
// page's header and footer (site/render/prose-words.js); the budgets and the
// verdict are site/prose-budget.js.
const test = require('node:test');
const assert = require('node:assert/strict');
const { proseWords, countWords, NoProseBodyError } = require('../../site/render/prose-words');
const { MAIN_ARTICLE, BUDGETS, budgetVerdict } = require('../../site/prose-budget');

const words = (k, w = 'word') => Array(k).fill(w).join(' ');

// A post page as _includes/layouts/post.njk lays it out, around `body`.
const page = (body) => '<!doctype html><html><head><title>A title here</title></head><body>'
  + '<header class="site-header"><a href="/">Site name</a></header><main>'
  + `<article class="post wrap"><header class="post-header"><h1>${words(5)}</h1><p class="meta">${words(3)}</p><p class="lede">${words(30)}</p></header>`
  + `<nav class="toc" aria-labelledby="toc-title"><h2 id="toc-title">Contents</h2><ol><li><a href="#a">${words(12)}</a><ol><li><a href="#b">${words(4)}</a></li></ol></li></ol></nav>`
  + `<div class="prose">\n${body}\n</div>`
  + `<footer class="post-footer"><p class="post-repository">${words(15)}</p><p><a href="/">← All articles</a></p></footer></article></main></body></html>`;

test('a word is a run of non-space characters holding a letter or a digit', () => {
  assert.equal(countWords('1.4× faster, 3 µs — a lone dash'), 7);
  assert.equal(countWords('  — – · … ( ) \n\t'), 0);
  assert.equal(countWords('8,634 words: non-space\u00a0runs (a.k.a. tokens)'), 6, 'a no-break space parts words; punctuation rides along');
});

test('only the paragraphs and list items of the post body count: not its header, lede, contents, headings or footer', () => {
  const r = proseWords(page(`<h2 id="a">${words(9)}</h2><p>${words(10)}</p><h3 id="b">${words(9)}</h3><ul><li>${words(3)}</li><li>${words(4)}</li></ul>`));
  assert.equal(r.words, 17);
});

test('figures, tables, code blocks, closed panels, a contents list, traces and the runner are skipped; inline code counts', () => {
  const skipped = [
    `<figure class="chart" id="c"><figcaption>${words(20)}</figcaption><p>${words(20)}</p><ul><li>${words(20)}</li></ul></figure>`,
    `<div class="table-scroll"><table><caption>${words(20)}</caption><tr><td><p>${words(20)}</p></td></tr></table></div>`,
    `<pre class="code"><code class="hljs language-js">${words(20, 'x')}\n<span>${words(20, 'y')}</span></code></pre>`,
    '<p class="meta code-file">File: <code>posts/analysis/samples/1-callbacks.js</code></p>',
    `<details><summary>${words(5)}</summary><p>${words(20)}</p><ol><li>${words(20)}</li></ol></details>`,
    `<nav class="toc"><ol><li>${words(20)}</li></ol></nav>`,
    `<div class="traces"><div class="trace"><p class="meta">${words(20)}</p><ul><li>${words(20)}</li></ul></div></div>`,
    `<div class="runner-figure" id="browser-runner"><p class="runner-status">${words(20)}</p></div>`,
    `<script type="application/json">{"p": "<p>${words(20)}</p>"}</script>`,
  ];
  const prose = '<p>Call <code>co(gen)</code> then <code>await</code> the <code>result.value</code> it gives.</p>';
  assert.equal(proseWords(page(prose)).words, 8, 'the words of inline code count');
  assert.equal(proseWords(page(skipped.join('\n') + prose)).words, 8);
  // A skipped block inside a paragraph or an item leaves the words around it.
  assert.equal(proseWords(page(`<ul><li>${words(3)}<pre><code>${words(50)}</code></pre>${words(2)}</li></ul>`)).words, 5);
});

test('a nested list or a paragraph in an item is counted once, and items do not run together', () => {
  assert.equal(proseWords(page('<ul><li>one two<ul><li>three four</li><li>five</li></ul></li></ul>')).words, 5);
  assert.equal(proseWords(page('<ol><li><p>one two</p><p>three</p></li><li>four</li></ol>')).words, 4);
  assert.equal(proseWords(page('<ul><li>a<ul><li>b</li><li>c</li></ul></li></ul>')).words, 3);
  assert.equal(proseWords(page('<blockquote><p>one two</p></blockquote><p>three<br>four</p>')).words, 4);
});

test('inline markup does not part a word; a formula is one word', () => {
  assert.equal(proseWords(page('<p><em>un</em>broken, 1.4<span>×</span>, <a href="#x">linked</a>.</p>')).words, 3);
  const math = '<math><semantics><mrow><mi>t</mi><mo>∝</mo><msup><mi>n</mi><mi>k</mi></msup></mrow><annotation encoding="application/x-tex">t \\propto n^k</annotation></semantics></math>';
  assert.equal(proseWords(page(`<p>grows as ${math} with n</p>`)).words, 5);
});

test('the summary is the section from the h2 "in-short" to the next h2, counted the same way, and part of the prose', () => {
  const r = proseWords(page(`<p>${words(4)}</p><h2 id="in-short">In short</h2><p>${words(20)}</p><ul><li>${words(5)}</li></ul>`
    + `<figure><p>${words(30)}</p></figure><h3 id="sub">Sub</h3><p>${words(2)}</p>`
    + `<h2 id="next">Next</h2><p>${words(100)}</p>`));
  assert.equal(r.summaryWords, 27);
  assert.equal(r.words, 131);
  assert.deepEqual(r.sections, ['in-short', 'next']);
});

test('no h2 "in-short": the summary is null; the contents\' own h2 is not a section', () => {
  const r = proseWords(page(`<h2 id="intro">Intro</h2><p>${words(6)}</p><p id="in-short">${words(3)}</p>`));
  assert.equal(r.summaryWords, null);
  assert.equal(r.words, 9);
  assert.deepEqual(r.sections, ['intro']);
  assert.equal(proseWords(page('<h2 id="in-short">In short</h2><h2 id="b">B</h2>')).summaryWords, 0, 'an empty summary is 0, not null');
});

test('a page without a post body is refused, naming what is missing', () => {
  assert.throws(() => proseWords('<html><body><main><p>Home page</p></main></body></html>'), (err) => {
    assert.ok(err instanceof NoProseBodyError);
    assert.equal(err.code, 'ENOPROSEBODY');
    assert.match(err.message, /class="prose"/);
    return true;
  });
});

test('the main article has a budget: prose and summary each ok up to it, OVER past it, the summary MISSING when absent or empty', () => {
  const { prose, summary } = BUDGETS[MAIN_ARTICLE];
  assert.deepEqual(budgetVerdict(MAIN_ARTICLE, { words: prose, summaryWords: summary }), { prose: 'ok', summary: 'ok', ok: true });
  assert.deepEqual(budgetVerdict(MAIN_ARTICLE, { words: prose + 1, summaryWords: 1 }), { prose: 'OVER', summary: 'ok', ok: false });
  assert.deepEqual(budgetVerdict(MAIN_ARTICLE, { words: 10, summaryWords: summary + 1 }), { prose: 'ok', summary: 'OVER', ok: false });
  assert.deepEqual(budgetVerdict(MAIN_ARTICLE, { words: 10, summaryWords: null }), { prose: 'ok', summary: 'MISSING', ok: false });
  assert.deepEqual(budgetVerdict(MAIN_ARTICLE, { words: 10, summaryWords: 0 }), { prose: 'ok', summary: 'MISSING', ok: false });
  assert.equal(budgetVerdict('/posts/results/', { words: 1e6, summaryWords: null }), null, 'a post without a budget has no verdict');
});
