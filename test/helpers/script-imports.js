'use strict';
// The local imports of every module under scripts/, read from the source:
// string-literal require('./x') calls outside comments, resolved to files.
// Used by scripts-layout.test.js to check which module may import which.

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const SCRIPTS = path.join(ROOT, 'scripts');

function modules(dir = SCRIPTS) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...modules(full));
    else if (e.name.endsWith('.js')) out.push(full);
  }
  return out.sort();
}

// Comments go first: examples in them show require calls that never run.
function stripComments(src) {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
}

function resolveLocal(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.js`, `${base}.json`, path.join(base, 'index.js')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

// [{ from, spec, to }] with paths relative to the repository root; `to` is
// null for a relative path that names no file.
function localImports(file) {
  const src = stripComments(fs.readFileSync(file, 'utf8'));
  const out = [];
  for (const m of src.matchAll(/require\(\s*(['"])(\.{1,2}\/[^'"]*)\1\s*\)/g)) {
    const to = resolveLocal(file, m[2]);
    out.push({ from: path.relative(ROOT, file), spec: m[2], to: to && path.relative(ROOT, to) });
  }
  return out;
}

module.exports = { ROOT, SCRIPTS, modules, localImports, stripComments };
