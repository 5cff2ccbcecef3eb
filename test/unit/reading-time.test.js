'use strict';
// Issue 29: the article said "58 min read" because its tables, chart legends
// and chart data were counted as words. The reading time counts what a
// reader reads: paragraphs, lists, headings and code blocks (a formula is
// one word), at 220 words a minute; tables and charts are looked at, not
// counted (_config/filters.js readingTime, site/render/prose-only.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const { readingTime } = require('../../_config/filters').helpers;

const words = (k, w = 'word') => Array(k).fill(w).join(' ');

test('prose, lists, headings and code count; tables and charts do not', () => {
  const prose = `<h2 id="h">${words(20)}</h2><p>${words(300)}</p><ul><li>${words(120)}</li></ul>`;
  const code = `<pre class="code"><code class="hljs language-js"><span class="hljs-keyword">${words(220, 'x')}</span></code></pre>`;
  const chart = `<figure class="chart" id="c" data-chart><figcaption>${words(30)}</figcaption>` +
    `<div class="chart-legend">${words(500)}</div><details class="chart-table"><summary>Data table</summary><div class="table-scroll"><table><tr><td>${words(2000)}</td></tr></table></div></details>` +
    `<script type="application/json" class="chart-json">{"s":"${words(3000)}"}</script></figure>`;
  const table = `<div class="table-scroll"><table><caption>${words(10)}</caption><tr><td>${words(2000)}</td></tr></table></div>`;
  // 440 words of prose and 220 of code: 3 minutes.
  assert.equal(readingTime(prose + code + chart + table), '3 min read');
  assert.equal(readingTime(prose + code), '3 min read', 'the figures add nothing');
});

test('a formula counts as one word, and any page takes at least a minute', () => {
  const math = '<math><semantics><mrow><mi>t</mi><mo>∝</mo><msup><mi>n</mi><mi>k</mi></msup></mrow><annotation encoding="application/x-tex">t \\propto n^k</annotation></semantics></math>';
  assert.equal(readingTime(`<p>${words(219)} ${math}</p>`), '1 min read');
  assert.equal(readingTime(`<p>${words(329)} ${math}</p>`), '2 min read');
  assert.equal(readingTime(''), '1 min read');
});
