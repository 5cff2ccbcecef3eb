'use strict';
// The codeSample shortcode (site/render/code-sample.js): a repository file shown
// highlighted at build time, with the markup of a highlighted fence, and a
// build error naming the page when the file cannot be shown.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readSample, codeSampleHtml } = require('../../site/render/code-sample');

const ROOT = path.join(__dirname, '..', '..');

const decode = (html) => html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

test('shows the whole file, highlighted, as one <pre> block followed by its path', () => {
  const sample = readSample('examples/original.js');
  const html = codeSampleHtml(sample);
  assert.match(html, /^<pre class="code" data-lang="js" data-file="examples\/original\.js"><code class="hljs language-js">/);
  assert.match(html, /<span class="hljs-keyword">function<\/span>/);
  const code = /<code class="hljs language-js">([\s\S]*)<\/code><\/pre>/.exec(html)[1];
  assert.equal(decode(code), fs.readFileSync(path.join(ROOT, 'examples', 'original.js'), 'utf8'));
  // Everything after the code sits on the line of </pre>: markdown-it then
  // keeps the block whole, blank lines in the code included.
  assert.doesNotMatch(html.slice(html.indexOf('</pre>')), /\n/);
  assert.match(html, /<\/pre><p class="meta code-file">File: <code>examples\/original\.js<\/code><\/p>$/);
});

test('escapes markup in the source', () => {
  const html = codeSampleHtml({ rel: 'x.js', source: 'const s = "</pre><script>alert(1)</script>";\n' });
  assert.doesNotMatch(html, /<script>/);
  assert.equal((html.match(/<\/pre>/g) || []).length, 1);
});

test('a missing file fails, naming the page, the path and where paths start', () => {
  assert.throws(() => readSample('examples/nope.js', { from: 'posts/x.md' }),
    /codeSample in posts\/x\.md: cannot read "examples\/nope\.js" \(ENOENT\); paths are relative to the repository root/);
});

test('a path outside the repository is refused', () => {
  assert.throws(() => readSample('../secrets.js', { from: 'posts/x.md' }), /"\.\.\/secrets\.js" is outside the repository/);
  assert.throws(() => readSample('/etc/hostname.js', { from: 'posts/x.md' }), /outside the repository/);
});

test('a file type it cannot highlight is refused, naming the known ones', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-sample-'));
  try {
    fs.writeFileSync(path.join(dir, 'notes.py'), 'print(1)\n');
    assert.throws(() => readSample('notes.py', { root: dir }), /no language for "\.py"; known: \.js/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('fn= shows one top-level function whole, declared or assigned by name, and names a missing one', () => {
  const { functionSource } = require('../../site/render/code-sample');
  const source = "'use strict';\nvar a = 1;\nexports.upload = function upload(x, done) {\n  done(null, x);\n};\nasync function other() {\n  await 1;\n}\n";
  assert.equal(functionSource(source, 'upload', { rel: 'x.js', from: 'p' }), 'exports.upload = function upload(x, done) {\n  done(null, x);\n};');
  assert.equal(functionSource(source, 'other', { rel: 'x.js', from: 'p' }), 'async function other() {\n  await 1;\n}');
  assert.throws(() => functionSource(source, 'parallel', { rel: 'x.js', from: 'posts/p.md' }), /codeSample in posts\/p\.md: "x\.js" has no top-level function named parallel/);
  const html = codeSampleHtml({ rel: 'x.js', source: 'function f() {}\n', fn: 'f' });
  assert.match(html, /<p class="meta code-file">Function <code>f<\/code> of <code>x\.js<\/code><\/p>$/);
});
