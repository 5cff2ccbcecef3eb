'use strict';
// The repository paths that prose names: the docs (README.md, docs/*.md and
// the other guides) and the comments of the code. Used by
// test/unit/named-paths.test.js, which fails for a path that names no file,
// since a comment or a guide that points at a file long gone sends the reader
// hunting (issue 40: 8 comments still named the chart HTML's file in
// _config/ after it had moved to site/render/chart-html.js).
//
// A path is recognised by its first segment, one of the repository's
// top-level folders (scripts/, site/, data/...), and its end: a file
// extension, or a `/` for a folder. `<name>` and `*` in it are placeholders
// (`data/perf-<profile>.json`, `test/<tier>/`): such a path must match at
// least one file.

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

// Folders that hold nothing a guide should name: installed or generated.
const NOT_NAMED = new Set(['.git', 'node_modules', '.cache', '_site']);

function topFolders(root = ROOT) {
  return fs.readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !NOT_NAMED.has(e.name))
    .map((e) => e.name).sort();
}

const EXTENSIONS = ['js', 'cjs', 'mjs', 'json', 'jsonl', 'md', 'njk', 'yml', 'yaml', 'toml', 'css', 'svg', 'html', 'txt', 'xml', 'sh'];

// One regular expression for `folders`: the path starts where no longer
// path does (so in `../scripts/lib/args.js` the path scripts/lib/args.js is
// found, and nothing in `foo/scripts/args.js`) and runs over path characters
// and placeholders.
function pathPattern(folders) {
  const first = folders.map((f) => f.replace(/[.]/g, '\\.')).join('|');
  const seg = '(?:[A-Za-z0-9_.@*-]|<[A-Za-z-]+>)+';
  const ext = `\\.(?:${EXTENSIONS.join('|')})(?![A-Za-z0-9_-])`;
  // A file path ends in an extension; a folder path in `/` (and no segment
  // after it); `.ci/run` is a file without one, so .ci/ paths end wherever
  // the segment does.
  // No path character before it, and no `/` but that of `./` or `../` (a
  // URL path, `/posts/results/`, is a page of the site, not a file, and
  // `.../posts/` an elided folder).
  const start = '(?<![A-Za-z0-9_.<>-])(?<![^.]/)(?<!^/)(?<!\\.\\.\\./)';
  return new RegExp(`${start}(?:${first})/(?:${seg}/)*(?:${seg}${ext}|(?<=/)(?![A-Za-z0-9_@*<-]|\\.[A-Za-z0-9_]))`
    + `|${start}\\.ci/${seg}`, 'g');
}

// `text` -> [{ path, line }] (line counted from `firstLine`).
function pathsIn(text, re, firstLine = 1) {
  const out = [];
  text.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(re)) out.push({ path: m[0], line: firstLine + i });
  });
  return out;
}

// The comments of a JavaScript source, [{ text, line }]: a small scanner
// over strings, template literals (with their `${}` code), regular
// expression literals and comments, so that `'//'` in a string or `/\/*/`
// in a regex is not read as a comment.
const REGEX_AFTER = /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\b(?:return|typeof|case|in|of|new|delete|void|throw|else|do|yield|await))\s*$/;

function commentsOf(src) {
  const out = [];
  let line = 1;
  let i = 0;
  const braces = []; // per open `${`: the depth of `{` inside it
  let code = ''; // the code since the last comment or literal, to tell a regex from a division
  const advance = (to) => {
    for (let k = i; k < to && k < src.length; k++) if (src[k] === '\n') line++;
    i = to;
  };
  // From `from` (inside a literal opened by `q`) to just past its end, or
  // past the `${` that opens code inside a template literal.
  const literal = (q, from) => {
    let k = from;
    while (k < src.length && src[k] !== q) {
      if (src[k] === '\\') k++;
      else if (src[k] === '\n' && q !== '`') break;
      else if (q === '`' && src[k] === '$' && src[k + 1] === '{') return { end: k + 2, open: true };
      k++;
    }
    return { end: k + 1, open: false };
  };
  const skipLiteral = (q, from) => {
    const { end, open } = literal(q, from);
    if (open) braces.push(0);
    advance(end);
    code += ' 0';
  };
  while (i < src.length) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '/' && d === '/') {
      const nl = src.indexOf('\n', i);
      const end = nl === -1 ? src.length : nl;
      out.push({ text: src.slice(i + 2, end), line });
      advance(end);
    } else if (c === '/' && d === '*') {
      const close = src.indexOf('*/', i + 2);
      const end = close === -1 ? src.length : close + 2;
      out.push({ text: src.slice(i + 2, close === -1 ? end : close), line });
      advance(end);
      code += ' ';
    } else if (c === '\'' || c === '"' || c === '`') {
      skipLiteral(c, i + 1);
    } else if (c === '}' && braces.length && braces[braces.length - 1] === 0) {
      braces.pop(); // the end of a `${}`: back inside its template literal
      skipLiteral('`', i + 1);
    } else if (c === '/' && REGEX_AFTER.test(code.slice(-20))) {
      let k = i + 1;
      let inClass = false;
      while (k < src.length && src[k] !== '\n' && (inClass || src[k] !== '/')) {
        if (src[k] === '\\') k++;
        else if (src[k] === '[') inClass = true;
        else if (src[k] === ']') inClass = false;
        k++;
      }
      advance(k + 1);
      code += ' 0';
    } else {
      if (braces.length && c === '{') braces[braces.length - 1]++;
      if (braces.length && c === '}') braces[braces.length - 1]--;
      code = (code + c).slice(-40);
      advance(i + 1);
    }
  }
  return out;
}

// Every file under `dir` (relative to ROOT) whose name passes `keep`.
function filesUnder(dir, keep, root = ROOT) {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  const out = [];
  for (const e of fs.readdirSync(full, { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(rel, keep, root));
    else if (keep(e.name)) out.push(rel);
  }
  return out.sort();
}

// Does `named` (a path as written, maybe with placeholders) name something
// in the repository?
function exists(named, root = ROOT) {
  const clean = named.replace(/\/$/, '');
  if (!/[<*]/.test(clean)) return fs.existsSync(path.join(root, clean));
  // A placeholder stands for one or more characters of one segment.
  const segs = clean.split('/');
  const match = (dir, k) => {
    if (k === segs.length) return true;
    const re = new RegExp(`^${segs[k].split(/(<[A-Za-z-]+>|\*)/).map((p) => (/^(<.*>|\*)$/.test(p) ? '[^/]+' : p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`);
    let names;
    try {
      names = fs.readdirSync(dir);
    } catch {
      return false;
    }
    return names.some((n) => re.test(n) && match(path.join(dir, n), k + 1));
  };
  return match(root, 0);
}

module.exports = { ROOT, topFolders, pathPattern, pathsIn, commentsOf, filesUnder, exists };
