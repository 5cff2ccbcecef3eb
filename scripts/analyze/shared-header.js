// The shared header of a variant: the top-level lines that only load the
// project's own shared layer (examples/lib) and bind the shared operations
// to local names. Every variant repeats them almost word for word, so they
// say nothing about the style; the headline count leaves them out and the
// header is reported once, separately (see data/SCHEMA.md, complexity).
//
// The rule, on the syntax tree of each top-level variable declaration:
//   - a "base" is a declarator `B = require('./…' or '../…')`, a module of
//     the project rather than a library, whose name B appears nowhere else in
//     the file except as the object of header bindings below;
//   - a "binding" is a declarator that copies a property of a base under the
//     same name: `N = B.N`, `{ N1, N2 } = B` or `{ N1, N2 } = require('./…')`
//     (no renaming, no default, no call);
//   - a declaration is header when every one of its declarators is a base or
//     a binding. Anything else (a library's require, `resume = suspend.resume`,
//     an adapter built with promisify, a base also used by upload) is the
//     variant's own code and stays counted.
// "Appears elsewhere" is read from the tokens: an identifier token named B,
// outside header declarations, not right after a `.`. That over-approximates
// (an object key named B counts as a use), which can only keep code counted.
'use strict';
const esprima = require('esprima');

const isRelativeRequire = (node) => Boolean(node) && node.type === 'CallExpression' &&
  node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1 &&
  node.arguments[0].type === 'Literal' && typeof node.arguments[0].value === 'string' &&
  /^\.\.?\//.test(node.arguments[0].value);

// `{ a, b }` with every property unrenamed, no defaults, no rest.
function plainPatternNames(pattern) {
  if (pattern.type !== 'ObjectPattern') return null;
  const names = [];
  for (const p of pattern.properties) {
    if (p.type !== 'Property' || p.computed || p.key.type !== 'Identifier' ||
        p.value.type !== 'Identifier' || p.value.name !== p.key.name) return null;
    names.push(p.key.name);
  }
  return names;
}

// What one declarator is: { kind: 'base', name } | { kind: 'binding', names, from } | null.
function classify(d) {
  if (d.id.type === 'Identifier' && isRelativeRequire(d.init)) return { kind: 'base', name: d.id.name };
  const pattern = plainPatternNames(d.id);
  if (pattern && isRelativeRequire(d.init)) return { kind: 'binding', names: pattern, from: null };
  if (pattern && d.init && d.init.type === 'Identifier') return { kind: 'binding', names: pattern, from: d.init.name };
  if (d.id.type === 'Identifier' && d.init && d.init.type === 'MemberExpression' && !d.init.computed &&
      d.init.object.type === 'Identifier' && d.init.property.name === d.id.name) {
    return { kind: 'binding', names: [d.id.name], from: d.init.object.name };
  }
  return null;
}

// statements: top-level VariableDeclaration nodes, each with `range` into the
// file's text; tokens: the file's tokens (with range). Returns
// { ranges: [[start, end]], names: [bound names], bases: [base names] }.
function findHeader(statements, tokens) {
  let candidates = statements
    .map((s) => ({ range: s.range, parts: s.declarations.map(classify) }))
    .filter((c) => c.parts.every(Boolean));
  // Drop declarations whose bases are used outside the header (or that bind
  // from a name that is not a base) until nothing changes.
  for (;;) {
    const bases = new Set(candidates.flatMap((c) => c.parts.filter((p) => p.kind === 'base').map((p) => p.name)));
    const inside = (t) => candidates.some((c) => t.range[0] >= c.range[0] && t.range[1] <= c.range[1]);
    const usedElsewhere = new Set();
    tokens.forEach((t, i) => {
      if (t.type !== 'Identifier' || !bases.has(t.value) || inside(t)) return;
      if (i > 0 && tokens[i - 1].value === '.') return;
      usedElsewhere.add(t.value);
    });
    const kept = candidates.filter((c) => c.parts.every((p) =>
      p.kind === 'base' ? !usedElsewhere.has(p.name) : p.from === null || (bases.has(p.from) && !usedElsewhere.has(p.from))));
    if (kept.length === candidates.length) break;
    candidates = kept;
  }
  return {
    ranges: candidates.map((c) => c.range),
    names: candidates.flatMap((c) => c.parts.flatMap((p) => (p.kind === 'base' ? [] : p.names))),
    bases: candidates.flatMap((c) => c.parts.filter((p) => p.kind === 'base').map((p) => p.name)),
  };
}

// A parsed file: its top-level declarations come from the tree.
function headerOfAst(ast, tokens) {
  return findHeader(ast.body.filter((s) => s.type === 'VariableDeclaration'), tokens);
}

// A file Esprima cannot parse as a whole (StratifiedJS): each top-level
// `var`/`let`/`const` statement, up to its `;`, is plain JavaScript and is
// parsed alone; a statement that does not parse that way, or that ends
// without its `;` (automatic semicolon insertion), is not header here.
// test/site/complexity-headline.test.js checks both paths agree on every JS variant.
function headerOfTokens(text, tokens) {
  const statements = [];
  let depth = 0;
  let start = null;
  let atStatementStart = true;
  for (const t of tokens) {
    if (depth === 0 && start === null && atStatementStart && t.type === 'Keyword' && /^(var|let|const)$/.test(t.value)) start = t.range[0];
    if (t.type === 'Punctuator' && /^[({[]$/.test(t.value)) depth++;
    else if (t.type === 'Punctuator' && /^[)}\]]$/.test(t.value)) depth--;
    atStatementStart = depth === 0 && (t.value === ';' || t.value === '}');
    if (depth === 0 && t.value === ';' && start !== null) {
      const range = [start, t.range[1]];
      start = null;
      let ast;
      try {
        ast = esprima.parseScript(text.slice(range[0], range[1]), { range: true });
      } catch {
        continue;
      }
      if (ast.body.length !== 1 || ast.body[0].type !== 'VariableDeclaration') continue;
      statements.push({ range, declarations: ast.body[0].declarations });
    }
  }
  return findHeader(statements, tokens);
}

module.exports = { headerOfAst, headerOfTokens };
