'use strict';
// Syntax newer than ES5 in a file, found with Esprima 4 (generators and yield
// allowed: Node 0.11 has them behind --harmony): the runtime matrix loads the
// wrappers in examples/lib/ and every variant of era "2013" unchanged on Node
// 0.11. Used by test/unit/portability.test.js (sources and fixtures) and
// test/harness/portability-compiled.test.js (compiled variants).
const fs = require('node:fs');
const path = require('node:path');
const esprima = require('esprima');

const ROOT = path.join(__dirname, '..', '..');

// Node type → what it is, for node types that exist only after ES5.
const NEWER_NODES = {
  ArrowFunctionExpression: 'arrow function',
  ClassDeclaration: 'class',
  ClassExpression: 'class',
  TemplateLiteral: 'template literal',
  TaggedTemplateExpression: 'tagged template',
  ObjectPattern: 'destructuring pattern',
  ArrayPattern: 'destructuring pattern',
  SpreadElement: 'spread',
  RestElement: 'rest parameter or element',
  AssignmentPattern: 'default value',
  ForOfStatement: 'for-of loop',
  AwaitExpression: 'await',
  MetaProperty: 'new.target',
  Super: 'super'
};

// Node → reason it is post-ES5, for node types that ES5 has in some forms.
function newerForm(node) {
  switch (node.type) {
    case 'VariableDeclaration':
      return node.kind !== 'var' ? `"${node.kind}" declaration` : null;
    case 'Property':
      if (node.shorthand) return 'shorthand property';
      if (node.method) return 'shorthand method';
      if (node.computed) return 'computed property key';
      return null;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
      return node.async ? 'async function' : null;
    case 'BinaryExpression':
    case 'AssignmentExpression':
      return /^\*\*/.test(node.operator) ? 'exponent operator' : null;
    case 'Literal':
      if (typeof node.raw === 'string' && /^0[bBoO]/.test(node.raw)) return 'binary or octal literal';
      if (node.regex && /[uy]/.test(node.regex.flags)) return `regular expression flag "${node.regex.flags}"`;
      return null;
    default:
      return null;
  }
}

function walk(node, visit) {
  if (Array.isArray(node)) {
    node.forEach((child) => walk(child, visit));
    return;
  }
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'range') continue;
    const child = node[key];
    if (child && typeof child === 'object') walk(child, visit);
  }
}

// source → ['file:line:column what', ...]; a file Esprima cannot parse as a
// script (modules, syntax past ES2017) is one finding.
function findNewerSyntax(source, name) {
  let tree;
  try {
    tree = esprima.parseScript(source, { range: true, loc: true });
  } catch (err) {
    return [`${name}:${err.lineNumber || '?'}: cannot parse as an ES2017 script: ${err.description || err.message}`];
  }
  const found = [];
  walk(tree, (node) => {
    const what = NEWER_NODES[node.type] || newerForm(node);
    if (what) found.push(`${name}:${node.loc.start.line}:${node.loc.start.column + 1} ${what}`);
  });
  return found;
}

function checkFile(file) {
  return findNewerSyntax(fs.readFileSync(file, 'utf8'), path.relative(ROOT, file));
}

module.exports = { checkFile, findNewerSyntax };
