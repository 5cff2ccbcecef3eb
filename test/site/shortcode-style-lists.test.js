'use strict';
// No shortcode emits more than three style names in one sentence (issue 43):
// "The far end of the table is A, tied with B, C, D, E, F, G and H" reads as
// a dump of the data. Every prose shortcode call in posts/*.md is rendered
// here with the committed data, as the build renders it, and each sentence
// of its output is counted.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const registerProse = require('../../_config/prose');
const { loadManifest } = require('../../scripts/lib/manifest');

const ROOT = path.join(__dirname, '..', '..');
const POSTS = path.join(ROOT, 'posts');
const MAX = 3;

// The prose shortcodes, registered as the build registers them.
const shortcodes = new Map();
// {% claim %} is paired and prints the sentence it checks, not a name of its own.
registerProse({ addShortcode: (name, fn) => shortcodes.set(name, fn), addPairedShortcode: () => {} });

// `"perf", a="original", n=1000, list=false` -> [positional, keywords], or
// null for arguments that are not literals (a loop's variable).
function parseArgs(text) {
  const positional = [];
  const kw = {};
  const re = /\s*(?:(\w+)\s*=\s*)?("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|true|false)\s*(?:,|$)/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return null;
    const raw = m[2];
    const value = raw === 'true' ? true : raw === 'false' ? false : /^["']/.test(raw) ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : Number(raw);
    if (m[1]) kw[m[1]] = value;
    else positional.push(value);
    at = re.lastIndex;
  }
  return [positional, kw];
}

function calls() {
  const out = [];
  for (const file of fs.readdirSync(POSTS).filter((f) => f.endsWith('.md'))) {
    const text = fs.readFileSync(path.join(POSTS, file), 'utf8');
    for (const m of text.matchAll(/\{%-?\s*(\w+)\s+([\s\S]*?)\s*-?%\}/g)) {
      if (!shortcodes.has(m[1])) continue;
      const args = parseArgs(m[2].replace(/\s+/g, ' '));
      if (args) out.push({ file, name: m[1], source: m[0], args });
    }
  }
  return out;
}

// Every style title a shortcode can print: the main manifest's (its links
// name /variants/<id>/) and the scenario posts' own runners.
const SCENARIO_TITLES = ['chains', 'delegation', 'streamline-modes']
  .flatMap((s) => JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', s, 'manifest.json'), 'utf8')).variants.map((v) => v.title))
  .sort((a, b) => b.length - a.length);
const MAIN_TITLES = loadManifest().variants.map((v) => v.title);

// Style names in one sentence of HTML: each link to a variant page, then
// each scenario runner's title in the text that is left (longest first, so
// "async/await with helpers" is one name, not two).
function namesIn(sentence) {
  let count = (sentence.match(/<a href="\/variants\/[^"/]+\/">/g) || []).length;
  let text = sentence.replace(/<a href="\/variants\/[^"]*">[\s\S]*?<\/a>/g, ' ').replace(/<[^>]+>/g, ' ');
  for (const title of SCENARIO_TITLES.concat(MAIN_TITLES)) {
    const parts = text.split(title);
    count += parts.length - 1;
    text = parts.join(' ');
  }
  return count;
}

// Sentences: a full stop, question or exclamation mark followed by a space
// and a capital or a tag ("1.5×" and "e.g." stay inside one), and the end of
// a block (the traces shortcode gives one block per style).
const sentences = (html) => html.split(/(?<=[.!?])\s+(?=[A-Z<])|<\/(?:p|div|li|pre)>/);

test('the posts call prose shortcodes, and each renders', () => {
  const all = calls();
  assert.ok(all.length > 50, `found ${all.length} calls`);
  for (const c of all) {
    const out = shortcodes.get(c.name).call({ page: { inputPath: `posts/${c.file}` } }, ...c.args[0], { ...c.args[1], __keywords: true });
    assert.equal(typeof out, 'string', `${c.file}: ${c.source}`);
  }
});

test('no shortcode emits more than three style names in one sentence', () => {
  const over = [];
  for (const c of calls()) {
    const out = shortcodes.get(c.name).call({ page: { inputPath: `posts/${c.file}` } }, ...c.args[0], { ...c.args[1], __keywords: true });
    for (const s of sentences(out)) {
      const k = namesIn(s);
      if (k > MAX) over.push(`${c.file}: ${c.source} names ${k} styles in: ${s.replace(/<[^>]+>/g, '').slice(0, 200)}`);
    }
  }
  assert.deepEqual(over, []);
});

test('the count of names is right on a sentence that lists styles', () => {
  const link = (id, t) => `<a href="/variants/${id}/">${t}</a>`;
  assert.equal(namesIn(`${link('original', 'Nested callbacks')}, tied with ${link('rx', 'Reactive (RxJS 7)')} and async/await with helpers`), 3);
  assert.equal(namesIn('9 styles'), 0);
});
