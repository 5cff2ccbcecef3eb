'use strict';
// The README's lists of the site's models and of our Flot plugins name
// exactly the files in their folders (issue 40: it listed 8 of 13 models and
// 7 of 9 plugins). A newcomer reads the list to find where a chart comes from
// or what draws it; a file missing from it is a file they never find.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

// The list item of `markdown` that names `folder` (in backquotes) first, with
// its continuation lines: the lines after it indented deeper than its `-`.
function listItem(markdown, folder) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^\s*- /.test(l) && l.replace(/^\s*- /, '').startsWith(`\`${folder}\``));
  if (start === -1) return null;
  const indent = lines[start].indexOf('-');
  const item = [lines[start]];
  for (const l of lines.slice(start + 1)) {
    if (!l.trim() || l.search(/\S/) <= indent) break;
    item.push(l);
  }
  return item.join('\n');
}

// The file names in backquotes in `text` that `pattern` accepts.
const namesIn = (text, pattern) => [...new Set([...text.matchAll(/`([\w.-]+\.js)`/g)].map((m) => m[1]).filter((n) => pattern.test(n)))].sort();

// What the README's list leaves out and what it names that is not there.
function compare(listed, present) {
  return {
    unlisted: present.filter((f) => !listed.includes(f)),
    absent: listed.filter((f) => !present.includes(f)),
  };
}

test('the README lists every site model, and only those (site/models/, as site/models/index.js registers them)', () => {
  const item = listItem(README, 'site/models/');
  assert.ok(item, 'README.md has no list item starting with `site/models/`');
  const listed = namesIn(item, /^(?!index\.js$)/);
  const files = fs.readdirSync(path.join(ROOT, 'site', 'models')).filter((f) => f.endsWith('.js') && f !== 'index.js').sort();
  assert.deepEqual(compare(listed, files), { unlisted: [], absent: [] });
  // The registry loads every model file of the folder (no list of its own).
  const registered = require('../../site/models').MODEL_FILES.map((f) => path.basename(f)).sort();
  assert.deepEqual(compare(listed, registered), { unlisted: [], absent: [] });
});

test('the README lists every Flot plugin of ours, and only those (assets/js/flot-*.js)', () => {
  const item = listItem(README, 'assets/');
  assert.ok(item, 'README.md has no list item starting with `assets/`');
  const listed = namesIn(item, /^flot-/);
  const files = fs.readdirSync(path.join(ROOT, 'assets', 'js')).filter((f) => /^flot-.*\.js$/.test(f)).sort();
  assert.deepEqual(compare(listed, files), { unlisted: [], absent: [] });
});

test('a list item runs over its continuation lines and ends at the next item', () => {
  const md = ['- `a/`: `one.js`,', '  `two.js`', '  - `a/b/`: `three.js`', '- `c/`: `four.js`'].join('\n');
  assert.deepEqual(namesIn(listItem(md, 'a/'), /./), ['one.js', 'three.js', 'two.js']);
  assert.deepEqual(namesIn(listItem(md, 'a/b/'), /./), ['three.js']);
  assert.equal(listItem(md, 'd/'), null);
});
