'use strict';
// Reads the [[headers]] rules from netlify.toml and answers "which headers
// does Netlify send for this path?". The local server and the browser tests
// use it so the CSP we test is byte-for-byte the one we deploy.
//
// Only the TOML subset netlify.toml needs is understood: tables, arrays of
// tables, `key = "basic"` / `key = 'literal'` strings, comments. Anything else
// inside a [headers.values] table is an error rather than a silent skip,
// because a header we failed to read is a header we would fail to test.

const fs = require('node:fs');
const path = require('node:path');

const DEFAULT_FILE = path.join(__dirname, '..', '..', 'netlify.toml');

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

function parseHeaderRules(text, file = 'netlify.toml') {
  const rules = [];
  let rule = null;
  let section = null; // 'rule' | 'values' | null (some other table)
  text.split(/\r?\n/).forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    const t = line.trim();
    if (t === '' || t.startsWith('#')) return;
    if (/^\[\[\s*headers\s*\]\]/.test(t)) {
      rule = { for: null, values: {} };
      rules.push(rule);
      section = 'rule';
      return;
    }
    if (/^\[\s*headers\.values\s*\]/.test(t)) {
      if (!rule) throw new Error(`${where}: [headers.values] before any [[headers]]`);
      section = 'values';
      return;
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
    const value = parseString(t.slice(eq + 1).trim(), where);
    if (section === 'values') rule.values[key] = value;
    else if (key === 'for') rule.for = value;
  });
  for (const r of rules) {
    if (!r.for) throw new Error(`${file}: a [[headers]] block has no "for" path`);
  }
  return rules;
}

// Netlify path patterns: exact paths, and `*` as a splat matching the rest.
function matches(pattern, urlPath) {
  const re = new RegExp(
    '^' + pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$'
  );
  return re.test(urlPath);
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

function loadHeaderRules(file = DEFAULT_FILE) {
  return parseHeaderRules(fs.readFileSync(file, 'utf8'), path.basename(file));
}

module.exports = { parseHeaderRules, loadHeaderRules, headersFor, matches };
