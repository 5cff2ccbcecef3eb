'use strict';
// The main article types no figure by hand: outside shortcodes, code and
// comments its source holds only years, names with digits (V8, ES2015) and
// fixed labels of method (the 95 % level, the 99th percentile). Any other
// number must come from data/ through a shortcode, so a rerun updates it.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const SOURCE = path.join(__dirname, '..', '..', 'posts', 'analysis-async-patterns-2013-and-now.md');
// Forms a number may take in the prose, each with the reason it is not data.
const ALLOWED = [
  /\b(?:ES)?(?:19|20)\d\d\b/g, // years ("In 2013") and editions ("ES2017")
  /\bV8\b/g, // the engine's name
  /\b(?:RxJS|when\.js|co) \d\b/g, // a library's major line, as the manifest names it
  /\b95(?: |&nbsp;)%/g, // the interval level, a choice of method
  /\b99th\b/g, // the percentile the harness records
  /\bunder 1\b/g, // how to read a ratio column
  /\bn = 1000\b/g, // the size the article's cuts are taken at, a choice of method
  /\bNode (?:0\.)?\d+\b/g, // a release line's name, like "RxJS 7"
  /\bES\d\b/g, // an edition's name ("ES5")
];
// A formula states the method; the only numbers it may hold are 0 and 1
// ("k = 1": linear growth), the base of a fair coin (2^{-m}) and the 95 %
// level (0.95). Anything else in one is flagged like prose.
const MATH = /\$\$[\s\S]*?\$\$|\$[^$\n]+\$/g;

function handTyped(source) {
  // Blanked, not removed, so line numbers stay those of the source file.
  const blank = (m) => m.replace(/[^\n]/g, ' ');
  const prose = source
    .replace(/^---[\s\S]*?\n---\n/, blank)
    .replace(/\{%[\s\S]*?%\}/g, blank)
    .replace(/\{\{[\s\S]*?\}\}/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/```[\s\S]*?```/g, blank)
    .replace(/`[^`\n]*`/g, blank)
    .replace(/\]\([^)]*\)/g, (m) => `]${blank(m.slice(1))}`)
    .replace(/<[^>]+>/g, blank);
  const found = [];
  const inMath = [];
  const withoutMath = prose.replace(MATH, (m) => {
    if (/\d{2,}|[2-9]/.test(m.replace(/\\[a-zA-Z]+/g, '').replace(/\b0\.95\b|\b2\^/g, ''))) inMath.push(m);
    return blank(m);
  });
  for (const m of inMath) found.push(`a formula holds a figure: "${m.replace(/\s+/g, ' ')}"`);
  withoutMath.split('\n').forEach((line, i) => {
    let rest = line;
    for (const re of ALLOWED) rest = rest.replace(re, ' ');
    for (const m of rest.match(/\d[\d.,]*/g) || []) found.push(`line ${i + 1}: "${m}" in "${line.trim()}"`);
  });
  return found;
}

test('the article types no figure by hand', () => {
  const found = handTyped(fs.readFileSync(SOURCE, 'utf8'));
  assert.deepEqual(found, [], `numbers typed by hand; print them from data/ with num, ratio, count, runtimeVersion, runSetting or compare:\n${found.join('\n')}`);
});

test('the check finds a hand-typed figure and ignores shortcodes, code and comments', () => {
  const text = '---\ntitle: x\n---\nIn 2013, V8 ran `x = 42` and {% num "perf", n=1000 %} <!-- 7 -->.\nIt took 812 ms.\n';
  assert.deepEqual(handTyped(text), ['line 5: "812" in "It took 812 ms."']);
});

test('formulas may state the method (0 and 1) but not a figure', () => {
  assert.deepEqual(handTyped('---\nt: x\n---\nLinear is $k = 1$, and $$\n\\log t = \\log a + k \\log n\n$$\n'), []);
  assert.deepEqual(handTyped('---\nt: x\n---\nWe found $k = 1.42$.\n'), ['a formula holds a figure: "$k = 1.42$"']);
});
