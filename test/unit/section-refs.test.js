'use strict';
// Every section a guide, a comment or a message sends the reader to
// (`README, "Runtimes"`, `examples/README.md, "The manifest"`) is a heading of
// that file (issue 40): sections move to other files and change their
// names, and the text that points at them is the last to learn.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, topFolders, filesUnder } = require('../helpers/named-paths');

const DOCS = ['README.md', ...filesUnder('docs', (n) => n.endsWith('.md')), 'examples/README.md', 'data/SCHEMA.md'];
// Code and its JSON, whole: an error message that names a section counts too.
const CODE_FOLDERS = ['scripts', 'site', '_config', 'assets/js', 'test/helpers'];
const TEXTS = [
  '.eleventy.js', 'renovate.json', '.ci/run',
  ...CODE_FOLDERS.flatMap((d) => filesUnder(d, (n) => /\.(c?js|json)$/.test(n))),
];
const read = (rel) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

// `README, "Runtimes"`, `examples/README.md, "The manifest"`,
// `data/SCHEMA.md "Noise"`: the quoted text is part of a heading of that file.
// Comment markers and line breaks are read as spaces, so a reference may
// wrap; the quotes may be escaped (a JSON string).
const SECTION_REF = /\b((?:[\w.-]+\/)*[\w.-]+\.md|README)(?:'s)?,?\s+(?:section\s+)?\\?(["'“])(.+?)\\?["'”]/g;

// Only the repository's own guides: a note kept elsewhere is not checked.
function sectionRefs(file, text) {
  const flat = text.replace(/[ \t]*\n[ \t]*(?:\/\/+|\*(?!\/)|#)?[ \t]*/g, ' ');
  const folders = topFolders();
  return [...flat.matchAll(SECTION_REF)]
    .map((m) => ({ file, doc: m[1] === 'README' ? 'README.md' : m[1], section: m[3] }))
    .filter((r) => r.doc === 'README.md' || folders.includes(r.doc.split('/')[0]));
}

const headingsOf = (md) => [...md.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => m[1].toLowerCase());

test('every section a guide, a comment or a message sends the reader to is a heading of that file', () => {
  const refs = [...DOCS, ...TEXTS].flatMap((file) => sectionRefs(file, read(file)));
  assert.ok(refs.length > 5, `only ${refs.length} section references found: is the pattern broken?`);
  const wrong = refs.filter(({ doc, section }) => {
    const file = path.join(ROOT, doc);
    if (!fs.existsSync(file)) return true;
    return !headingsOf(fs.readFileSync(file, 'utf8')).some((h) => h.includes(section.toLowerCase()));
  }).map((r) => `${r.file}: ${r.doc}, "${r.section}"`);
  assert.deepEqual(wrong, []);
});

test('a reference may wrap, sit in a comment or a JSON string, and names README or a path', () => {
  const text = [
    '// see README, "Rerunning',
    '// the benchmarks"; data/SCHEMA.md "Noise"',
    '"$comment": "(README, \\"Runtimes\\")", shared/notes/x.md, "Elsewhere"',
  ].join('\n');
  assert.deepEqual(sectionRefs('f.js', text).map((r) => `${r.doc}: ${r.section}`),
    ['README.md: Rerunning the benchmarks', 'data/SCHEMA.md: Noise', 'README.md: Runtimes']);
});
