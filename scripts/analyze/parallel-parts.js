// Which top-level code of a variant exists only for the `parallel` scenario.
//
// The 2013 examples held just `upload`; ours also export `parallel`. To compare
// token counts with 2013 we subtract the code that only `parallel` needs. A
// name pattern is not enough (gens keeps its parallel generator in
// `insertAllWithin`; flattened-class has a `ParallelInsert` class), so we follow
// references: everything reachable from `exports.parallel` that is not also
// reachable from `exports.upload`. Helpers both use stay with upload.
//
// Units are top-level function declarations, variable declarators,
// assignments (`exports.x =`, `X.prototype.m =`, `X.m =`) and the properties
// of a `module.exports = {...}` object. An assignment to `X.something.m` is a
// method of X: reachable when X is reachable and some reachable code mentions
// `m` (as a name or a property). The analysis over-approximates (it ignores
// shadowing), which can only keep code on the upload side.
'use strict';

function dotted(node) {
  if (!node) return null;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed) {
    const left = dotted(node.object);
    return left && `${left}.${node.property.name}`;
  }
  return null;
}

// Names an AST node mentions: identifiers (refs) and property names (props).
function mentions(node) {
  const refs = new Set();
  const props = new Set();
  (function walk(n, parent, key) {
    if (!n || typeof n.type !== 'string') return;
    if (n.type === 'Identifier') {
      const isProp = parent && ((parent.type === 'MemberExpression' && key === 'property' && !parent.computed) ||
        (parent.type === 'Property' && key === 'key' && !parent.computed));
      (isProp ? props : refs).add(n.name);
    }
    for (const k of Object.keys(n)) {
      if (k === 'loc' || k === 'range') continue;
      const c = n[k];
      if (Array.isArray(c)) c.forEach((x) => walk(x, n, k));
      else if (c && typeof c === 'object') walk(c, n, k);
    }
  })(node, null, null);
  return { refs, props };
}

const EXPORTS = /^(module\.)?exports\.(\w+)$/;

function unitsOf(ast) {
  const units = [];
  const add = (name, node, range, root) => units.push({ name, root, range, ...mentions(node), owner: null, method: null });
  for (const stmt of ast.body) {
    if (stmt.type === 'FunctionDeclaration' && stmt.id) add(stmt.id.name, stmt, stmt.range, null);
    else if (stmt.type === 'VariableDeclaration') {
      const whole = stmt.declarations.length === 1;
      for (const d of stmt.declarations) add(dotted(d.id), d, whole ? stmt.range : d.range, null);
    } else if (stmt.type === 'ExpressionStatement' && stmt.expression.type === 'AssignmentExpression') {
      const left = dotted(stmt.expression.left);
      if (!left) continue;
      if (left === 'module.exports' && stmt.expression.right.type === 'ObjectExpression') {
        for (const p of stmt.expression.right.properties) {
          const key = p.key && (p.key.name || p.key.value);
          if (key === 'upload' || key === 'parallel') add(key, p, p.range, key);
        }
        continue;
      }
      const exp = EXPORTS.exec(left);
      if (exp) {
        if (exp[2] === 'upload' || exp[2] === 'parallel') add(left, stmt, stmt.range, exp[2]);
        continue;
      }
      const parts = left.split('.');
      if (parts.length >= 2) {
        add(left, stmt.expression.right, stmt.range, null);
        const u = units[units.length - 1];
        u.owner = parts[0];
        u.method = parts[parts.length - 1];
      }
    }
  }
  return units;
}

function reachable(units, rootName) {
  const seen = new Set(units.filter((u) => u.root === rootName));
  let grew = seen.size > 0;
  while (grew) {
    grew = false;
    const refs = new Set();
    const names = new Set();
    for (const u of seen) {
      u.refs.forEach((r) => { refs.add(r); names.add(r); });
      u.props.forEach((p) => names.add(p));
    }
    for (const u of units) {
      if (seen.has(u) || u.root) continue;
      const hit = u.owner
        ? (refs.has(u.owner) || [...seen].some((s) => s.name === u.owner)) && names.has(u.method)
        : refs.has(u.name);
      if (hit) {
        seen.add(u);
        grew = true;
      }
    }
  }
  return seen;
}

// [{ name, range }] of the code only `parallel` needs, in source order.
function parallelParts(ast) {
  const units = unitsOf(ast);
  const forUpload = reachable(units, 'upload');
  return [...reachable(units, 'parallel')]
    .filter((u) => !forUpload.has(u))
    .sort((a, b) => a.range[0] - b.range[0])
    .map((u) => ({ name: u.name, range: u.range }));
}

module.exports = { parallelParts };
