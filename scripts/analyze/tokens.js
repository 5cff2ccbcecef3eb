// Code size of one source file, measured the 2013 way: the number of tokens
// Esprima's lexer finds (comments excluded), plus lines of code and the
// deepest nesting of functions (the callback "pyramid").
//
// How the syntax of the async styles counts (Esprima 4.0.1, checked in
// test/harness/complexity.test.js):
//   function*  -> two tokens, Keyword `function` and Punctuator `*`
//   yield      -> one Keyword; `yield*` is two tokens (`yield`, `*`)
//   async      -> one Identifier (a contextual keyword, not reserved)
//   await      -> one Identifier, for the same reason
// So a generator costs one token more per function than a plain function, and
// an async function one more (`async`); each suspension point costs one
// (`yield` or `await`). Esprima 4 parses generators and async functions
// natively, so nothing is rewritten before counting (the 2013 counter had to
// turn generators into plain functions first).
//
// We parse before we count. Esprima's tokenizer does not validate: it splits
// ES2020 `a?.b` into `?` `.` and `x ?? y` into `?` `?` without complaint, which
// would be a wrong count. The parser rejects what Esprima 4 does not know
// (optional chaining, `??`, object spread, `for await`, class fields, optional
// catch binding), and we report that as an error naming file, line and column.
'use strict';
const esprima = require('esprima');

class TokenizeError extends Error {
  constructor(file, line, column, detail) {
    super(`${file}:${line}:${column}: Esprima 4 cannot parse this (${detail}). ` +
      'It knows ECMAScript up to 2017; rewrite the construct in ES2017 syntax to count this file.');
    this.name = 'TokenizeError';
    this.file = file;
    this.line = line;
    this.column = column;
  }
}

const FUNCTION_NODES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

// Script first (CommonJS is what we mostly count); a file with import/export
// is retried as a module. If both fail, the error that got further into the
// file is the more useful one to show.
function parse(source, file) {
  const opts = { range: true, loc: true };
  let scriptError;
  try {
    return esprima.parseScript(source, opts);
  } catch (err) {
    scriptError = err;
  }
  try {
    return esprima.parseModule(source, opts);
  } catch (moduleError) {
    const err = (moduleError.index || 0) > (scriptError.index || 0) ? moduleError : scriptError;
    if (typeof err.lineNumber !== 'number') throw err;
    // Esprima's `column` is 1-based already, like editors show it.
    throw new TokenizeError(file, err.lineNumber, err.column, err.description || err.message);
  }
}

// Deepest chain of functions inside functions; top-level code is depth 0.
function functionDepth(ast) {
  let max = 0;
  (function walk(node, depth) {
    if (!node || typeof node.type !== 'string') return;
    if (FUNCTION_NODES.has(node.type)) depth++;
    if (depth > max) max = depth;
    for (const key of Object.keys(node)) {
      if (key === 'loc' || key === 'range') continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach((c) => walk(c, depth));
      else if (child && typeof child === 'object') walk(child, depth);
    }
  })(ast, 0);
  return max;
}

// Lines holding at least one token (a multi-line template or string counts
// every line it spans): blank lines and comment-only lines do not count.
function codeLines(tokens) {
  const lines = new Set();
  for (const t of tokens) {
    for (let l = t.loc.start.line; l <= t.loc.end.line; l++) lines.add(l);
  }
  return lines.size;
}

// Pure: source text -> { tokens, lines, depth }. `file` only labels errors.
function measureSource(source, file = '<source>') {
  const text = String(source).replace(/^#!.*/, ''); // a shebang is not code
  const ast = parse(text, file);
  const tokens = esprima.tokenize(text, { loc: true, range: true });
  return { tokens: tokens.length, lines: codeLines(tokens), depth: functionDepth(ast), ast, tokenList: tokens };
}

function countTokens(source, file) {
  const { tokens, lines, depth } = measureSource(source, file);
  return { tokens, lines, depth };
}

module.exports = { countTokens, measureSource, TokenizeError, ESPRIMA_VERSION: require('esprima/package.json').version };
