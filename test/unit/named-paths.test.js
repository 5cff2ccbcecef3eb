'use strict';
// Every repository path that a guide or a code comment names exists, and
// every link of a guide leads somewhere (issue 40): files move, and the prose
// that points at them is the last to learn. A path written with a placeholder
// (`data/perf-<profile>.json`, `test/<tier>/`, `assets/js/flot-*.js`) must
// match at least one file.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, topFolders, pathPattern, pathsIn, commentsOf, filesUnder, exists } = require('../helpers/named-paths');

// The guides.
const DOCS = ['README.md', ...filesUnder('docs', (n) => n.endsWith('.md')), 'examples/README.md', 'data/SCHEMA.md'];
// The code whose comments are read.
const CODE = ['.eleventy.js', ...['scripts', 'site', '_config', 'assets/js', 'test/helpers'].flatMap((d) => filesUnder(d, (n) => /\.c?js$/.test(n)))];

// Paths that name nothing in a checkout, on purpose. Files a command writes
// that are never committed:
const NEVER_COMMITTED = {
  'data/perf.json': 'what a benchmark run without --out writes; the site reads one file per runtime profile instead',
  // Read by the site when present; drop this line once the run is committed.
  'data/perf-then-and-now.json': 'the one run of every runtime profile on one host (issue 42, item 3), not measured yet',
};
// ... and what git ignores (generated: examples/build/, test/artifacts/).
function ignoredByGit(named) {
  return fs.readFileSync(path.join(ROOT, '.gitignore'), 'utf8').split('\n')
    .map((l) => l.trim()).filter((l) => l.includes('/') && !l.startsWith('#') && l.indexOf('/') < l.length - 1)
    .some((dir) => named.startsWith(dir));
}

const read = (rel) => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const PATHS = pathPattern(topFolders());

function missing(found) {
  return found.filter((f) => !NEVER_COMMITTED[f.path] && !ignoredByGit(f.path) && !exists(f.path))
    .map((f) => `${f.file}:${f.line}: ${f.path}`);
}

test('every repository path a guide names exists', () => {
  const found = DOCS.flatMap((file) => pathsIn(read(file), PATHS).map((p) => ({ file, ...p })));
  assert.ok(found.length > 100, `only ${found.length} paths found in the guides: is the pattern broken?`);
  assert.deepEqual(missing(found), []);
});

test('every repository path a code comment names exists', () => {
  const found = CODE.flatMap((file) => commentsOf(read(file))
    .flatMap((c) => pathsIn(c.text, PATHS, c.line).map((p) => ({ file, ...p }))));
  assert.ok(found.length > 100, `only ${found.length} paths found in comments: is the pattern broken?`);
  assert.deepEqual(missing(found), []);
});

test('every relative link of a guide leads to a file, and its #anchor to a heading there', () => {
  const broken = [];
  for (const file of DOCS) {
    const text = read(file);
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue; // another site, or a page of this one
      const [rel, anchor] = target.split('#');
      const to = rel ? path.posix.normalize(path.posix.join(path.posix.dirname(file), rel)) : file;
      const line = text.slice(0, m.index).split('\n').length;
      if (!fs.existsSync(path.join(ROOT, to))) broken.push(`${file}:${line}: ${target} (no file ${to})`);
      else if (anchor && to.endsWith('.md') && !anchorsOf(read(to)).includes(anchor)) broken.push(`${file}:${line}: ${target} (no heading #${anchor} in ${to})`);
    }
  }
  assert.deepEqual(broken, []);
});

// GitHub's heading anchors: lower case, punctuation dropped, spaces to
// hyphens, a repeated one numbered.
function anchorsOf(md) {
  const seen = new Map();
  const out = [];
  for (const m of md.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
    const base = m[1].toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const k = seen.get(base) || 0;
    seen.set(base, k + 1);
    out.push(k ? `${base}-${k}` : base);
  }
  return out;
}

test('the path pattern finds paths, placeholders and folders, and skips what is no repository path', () => {
  const re = pathPattern(['scripts', 'data', 'test', '.ci']);
  const found = (s) => pathsIn(s, re).map((p) => p.path);
  assert.deepEqual(found('see scripts/lib/args.js, `data/perf-<profile>.json` and test/<tier>/.'),
    ['scripts/lib/args.js', 'data/perf-<profile>.json', 'test/<tier>/']);
  assert.deepEqual(found('(../scripts/harness/plan.js) .ci/run'), ['scripts/harness/plan.js', '.ci/run']);
  assert.deepEqual(found('foo/scripts/x.js, https://example.org/data/x.json, /test/page/, .../test/x.js, scripts/lib'), []);
});

test('a placeholder matches one segment, and only an existing file', () => {
  assert.ok(exists('assets/js/flot-*.js'));
  assert.ok(exists('test/<tier>/'));
  assert.ok(!exists('assets/js/flot-*.json'));
  assert.ok(!exists('site/<folder>/chart-data.js'));
});

test('comments are told from strings and regular expressions', () => {
  const src = [
    "const a = '// not a comment'; // one",
    'const re = /\\/\\/ no[/]/g; /* two',
    'still two */ const t = `${x /* three */} // not a comment`;',
    'const d = a / 2; // four',
  ].join('\n');
  assert.deepEqual(commentsOf(src).map((c) => [c.line, c.text.trim()]),
    [[1, 'one'], [2, 'two\nstill two'], [3, 'three'], [4, 'four']]);
});
