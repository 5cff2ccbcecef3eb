'use strict';
// Reads netlify.toml's [[headers]] and [[redirects]] rules and answers "which
// headers does Netlify send for this path?" and "does Netlify redirect it?".
// The local server and the browser tests use it so the CSP we test is
// byte-for-byte the one we deploy, and old URLs redirect locally as they will
// on Netlify.
//
// Only the TOML subset netlify.toml needs is understood: tables, arrays of
// tables, `key = "basic"` / `key = 'literal'` strings, integers and booleans
// where a redirect needs them, comments. Anything else inside a
// [headers.values] table or a [[redirects]] block is an error rather than a
// silent skip, because a rule we failed to read is a rule we would fail to test.

const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('../lib/paths');

const DEFAULT_FILE = path.join(ROOT, 'netlify.toml');

function parseString(raw, where) {
  if (raw.startsWith('"""') || raw.startsWith("'''")) {
    throw new Error(`${where}: multi-line strings are not supported here; keep the header value on one line`);
  }
  if (raw.startsWith('"')) {
    const m = /^"((?:[^"\\]|\\.)*)"\s*(#.*)?$/.exec(raw);
    if (!m) throw new Error(`${where}: unterminated string`);
    return JSON.parse(`"${m[1]}"`);
  }
  if (raw.startsWith("'")) {
    const m = /^'([^']*)'\s*(#.*)?$/.exec(raw);
    if (!m) throw new Error(`${where}: unterminated string`);
    return m[1];
  }
  throw new Error(`${where}: expected a quoted string, got ${raw}`);
}

function parseKey(raw) {
  const k = raw.trim();
  if (/^".*"$/.test(k)) return JSON.parse(k);
  if (/^'.*'$/.test(k)) return k.slice(1, -1);
  return k;
}

// Netlify's defaults: a redirect without a status is a 301, and one without
// `force` only applies where no file exists ("shadowing").
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

function parseRedirectValue(key, raw, where) {
  if (key === 'from' || key === 'to') return parseString(raw, where);
  if (key === 'status') {
    const m = /^(\d+)\s*(#.*)?$/.exec(raw);
    const n = m && Number(m[1]);
    if (!REDIRECT_STATUSES.includes(n)) {
      throw new Error(`${where}: redirect status ${raw} is not supported by scripts/serve.js; use one of ${REDIRECT_STATUSES.join(', ')}`);
    }
    return n;
  }
  if (key === 'force') {
    const m = /^(true|false)\s*(#.*)?$/.exec(raw);
    if (!m) throw new Error(`${where}: force must be true or false, got ${raw}`);
    return m[1] === 'true';
  }
  throw new Error(`${where}: redirect key "${key}" is not supported by scripts/serve.js (only from, to, status, force)`);
}

function checkRedirect(r, file) {
  const where = `${file}:${r.line}`;
  if (!r.from || !r.to) throw new Error(`${where}: a [[redirects]] block needs both "from" and "to"`);
  if (!r.from.startsWith('/') || r.from.startsWith('//')) {
    throw new Error(`${where}: redirect "from" must be a path starting with one "/", got ${r.from}`);
  }
  if (r.from.indexOf('*') !== -1 && !r.from.endsWith('/*')) {
    throw new Error(`${where}: in redirect "from", "*" is only allowed as the last path segment ("/old/*"), got ${r.from}`);
  }
  if (!/^https?:\/\//.test(r.to) && !(r.to.startsWith('/') && !r.to.startsWith('//'))) {
    throw new Error(`${where}: redirect "to" must be a path starting with one "/" or an http(s) URL, got ${r.to}`);
  }
}

// Returns { headers: [{ for, values }], redirects: [{ from, to, status, force, line }] }.
function parseNetlifyConfig(text, file = 'netlify.toml') {
  const headers = [];
  const redirects = [];
  let rule = null;
  let section = null; // 'rule' | 'values' | 'redirect' | null (some other table)
  text.split(/\r?\n/).forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    const t = line.trim();
    if (t === '' || t.startsWith('#')) return;
    if (/^\[\[\s*headers\s*\]\]/.test(t)) {
      rule = { for: null, values: {} };
      headers.push(rule);
      section = 'rule';
      return;
    }
    if (/^\[\s*headers\.values\s*\]/.test(t)) {
      if (section !== 'rule' && section !== 'values') throw new Error(`${where}: [headers.values] before any [[headers]]`);
      section = 'values';
      return;
    }
    if (/^\[\[\s*redirects\s*\]\]/.test(t)) {
      rule = { from: null, to: null, status: 301, force: false, line: i + 1 };
      redirects.push(rule);
      section = 'redirect';
      return;
    }
    if (/^\[\s*redirects\./.test(t)) {
      throw new Error(`${where}: ${t} (conditions, query or headers on a redirect) is not supported by scripts/serve.js`);
    }
    if (t.startsWith('[')) {
      section = null;
      rule = null;
      return;
    }
    if (!section) return;
    const eq = t.indexOf('=');
    if (eq < 0) throw new Error(`${where}: expected key = value`);
    const key = parseKey(t.slice(0, eq));
    const raw = t.slice(eq + 1).trim();
    if (section === 'redirect') rule[key] = parseRedirectValue(key, raw, where);
    else if (section === 'values') rule.values[key] = parseString(raw, where);
    else {
      const value = parseString(raw, where);
      if (key === 'for') rule.for = value;
    }
  });
  for (const r of headers) {
    if (!r.for) throw new Error(`${file}: a [[headers]] block has no "for" path`);
  }
  for (const r of redirects) checkRedirect(r, file);
  return { headers, redirects };
}

function parseHeaderRules(text, file = 'netlify.toml') {
  return parseNetlifyConfig(text, file).headers;
}

function escapeRegExp(s) {
  return s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

// Netlify path patterns: exact paths, and `*` as a splat matching the rest.
function matches(pattern, urlPath) {
  return new RegExp('^' + pattern.split('*').map(escapeRegExp).join('.*') + '$').test(urlPath);
}

// Like Netlify, every matching rule contributes; a header named by several
// rules gets their values joined with ", ".
function headersFor(rules, urlPath) {
  const out = {};
  for (const r of rules) {
    if (!matches(r.for, urlPath)) continue;
    for (const [k, v] of Object.entries(r.values)) {
      out[k] = out[k] === undefined ? v : `${out[k]}, ${v}`;
    }
  }
  return out;
}

// The first rule whose `from` matches wins, as on Netlify. `from` may end in
// `/*` (the rest is `:splat` in `to`) and hold `:name` segments; a trailing
// slash on the request is ignored, as Netlify's URL normalisation does. The
// query string is passed on unless `to` has its own. Returns
// { status, location, force } or null.
function redirectFor(redirects, urlPath, search = '') {
  for (const r of redirects) {
    const names = [];
    let pattern = r.from;
    const splat = pattern.endsWith('/*');
    if (splat) pattern = pattern.slice(0, -2);
    else pattern = pattern.replace(/\/$/, '');
    const body = pattern.split('/').map((seg) => {
      if (/^:\w+$/.test(seg)) {
        names.push(seg.slice(1));
        return '([^/]+)';
      }
      return escapeRegExp(seg);
    }).join('/');
    if (splat) names.push('splat');
    const m = new RegExp(`^${body}${splat ? '(?:/(.*))?' : '/?'}$`).exec(urlPath);
    if (!m) continue;
    let location = r.to.replace(/:(\w+)/g, (all, name) => {
      const k = names.indexOf(name);
      return k === -1 ? all : (m[k + 1] || '');
    });
    // A splat that starts with slashes must not turn "/:splat" into "//host"
    // (browsers read a leading backslash as "/" too).
    if (location.startsWith('/')) location = location.replace(/^[/\\]+/, '/');
    if (search && !location.includes('?')) location += search;
    return { status: r.status, location, force: r.force };
  }
  return null;
}

function loadNetlifyConfig(file = DEFAULT_FILE) {
  return parseNetlifyConfig(fs.readFileSync(file, 'utf8'), path.basename(file));
}

function loadHeaderRules(file = DEFAULT_FILE) {
  return loadNetlifyConfig(file).headers;
}

module.exports = {
  parseNetlifyConfig, loadNetlifyConfig, parseHeaderRules, loadHeaderRules, headersFor, redirectFor, matches,
};
