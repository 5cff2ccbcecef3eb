'use strict';
// Every package the project's own code loads by name is declared in
// package.json, at an exact version. A package that only arrives as another
// one's dependency (markdown-it through Eleventy, issue 25 item 9) can change
// version, or vanish, whenever that package does, and npm ci then breaks the
// code that required it with no change here.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const declared = { ...pkg.dependencies, ...pkg.devDependencies };
// Fixtures stand in for variants and may require anything on purpose; the
// variants' own requires are checked against "dependencies" by the manifest.
const SKIP = new Set(['node_modules', 'fixtures', 'build', '.cache', '_site']);

function sources(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name) || e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(full));
    else if (/\.[cm]?js$/.test(e.name)) out.push(full);
  }
  return out;
}

const stripComments = (src) => src.replace(/\/\*[\s\S]*?\*\//g, '').split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');

// Declarations at the start of a line only (`const x = require('name')`):
// tests write variant sources that require made-up packages inside strings,
// and the child runner loads fibers from the runtime's own tree.
const REQUIRE = /^\s*(?:const|let|var)\s[^=]+=\s*(?:require|await import)\(\s*['"]([^'".][^'"]*)['"]\s*\)/gm;

// The browser worker's own names, which the worker bundler resolves to files.
const { VIRTUAL_PREFIX } = require('../../scripts/lib/browser-variants');

function packagesRequiredBy(file) {
  const names = new Set();
  for (const m of stripComments(fs.readFileSync(file, 'utf8')).matchAll(REQUIRE)) {
    const parts = m[1].split('/');
    const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    if (!name.startsWith('node:') && !name.startsWith(VIRTUAL_PREFIX) && !builtinModules.includes(name)) names.add(name);
  }
  return names;
}

test('every package that scripts/, _config/, test/ and .eleventy.js require is declared in package.json at an exact version', () => {
  const files = [path.join(ROOT, '.eleventy.js'), ...['scripts', '_config', 'test'].flatMap((d) => sources(path.join(ROOT, d)))];
  const undeclared = [];
  for (const file of files) {
    for (const name of packagesRequiredBy(file)) {
      if (!(name in declared)) undeclared.push(`${path.relative(ROOT, file)} requires "${name}"`);
      else assert.match(declared[name], /^(npm:(@[^/]+\/)?[^@]+@)?\d+\.\d+\.\d+(-[\w.]+)?$/, `package.json pins ${name} to "${declared[name]}", not an exact version`);
    }
  }
  assert.deepEqual(undeclared, [], 'add each with npm install --save-dev --save-exact NAME@VERSION (the version npm ls NAME shows)');
});

test('every dependency with an install script is approved or refused in allowScripts', () => {
  // npm ci warns about an install script nobody reviewed, and a later npm
  // refuses to run it; each one is decided in package.json instead.
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const allow = pkg.allowScripts || {};
  const decided = (name, version) => typeof allow[name] === 'boolean' || typeof allow[`${name}@${version}`] === 'boolean';
  const unreviewed = Object.entries(lock.packages)
    // Optional packages too: npm runs their scripts like any other's, and
    // leaves the package out only after its build has failed (fibers, which
    // streamline may use, tried g++ on every npm ci and cost 11 s, issue 39).
    .filter(([where, p]) => where && p.hasInstallScript)
    .map(([where, p]) => ({ name: where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length), version: p.version }))
    .filter(({ name, version }) => !decided(name, version));
  assert.deepEqual(unreviewed, [], 'approve or refuse each in package.json "allowScripts"');
});
