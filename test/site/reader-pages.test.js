'use strict';
// What a reader of the built pages found wrong in the words around the
// figures (issue 43, captions and names), checked over the real build in
// _site/: every post links to the repository, no paragraph is a lone full
// stop, no text shows a literal backtick, no reason is an operator's to-do,
// warm figures count warm figures, the Chromium sentence says what the
// recorded V8 versions say.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ensureSite, readSite } = require('../../scripts/site-tools/site');
const { visibleText } = require('../helpers/drafts-site');
const { makeLoader } = require('../../site/lib/data-files');
const numbers = require('../../site/prose/numbers');

const ROOT = path.join(__dirname, '..', '..');
const POSTS = ['analysis-async-patterns-2013-and-now', 'results', 'promises-aplus-chains', 'generator-delegation', 'streamline-modes'];
const ARTICLE = 'posts/analysis-async-patterns-2013-and-now/index.html';
const RESULTS = 'posts/results/index.html';

// Every built page, as [path under _site, html].
function pages() {
  const site = ensureSite();
  const out = [];
  (function walk(dir) {
    for (const name of fs.readdirSync(dir)) {
      const abs = path.join(dir, name);
      if (fs.statSync(abs).isDirectory()) walk(abs);
      else if (name.endsWith('.html')) out.push([path.relative(site, abs), fs.readFileSync(abs, 'utf8')]);
    }
  })(site);
  return out;
}

// The page's body less what is code or machine data: <pre>, <code>, <script>.
const withoutCode = (html) => html.replace(/<(pre|code|script|style)\b[\s\S]*?<\/\1>/g, ' ');

test('every post links to the repository (site.repository)', () => {
  const repository = (process.env.ASYNCBENCH_REPOSITORY || 'https://github.com/asyncbench/asyncbench').replace(/\/$/, '');
  for (const slug of POSTS) {
    const html = readSite(`posts/${slug}/index.html`);
    const footer = /<footer class="post-footer">([\s\S]*?)<\/footer>/.exec(html);
    assert.ok(footer, `${slug}: no post footer`);
    assert.ok(footer[1].includes(`href="${repository}"`), `${slug}: the footer does not link to ${repository}`);
  }
});

test('no paragraph of any page is only punctuation (a caption line with nothing before its full stop)', () => {
  const lone = [];
  for (const [file, html] of pages()) {
    for (const m of html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)) {
      if (/^[\s.,;:·]*$/.test(visibleText(m[1]))) lone.push(`${file}: ${m[0].slice(0, 80)}`);
    }
  }
  assert.deepEqual(lone, []);
});

test('no page shows a literal backtick outside code (a variant\'s description is rendered with its code spans)', () => {
  const shown = [];
  for (const [file, html] of pages()) {
    const body = html.slice(html.indexOf('<body'));
    const text = visibleText(withoutCode(body));
    const at = text.indexOf('`');
    if (at >= 0) shown.push(`${file}: …${text.slice(Math.max(0, at - 60), at + 40).replace(/\s+/g, ' ')}…`);
  }
  assert.deepEqual(shown, []);
  assert.match(readSite('variants/fibrous/index.html'), /<p class="lede">[^<]*<code>obj\.sync\.method\(\)<\/code>/);
});

test('a reason a cell is empty is for readers: no page tells them to run a command to fill it', () => {
  const todo = [];
  for (const [file, html] of pages()) {
    // Title attributes and footnotes included: the whole reason shows there.
    for (const m of html.matchAll(/[^>"]{0,80}\brun `npm run [^`]*`/g)) todo.push(`${file}: ${m[0]}`);
    if (/is not built; run/.test(html)) todo.push(`${file}: "is not built; run"`);
  }
  assert.deepEqual(todo, []);
});

test('a figure drawn from warm medians counts the processes with a warm figure, not the repetitions', () => {
  for (const file of [ARTICLE, RESULTS]) {
    const html = readSite(file);
    const table = /<figure class="data-table" id="table-costPerCall">[\s\S]*?<\/figure>/.exec(html);
    assert.ok(table, `${file}: no cost table`);
    const meta = /<p class="chart-meta">([\s\S]*?)<\/p>/.exec(table[0])[1];
    assert.match(meta, /\d+(–\d+)? processes with a warm figure per point/, `${file}: ${meta}`);
    assert.doesNotMatch(meta, /repetitions? per point/, `${file}: ${meta}`);
  }
});

test('the runs table never gives 0 processes for a run whose repetitions the file holds', () => {
  const html = readSite(RESULTS);
  const tables = [...html.matchAll(/<figure class="data-table" id="table-runs-[^"]*">[\s\S]*?<\/figure>/g)].map((m) => m[0]);
  assert.ok(tables.length > 0, 'the results page lists the runs behind its figures');
  for (const t of tables) {
    const heads = [...t.matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((m) => visibleText(m[1]).trim());
    const processes = heads.findIndex((h) => h.startsWith('Processes'));
    const kept = heads.findIndex((h) => h.startsWith('Kept'));
    assert.ok(processes > 0 && kept > 0, heads.join(' | '));
    for (const row of t.matchAll(/<tr><th scope="row">[\s\S]*?<\/tr>/g)) {
      const cells = [...row[0].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((m) => visibleText(m[1]).trim());
      assert.ok(/^(\d+|not recorded)$/.test(cells[processes]), cells.join(' | '));
      if (Number(cells[kept]) > 0) assert.notEqual(cells[processes], '0', cells.join(' | '));
    }
  }
});

test('captions credit uncommitted changes only where the run recorded which files changed', () => {
  // The committed runs recorded "dirty" without the paths: none can say the measured code changed.
  for (const [file, html] of pages()) assert.doesNotMatch(html, /\(uncommitted changes\)/, file);
});

test('the Chromium sentence names the Node whose V8 is nearest, as the recorded versions say', () => {
  const load = makeLoader({ dataDir: path.join(ROOT, 'data') });
  const nearest = numbers.nearestV8(load, 'chromium');
  const text = visibleText(readSite(ARTICLE)).replace(/\s+/g, ' ');
  assert.match(text, new RegExp(`carries V8 ${numbers.v8Version(load, 'chromium').replace('.', '\\.')}, nearest to that of ${nearest.replace(/[.()]/g, '\\$&')}`));
  assert.doesNotMatch(text, /close to that of Node 24/);
});

// Issue 43: prose named a style by its title ("Promises with Q") while its
// chart legend and table rows used its id ("promises-q"). Over the article,
// the results page and the posts: every name shown for a style, in a link to
// its page, a table row, or a chart's legend (its data: label and name), is
// one, up to the case of its first letter (a name starting a sentence or
// inside one).
test('one name per style across the article, the results page and the posts', () => {
  const { styleName, scenarioStyleName } = require('../../site/lib/style-names');
  const SCENARIO = { 'promises-aplus-chains': 'chains', 'generator-delegation': 'delegation', 'streamline-modes': 'streamline-modes' };
  const seen = new Map(); // style key -> Map(normalised name -> where)
  const norm = (name) => name.trim().replace(/^./, (c) => c.toLowerCase());
  const add = (key, name, where) => {
    if (!seen.has(key)) seen.set(key, new Map());
    if (!seen.get(key).has(norm(name))) seen.get(key).set(norm(name), where);
  };
  for (const slug of POSTS) {
    const html = readSite(`posts/${slug}/index.html`);
    const scenario = SCENARIO[slug];
    // A label of this page -> its style's key, or null for no style (a runtime, the floor line).
    const keyOf = (label) => {
      if (scenario && scenarioStyleName(scenario, label) !== label) return `${scenario}:${label}`;
      return styleName(label) !== label ? label : null;
    };
    for (const m of html.matchAll(/<a href="\/variants\/([^/"]+)\/">([\s\S]*?)<\/a>/g)) add(m[1], visibleText(m[2]), `${slug}: a link`);
    for (const m of html.matchAll(/<th scope="row" data-series="([^"]*)">([\s\S]*?)<\/th>/g)) {
      const key = keyOf(m[1]);
      if (key) add(key, visibleText(m[2]), `${slug}: a table row`);
    }
    // Every row header whose text is a style's id is a second name for it.
    for (const m of html.matchAll(/<th scope="row">([\s\S]*?)<\/th>/g)) {
      const text = visibleText(m[1]).trim();
      const key = keyOf(text);
      if (key) add(key, text, `${slug}: a table row`);
    }
    // Inline, or in the page's chart data file (one object: figure id -> its data).
    const files = new Set([...html.matchAll(/data-chart="([^"]+)"/g)].map((m) => m[1].replace(/^\//, '').replace(/&amp;/g, '&')));
    const wires = [...html.matchAll(/<script type="application\/json" class="chart-json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]))
      .concat([...files].flatMap((f) => Object.values(JSON.parse(readSite(f)))));
    for (const w of wires) {
      w.s.forEach((row, i) => {
        const key = keyOf(row[0]);
        if (key) add(key, w.nm ? w.nm[i] : row[0], `${slug}: a chart's legend`);
      });
    }
  }
  const many = [...seen].filter(([, names]) => names.size > 1).map(([key, names]) => `${key}: ${[...names].map(([n, w]) => `"${n}" (${w})`).join(', ')}`);
  assert.ok(seen.size > 40, `styles seen: ${seen.size}`);
  assert.deepEqual(many, []);
});
