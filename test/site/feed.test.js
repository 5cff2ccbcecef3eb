'use strict';
// Issue 29: the feed was 1.6 MB, the article's entry alone 425 KB, because
// every entry carried the page's charts (their data tables and JSON). An
// entry now carries the prose with each chart and table replaced by a link
// to it (site/render/prose-only.js), and the feed stays under 300 KB.
const test = require('node:test');
const assert = require('node:assert/strict');
const { proseOnly, feedProse } = require('../../site/render/prose-only');
const { readSite } = require('../../scripts/site-tools/site');
const { parseXml, findAll } = require('../helpers/xml');

const MAX_FEED_BYTES = 300 * 1024;
// What no entry may carry: a table, a figure, a chart or its data.
const FIGURE_MARKUP = /<table\b|<figure\b|<script\b|data-chart|class="chart|chart-json/;

// The shapes site/render/chart-html.js writes, cut down.
const chart = '<figure class="chart" id="perf-cpu-time" data-chart>\n<figcaption><a class="chart-permalink" href="#perf-cpu-time" aria-label="Link to this chart">#</a> CPU-bound: time &amp; more</figcaption>\n' +
  '<div class="chart-legend" hidden></div><details class="chart-table" open><summary>Data table</summary><div class="table-scroll"><table><caption>Time, median</caption><tbody><tr><td>1</td></tr></tbody></table></div></details>\n' +
  '<script type="application/json" class="chart-json">{"s":[["a\\u003c/figure>",1]]}</script>\n</figure>';
const dataTable = '<figure class="data-table" id="table-x">\n<figcaption><a class="chart-permalink" href="#table-x" aria-label="Link to this table">#</a> Parallel calls</figcaption>\n<div class="table-scroll"><table><tbody><tr><td>2</td></tr></tbody></table></div>\n</figure>';
const bareTable = '<div class="table-scroll"><table><caption>Plain</caption><tr><td>3</td></tr></table></div>';
const page = `<h2 id="a">Heading</h2>\n<p>First paragraph.</p>\n${chart}\n<ul><li>an item</li></ul>\n${dataTable}\n<pre><code>const x = 1;</code></pre>\n${bareTable}\n<p>Last <math><mi>x</mi></math>.</p>`;

test('proseOnly keeps paragraphs, lists, headings, code and math, and drops figures, tables and scripts', () => {
  const out = proseOnly(page);
  for (const kept of ['<h2 id="a">Heading</h2>', '<p>First paragraph.</p>', '<li>an item</li>', '<pre><code>const x = 1;</code></pre>', '<math><mi>x</mi></math>']) assert.ok(out.includes(kept), kept);
  assert.doesNotMatch(out, FIGURE_MARKUP);
  assert.doesNotMatch(out, /table-scroll|Data table|CPU-bound/);
});

test('feedProse links each figure on the page, by its caption', () => {
  const out = feedProse(page, 'https://example.org/posts/p/');
  assert.doesNotMatch(out, FIGURE_MARKUP);
  assert.ok(out.includes('<p><a href="https://example.org/posts/p/#perf-cpu-time">Chart: CPU-bound: time &amp; more</a></p>'), out);
  assert.ok(out.includes('<p><a href="https://example.org/posts/p/#table-x">Table: Parallel calls</a></p>'));
  assert.ok(out.includes('<p><a href="https://example.org/posts/p/">Table: Plain</a></p>'), 'a table without an id links to the page');
  const long = feedProse(`<figure class="data-table" id="t"><figcaption>${'word '.repeat(100)}</figcaption></figure>`, 'u');
  assert.match(long, /Table: (word ){20,}word…<\/a>/, 'a long caption is cut at a word');
});

test('the production feed is valid Atom under 300 KB, its entries prose without tables or charts', () => {
  const xml = readSite('feed.xml');
  const bytes = Buffer.byteLength(xml);
  assert.ok(bytes < MAX_FEED_BYTES, `feed.xml is ${Math.round(bytes / 1024)} KB, over ${MAX_FEED_BYTES / 1024} KB`);
  const feed = parseXml(xml);
  assert.equal(feed.name, 'feed');
  assert.equal(feed.attrs.xmlns, 'http://www.w3.org/2005/Atom');
  const entries = findAll(feed, 'entry');
  assert.ok(entries.length >= 1);
  for (const e of entries) {
    const title = findAll(e, 'title')[0].text;
    const href = findAll(e, 'link')[0].attrs.href;
    assert.match(href, /^https?:\/\//);
    assert.ok(findAll(e, 'summary')[0].text.trim(), `${title}: no summary`);
    const content = findAll(e, 'content')[0];
    assert.equal(content.attrs.type, 'html');
    assert.match(content.text, /<p>/, `${title}: no prose`);
    assert.doesNotMatch(content.text, FIGURE_MARKUP, `${title}: a table or chart in the feed`);
  }
  const article = entries.find((e) => findAll(e, 'link')[0].attrs.href.endsWith('/posts/analysis-async-patterns-2013-and-now/'));
  assert.ok(article, 'the article is in the feed');
  assert.match(findAll(article, 'content')[0].text, /<a href="https?:\/\/[^"]+\/posts\/analysis-async-patterns-2013-and-now\/#[^"]+">Chart: /, 'its charts are linked');
});
