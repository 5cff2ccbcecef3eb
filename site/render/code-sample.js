'use strict';
// A source file of this repository, shown highlighted; read when the site is
// built, so the code on a page is always the file a test runs or the
// benchmark measures, never a copy that drifts from it. The shortcode
// (_config/code-sample.js), in a post or template (the path is relative to
// the repository root):
//   {% codeSample "posts/analysis/samples/4-runner.js" %}
//   {% codeSample "examples/" + variant.file %}
//
// The markup is that of a highlighted fence (site/markdown/highlight.js), so the
// same stylesheet colours it. It starts with <pre> and ends on the line of
// </pre>: markdown-it keeps such a block whole, blank lines included
// (CommonMark's first kind of HTML block), where a <figure> around it would
// end at the first blank line and the rest of the code would turn into
// paragraphs.
const fs = require('node:fs');
const path = require('node:path');
const hljs = require('highlight.js/lib/core');
const esprima = require('esprima');
const { escapeHtml } = require('../format');

const ROOT = path.join(__dirname, '..', '..');

// extension -> [label on the page, highlight.js language]
const LANGUAGES = {
  '.js': ['js', 'javascript'],
  '.cjs': ['js', 'javascript'],
  '.mjs': ['js', 'javascript'],
  '.ts': ['ts', 'typescript'],
  '.json': ['json', 'json'],
  // Sources of compiled variants: highlight.js knows neither dialect, and
  // both lex as JavaScript (streamline's `_` is a plain identifier).
  '._js': ['streamline', 'javascript'],
  '.sjs': ['StratifiedJS', 'javascript'],
};

for (const [, language] of Object.values(LANGUAGES)) {
  if (!hljs.getLanguage(language)) hljs.registerLanguage(language, require(`highlight.js/lib/languages/${language}`));
}

// -> { file (absolute), rel (repository-relative, forward slashes), source }.
// `from` names the page asking, for the error message.
function readSample(rel, { root = ROOT, from = 'a template' } = {}) {
  if (typeof rel !== 'string' || !rel.trim()) {
    throw new Error(`codeSample in ${from}: give the file as a path from the repository root, e.g. {% codeSample "examples/original.js" %}.`);
  }
  const file = path.resolve(root, rel);
  const inside = path.relative(root, file);
  if (path.isAbsolute(rel) || inside.startsWith('..') || path.isAbsolute(inside)) {
    throw new Error(`codeSample in ${from}: "${rel}" is outside the repository; paths are relative to its root, e.g. "examples/original.js".`);
  }
  if (!LANGUAGES[path.extname(file)]) {
    throw new Error(`codeSample in ${from}: cannot highlight "${rel}": no language for "${path.extname(file) || '(no extension)'}"; known: ${Object.keys(LANGUAGES).join(', ')} (add one in site/render/code-sample.js).`);
  }
  let source;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`codeSample in ${from}: cannot read "${rel}" (${err.code || err.message}); paths are relative to the repository root.`);
  }
  return { file, rel: inside.split(path.sep).join('/'), source };
}

// The top-level function `name` of a JavaScript file, as written: a
// declaration (`async function upload`) or an assignment of a named function
// expression (`exports.upload = function upload`). Found by parsing, so the
// page shows the function whole however the file changes around it.
function functionSource(source, name, { rel, from }) {
  let program;
  try {
    program = esprima.parseScript(source, { range: true });
  } catch (err) {
    throw new Error(`codeSample in ${from}: cannot parse "${rel}" to find function ${name} (${err.message}).`);
  }
  const named = (node) => node && /Function/.test(node.type) && node.id && node.id.name === name;
  const hit = program.body.find((st) => named(st)
    || (st.type === 'ExpressionStatement' && st.expression.type === 'AssignmentExpression' && named(st.expression.right)));
  if (!hit) throw new Error(`codeSample in ${from}: "${rel}" has no top-level function named ${name}; fn= names a function declared, or assigned by name, at the top of the file.`);
  return source.slice(hit.range[0], hit.range[1]);
}

function codeSampleHtml({ rel, source, fn }) {
  const [label, language] = LANGUAGES[path.extname(rel)];
  const code = source.endsWith('\n') ? source : `${source}\n`;
  const html = hljs.highlight(code, { language, ignoreIllegals: true }).value;
  return `<pre class="code" data-lang="${label}" data-file="${escapeHtml(rel)}"${fn ? ` data-fn="${escapeHtml(fn)}"` : ''}><code class="hljs language-${label}">${html}</code></pre>` +
    `<p class="meta code-file">${fn ? `Function <code>${escapeHtml(fn)}</code> of ` : 'File: '}<code>${escapeHtml(rel)}</code></p>`;
}

module.exports = { readSample, codeSampleHtml, functionSource, ROOT };
