'use strict';
// A page's chart data travel in a file of their own, not in its HTML
// (site/render/chart-files.js): the article's first load carries the data
// tables but no chart JSON, and the file its figures name holds every
// figure's data, readable with that figure's table.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { chartModel } = require('../../site/models');
const { makeLoader } = require('../../site/lib/data-files');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');
const { chartFigure } = require('../../site/render/chart-html');
const { rankedFigure } = require('../../site/render/ranked-html');
const { withFamilies } = require('../../site/lib/families');
const { chartFiles, PLACEHOLDER } = require('../../site/render/chart-files');
const { readWire } = require('../../assets/js/chart-format');
const { ensureSite } = require('../../scripts/site-tools/site');

const ARTICLE = 'posts/analysis-async-patterns-2013-and-now/index.html';
// As in charts.test.js: the default runtime's perf file is a fixture, the rest the committed data.
const fixture = makeLoader({ dataDir: path.join(__dirname, '..', 'fixtures', 'charts'), allowIncomplete: true });
const committed = makeLoader({ dataDir: path.join(__dirname, '..', '..', 'data') });
const load = (name) => (name === DEFAULT_PERF ? fixture('perf-synthetic') : committed(name));
load.has = (name) => name === DEFAULT_PERF || committed.has(name);

const unescape = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const tableRows = (figure) => {
  const body = figure.match(/<tbody>([\s\S]*?)<\/tbody>/)[1];
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((tr) => [...tr[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => unescape(c[1])));
};

test('given a page, a figure names the page file and holds no script; finish() names the file by its content', () => {
  const files = chartFiles();
  const data = files.dataFor('/p/');
  const models = [withFamilies(chartModel('perf', { exclude: 'rx' }, load)), withFamilies(chartModel('ranked', { mode: 'cpu' }, load))];
  const line = chartFigure(models[0], '/p/perf.csv', data);
  const ranked = rankedFigure(models[1], '/p/ranked.csv', data);
  for (const html of [line, ranked]) {
    assert.doesNotMatch(html, /<script/);
    assert.ok(html.includes(`data-chart="${PLACEHOLDER}"`));
    assert.ok(!/\n\s*\n/.test(html), 'a blank line would end the markdown HTML block');
  }
  const page = files.finish('/p/', `${line}\n${ranked}`);
  assert.ok(!page.includes(PLACEHOLDER));
  const [url] = [...files.files.keys()];
  const body = files.files.get(url);
  assert.equal(url, `/assets/f/chart-data.${crypto.createHash('sha256').update(body).digest('hex').slice(0, 10)}.json`);
  assert.deepEqual(Object.keys(JSON.parse(body)), models.map((m) => `chart-${m.id}`));
  assert.equal(page.split(`data-chart="${url}"`).length, 3);
});

test('a page with no URL keeps its figures\' data inline; a page showing another page\'s figures stops the build', () => {
  const files = chartFiles();
  assert.equal(files.dataFor(false), null);
  assert.match(chartFigure(chartModel('perf', {}, load), '/x.csv', files.dataFor(false)), /<script type="application\/json" class="chart-json">/);
  files.dataFor('/a/')('chart-x', { s: [] });
  assert.throws(() => files.finish('/b/', `<figure data-chart="${PLACEHOLDER}">`), /\/b\/ shows charts rendered for another page/);
  assert.equal(files.finish('/b/', '<p>no figures</p>'), '<p>no figures</p>');
});

test('the built article: no chart JSON in its HTML; its figures name one data file that holds each of them', () => {
  const site = ensureSite();
  const html = fs.readFileSync(path.join(site, ARTICLE), 'utf8');
  assert.doesNotMatch(html, /class="chart-json"|type="application\/json"/);
  const figures = [...html.matchAll(/<figure class="chart[^"]*" id="([^"]+)" data-chart="([^"]*)"[\s\S]*?<\/figure>/g)];
  // Nine since the p50 and p99 latency charts were dropped (issue 43, item 6).
  assert.ok(figures.length >= 9, `${figures.length} charts`);
  const urls = new Set(figures.map((f) => f[2]));
  assert.equal(urls.size, 1, [...urls].join(', '));
  const [url] = urls;
  assert.match(url, /^\/assets\/f\/chart-data\.[0-9a-f]{10}\.json$/);
  const data = JSON.parse(fs.readFileSync(path.join(site, url), 'utf8'));
  assert.deepEqual(Object.keys(data).sort(), figures.map((f) => f[1]).sort());
  for (const [figure, id] of figures) {
    const read = readWire(data[id], tableRows(figure));
    assert.ok(read.s.length > 0 && read.s.every((s) => Array.isArray(s[1])), id);
  }
});
