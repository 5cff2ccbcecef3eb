// Code size of a StratifiedJS (.sjs) source. Its grammar extends
// JavaScript's (`waitfor (...) { ... }`, `waitfor { } and { }`), so Esprima
// cannot parse it, but its lexical grammar is JavaScript's: `waitfor`, `and`
// and `resume` lex as identifiers. So the tokens are Esprima's lexer's, as
// for every other variant, once StratifiedJS's own compiler has accepted the
// file (the lexer alone would count a broken file). Function depth and the
// part only `parallel` reaches come from the tokens, since there is no tree.
'use strict';
const { spawnSync } = require('node:child_process');
const esprima = require('esprima');

const { packageDir } = require('../compile/tools');
const CHECK = `
require(process.argv[1]);
try { __oni_rt.c1.compile(require('fs').readFileSync(0, 'utf8'), { filename: "'source'" }); }
catch (e) { process.stderr.write(String(e.message || e)); process.exit(1); }
`;

function checkSyntax(text, file) {
  const run = spawnSync(process.execPath, ['-e', CHECK, packageDir('stratifiedjs')], { input: text, encoding: 'utf8' });
  if (run.status !== 0) {
    const m = /line (\d+): (.*)/.exec(run.stderr || '');
    throw new Error(`${file}${m ? ':' + m[1] : ''}: StratifiedJS cannot compile this (${m ? m[2] : (run.stderr || '').trim()}), so its tokens are not counted`);
  }
}

// Deepest nesting of function bodies: a `{` right after a `function` header
// opens one.
function depthAndParallel(tokens) {
  const stack = [];
  let max = 0, pendingFunction = false, parallelStart = null;
  const parts = [];
  tokens.forEach((t, i) => {
    if (t.type === 'Keyword' && t.value === 'function') pendingFunction = true;
    if (stack.length === 0 && t.value === 'exports' && tokens[i + 2] && tokens[i + 2].value === 'parallel' &&
        tokens[i + 3] && tokens[i + 3].value === '=') parallelStart = t.range[0];
    if (t.value === '{') {
      stack.push(pendingFunction);
      pendingFunction = false;
      max = Math.max(max, stack.filter(Boolean).length);
    } else if (t.value === '}') {
      stack.pop();
    } else if (t.value === ';' && stack.length === 0 && parallelStart !== null) {
      parts.push({ name: 'exports.parallel', range: [parallelStart, t.range[1]] });
      parallelStart = null;
    }
  });
  return { depth: max, parts };
}

function measureSjs(source, file = '<source>') {
  const text = String(source);
  checkSyntax(text, file);
  const tokens = esprima.tokenize(text, { loc: true, range: true });
  const lines = new Set();
  for (const t of tokens) for (let l = t.loc.start.line; l <= t.loc.end.line; l++) lines.add(l);
  const { depth, parts } = depthAndParallel(tokens);
  return { tokens: tokens.length, lines: lines.size, depth, tokenList: tokens, parallelParts: parts };
}

module.exports = { measureSjs };
