'use strict';
// The local imports of every module under scripts/ and of the site's code
// (_config/, site/, .eleventy.js), read from the source: string-literal
// require('./x') and require.resolve('./x') calls outside comments (a file
// a module hands a bundler is as much its dependency as one it loads),
// resolved to files. Used by the layout tests to check which module may
// import which.

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const SCRIPTS = path.join(ROOT, 'scripts');

function modules(dir = SCRIPTS) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...modules(full));
    else if (e.name.endsWith('.js')) out.push(full);
  }
  return out.sort();
}

// The site's own code: Eleventy's config and what it loads from its folders.
function siteModules() {
  const config = path.join(ROOT, '.eleventy.js');
  return ['_config', 'site'].flatMap((d) => modules(path.join(ROOT, d)))
    .concat(fs.existsSync(config) ? [config] : []).sort();
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
  for (const m of src.matchAll(/require(?:\.resolve)?\(\s*(['"])(\.{1,2}\/[^'"]*)\1\s*\)/g)) {
    const to = resolveLocal(file, m[2]);
    out.push({ from: path.relative(ROOT, file), spec: m[2], to: to && path.relative(ROOT, to) });
  }
  return out;
}

// The import circles among `files` (paths relative to ROOT), each as the
// list of modules around it: a depth-first walk that reports a module met
// again while still on the walk's path.
function importCircles(files, imports) {
  const next = new Map(files.map((f) => [f, []]));
  for (const i of imports) if (i.to && next.has(i.from) && next.has(i.to)) next.get(i.from).push(i.to);
  const state = new Map(); // undefined: not seen, 1: on the path, 2: done
  const circles = [];
  const walk = (f, trail) => {
    state.set(f, 1);
    for (const to of next.get(f)) {
      const onPath = trail.concat(f);
      if (state.get(to) === 1) circles.push(onPath.slice(onPath.indexOf(to)).concat(to));
      else if (!state.get(to)) walk(to, onPath);
    }
    state.set(f, 2);
  };
  for (const f of files) if (!state.get(f)) walk(f, []);
  return circles;
}

// The import circles among folders: a folder imports another when one of its
// modules imports one of the other's (a folder and its subfolder are two
// folders). Each circle is { folders: [a, b, ..., a], imports: [[from → to,
// ...] for each step] }, so a failure names the files that make each step.
function folderCircles(files, imports) {
  const folderOf = (f) => path.dirname(f);
  const inSet = new Set(files);
  const steps = imports.filter((i) => i.to && inSet.has(i.from) && inSet.has(i.to) && folderOf(i.from) !== folderOf(i.to));
  const folders = [...new Set(files.map(folderOf))].sort();
  const pairs = new Set(steps.map((i) => `${folderOf(i.from)}\n${folderOf(i.to)}`));
  const edges = [...pairs].map((p) => ({ from: p.split('\n')[0], to: p.split('\n')[1] }));
  return importCircles(folders, edges).map((circle) => ({
    folders: circle,
    imports: circle.slice(1).map((to, k) => steps.filter((i) => folderOf(i.from) === circle[k] && folderOf(i.to) === to)
      .map((i) => `${i.from} → ${i.to}`)),
  }));
}

module.exports = { ROOT, SCRIPTS, modules, siteModules, localImports, importCircles, folderCircles, stripComments };
