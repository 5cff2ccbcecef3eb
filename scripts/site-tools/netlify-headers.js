'use strict';
// Reads netlify.toml's [[headers]] and [[redirects]] rules and answers "which
// headers does Netlify send for this path?" and "does Netlify redirect it?".
// The local server, Eleventy's dev server and the browser tests use it so the
// CSP we test is byte-for-byte the one we deploy, and old URLs redirect
// locally as they will on Netlify.
//
// smol-toml parses the file; this module checks the two kinds of rule. What
// a rule holds that the local servers cannot do (a header value that is not
// text, a redirect's query, conditions or signature) is an error rather than
// a silent skip, because a rule we failed to read is a rule we would fail to test.

const fs = require('node:fs');
const path = require('node:path');
const TOML = require('smol-toml');
const { ROOT } = require('../lib/paths');

const DEFAULT_FILE = path.join(ROOT, 'netlify.toml');

// Netlify's defaults: a redirect without a status is a 301, and one without
// `force` only applies where no file exists ("shadowing").
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
const REDIRECT_KEYS = ['from', 'to', 'status', 'force'];

const isTable = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

// A top-level array of tables ([[name]]), or [] when the file has none.
function tablesOf(doc, name, file) {
  const list = doc[name] === undefined ? [] : doc[name];
  if (!Array.isArray(list) || !list.every(isTable)) throw new Error(`${file}: "${name}" must be written as [[${name}]] blocks`);
  return list;
}

function readHeaderRule(rule, where) {
  for (const key of Object.keys(rule)) {
    if (key !== 'for' && key !== 'values') throw new Error(`${where}: "${key}" is not supported in a [[headers]] block (only for, values)`);
  }
  if (typeof rule.for !== 'string' || !rule.for) throw new Error(`${where}: a [[headers]] block has no "for" path`);
  const values = rule.values === undefined ? {} : rule.values;
  if (!isTable(values)) throw new Error(`${where}: "values" must be a [headers.values] table`);
  for (const [k, v] of Object.entries(values)) {
    if (typeof v !== 'string') throw new Error(`${where}: header ${k} must be a string (got ${JSON.stringify(v)}); write it in quotes`);
  }
  return { for: rule.for, values: { ...values } };
}

function readRedirect(rule, where) {
  for (const key of Object.keys(rule)) {
    if (!REDIRECT_KEYS.includes(key)) {
      throw new Error(`${where}: redirect key "${key}" is not supported by scripts/serve.js (only ${REDIRECT_KEYS.join(', ')})`);
    }
  }
  const { from, to, status = 301, force = false } = rule;
  if (typeof from !== 'string' || typeof to !== 'string') throw new Error(`${where}: a [[redirects]] block needs both "from" and "to"`);
  if (!REDIRECT_STATUSES.includes(status)) {
    throw new Error(`${where}: redirect status ${JSON.stringify(status)} is not supported by scripts/serve.js; use one of ${REDIRECT_STATUSES.join(', ')}`);
  }
  if (typeof force !== 'boolean') throw new Error(`${where}: force must be true or false, got ${JSON.stringify(force)}`);
  if (!from.startsWith('/') || from.startsWith('//')) {
    throw new Error(`${where}: redirect "from" must be a path starting with one "/", got ${from}`);
  }
  if (from.indexOf('*') !== -1 && !from.endsWith('/*')) {
    throw new Error(`${where}: in redirect "from", "*" is only allowed as the last path segment ("/old/*"), got ${from}`);
  }
  if (!/^https?:\/\//.test(to) && !(to.startsWith('/') && !to.startsWith('//'))) {
    throw new Error(`${where}: redirect "to" must be a path starting with one "/" or an http(s) URL, got ${to}`);
  }
  return { from, to, status, force };
}

// Returns { headers: [{ for, values }], redirects: [{ from, to, status, force }] }.
// Errors name the file, and the block by its number (and `from`).
function parseNetlifyConfig(text, file = 'netlify.toml') {
  let doc;
  try {
    doc = TOML.parse(text);
  } catch (err) {
    if (!(err instanceof TOML.TomlError)) throw err;
    throw new Error(`${file}:${err.line}:${err.column}: not valid TOML: ${err.message.split('\n')[0].replace(/^Invalid TOML document: /, '')}`);
  }
  const headers = tablesOf(doc, 'headers', file).map((r, i) => readHeaderRule(r, `${file}, [[headers]] #${i + 1}`));
  const redirects = tablesOf(doc, 'redirects', file).map((r, i) =>
    readRedirect(r, `${file}, [[redirects]] #${i + 1}${typeof r.from === 'string' ? ` (from ${r.from})` : ''}`));
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
