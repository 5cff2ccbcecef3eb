'use strict';
// Issue 43, item 1: the main article opens with a summary of at most 200
// words (the h2 "in-short", before any other h2) and its running prose stays
// within 4,500 words, counted on the built page (site/render/prose-words.js)
// against the budgets of site/prose-budget.js; `npm run prose-words` prints
// the counts of every post page and fails when the article is over.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { readSite, ensureSite } = require('../../scripts/site-tools/site');
const { proseWords, SUMMARY_ID } = require('../../site/render/prose-words');
const { MAIN_ARTICLE, BUDGETS, budgetVerdict } = require('../../site/prose-budget');

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'scripts', 'prose-words.js');
const pageFile = (url) => `${url.replace(/^\//, '')}index.html`;
const run = (args = []) => spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60000 });
const fmt = (v) => v.toLocaleString('en-GB');

// The article as a reader gets it: the production build.
const article = () => proseWords(readSite(pageFile(MAIN_ARTICLE)));

test('the main article opens with a summary of 1 to 200 words, before any other h2', () => {
  const { summaryWords, sections } = article();
  const budget = BUDGETS[MAIN_ARTICLE].summary;
  assert.notEqual(summaryWords, null, `the article has no summary: add an h2 with the id "${SUMMARY_ID}" (## In short {: #${SUMMARY_ID}}) at its top`);
  assert.equal(sections[0], SUMMARY_ID, `the summary must come before every other h2; the h2s are: ${sections.join(', ')}`);
  assert.ok(summaryWords >= 1 && summaryWords <= budget, `the summary has ${summaryWords} words; it must have 1 to ${budget}`);
});

test('the main article\'s running prose is within its budget of 4,500 words', () => {
  const { words } = article();
  const budget = BUDGETS[MAIN_ARTICLE].prose;
  assert.ok(words <= budget, `the article's running prose is ${fmt(words)} words, over its budget of ${fmt(budget)} (npm run prose-words)`);
});

test('npm run prose-words prints every post page\'s counts from the build and fails when the article is over its budget', () => {
  const site = ensureSite();
  const posts = fs.readdirSync(path.join(site, 'posts')).sort();
  assert.ok(posts.length >= 2, 'the build has post pages');
  const r = run();
  for (const name of posts) {
    const url = `/posts/${name}/`;
    const counts = proseWords(readSite(pageFile(url)));
    const line = r.stdout.split('\n').find((l) => l.startsWith(`${url} `));
    assert.ok(line, `no line for ${url} in:\n${r.stdout}`);
    assert.match(line, new RegExp(`^\\S+\\s+${fmt(counts.words)}\\s`), `${url}: the prose count is not ${counts.words}:\n${line}`);
    const verdict = budgetVerdict(url, counts);
    if (verdict) assert.match(line, new RegExp(`\\s${verdict.prose}\\s.*\\s${verdict.summary}$`), line);
  }
  assert.equal(r.status, budgetVerdict(MAIN_ARTICLE, article()).ok ? 0 : 1, r.stderr);
});

// A site of two posts, the article within its budget or over it.
function fixtureSite(articleWords, summaryWords) {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-prose-words-'));
  const words = (k) => Array(k).fill('word').join(' ');
  const write = (url, body) => {
    fs.mkdirSync(path.join(site, url), { recursive: true });
    fs.writeFileSync(path.join(site, url, 'index.html'), `<article class="post"><div class="prose">${body}</div></article>`);
  };
  write(MAIN_ARTICLE, `<h2 id="${SUMMARY_ID}">In short</h2><p>${words(summaryWords)}</p><h2 id="more">More</h2><p>${words(articleWords - summaryWords)}</p>`);
  write('/posts/other/', `<p>${words(12345)}</p>`);
  return site;
}

test('npm run prose-words exits 0 when the article is within its budgets and 1 when over either, naming the verdict', () => {
  const { prose, summary } = BUDGETS[MAIN_ARTICLE];
  const cases = [
    { words: prose, summary, status: 0, verdicts: ['ok', 'ok'], says: null },
    { words: prose + 1, summary, status: 1, verdicts: ['OVER', 'ok'], says: `its running prose is ${fmt(prose + 1)} words, over ${fmt(prose)}` },
    { words: prose, summary: summary + 1, status: 1, verdicts: ['ok', 'OVER'], says: `its summary is ${fmt(summary + 1)} words, over ${fmt(summary)}` },
  ];
  for (const c of cases) {
    const site = fixtureSite(c.words, c.summary);
    try {
      const r = run(['--site', site]);
      assert.equal(r.status, c.status, `${JSON.stringify(c)}\n${r.stdout}${r.stderr}`);
      assert.equal(r.stderr, c.says ? `prose-words: ${MAIN_ARTICLE}: ${c.says}\n` : '');
      const line = r.stdout.split('\n').find((l) => l.startsWith(MAIN_ARTICLE));
      assert.match(line, new RegExp(`${fmt(c.words)}\\s+${fmt(prose)}\\s+${c.verdicts[0]}\\s+${fmt(c.summary)}\\s+${fmt(summary)}\\s+${c.verdicts[1]}$`));
      // A post without a budget is counted and never held to one.
      assert.match(r.stdout, /^\/posts\/other\/\s+12,345\s+–\s+none\s+–$/m);
    } finally {
      fs.rmSync(site, { recursive: true, force: true });
    }
  }
});

test('npm run prose-words without a built site says to build it first, naming the folder, and exits 1', () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-no-site-'));
  try {
    const r = run(['--site', site]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^prose-words: no built post pages in .*asyncbench-no-site-\w+\/posts\/; run npm run build first$/m);
    assert.equal(r.stdout, '');
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
});
