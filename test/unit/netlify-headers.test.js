'use strict';
// The local server must send what Netlify sends: the parser reads the real
// netlify.toml, and the server applies it to every response, 404s included.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseHeaderRules, loadHeaderRules, headersFor } = require('../../scripts/site-tools/netlify-headers');
const { serve } = require('../../scripts/site-tools/server');

test('netlify.toml declares the security headers the site relies on', () => {
  const h = headersFor(loadHeaderRules(), '/posts/anything/');
  assert.equal(
    h['Content-Security-Policy'],
    "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; font-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'"
  );
  assert.equal(h['X-Content-Type-Options'], 'nosniff');
  assert.ok(h['Referrer-Policy']);
  assert.equal(h['Cache-Control'], undefined, 'pages are not cached for a year');
  assert.match(headersFor(loadHeaderRules(), '/assets/f/site.abc.css')['Cache-Control'], /immutable/);
});

test('parser: splats, merged rules, quoting, and a clear error for what it cannot read or apply', () => {
  const rules = parseHeaderRules(`
[build]
  command = "x"
[[headers]]
  for = "/*"  # all
  [headers.values]
    A = "1"
    "B-Quoted" = 'two \\n literal'
[[headers]]
  for = "/a/*"
  [headers.values]
    A = "3"
`);
  assert.deepEqual(headersFor(rules, '/a/b'), { A: '1, 3', 'B-Quoted': 'two \\n literal' });
  assert.deepEqual(headersFor(rules, '/b'), { A: '1', 'B-Quoted': 'two \\n literal' });
  // Any TOML reads (a multi-line string here); what a header cannot be is refused.
  assert.deepEqual(headersFor(parseHeaderRules('[[headers]]\nfor = "/*"\n[headers.values]\nX = """a"""\n'), '/'), { X: 'a' });
  assert.throws(() => parseHeaderRules('[[headers]]\nfor = "/*"\n[headers.values]\nX = 1\n', 'n.toml'), /n\.toml, \[\[headers\]\] #1: header X must be a string/);
  assert.throws(() => parseHeaderRules('[[headers]]\nfor = "/*"\n[headers.values]\nX = \n', 'n.toml'), /n\.toml:4:5: not valid TOML/);
  assert.throws(() => parseHeaderRules('[[headers]]\n[headers.values]\nX = "1"\n', 'n.toml'), /n\.toml, \[\[headers\]\] #1: a \[\[headers\]\] block has no "for" path/);
});

test('server: headers on every response, index files, redirects, no escaping the root', async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-serve-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, 'posts', 'a'), { recursive: true });
  fs.writeFileSync(path.join(root, 'posts', 'a', 'index.html'), '<p>a</p>');
  fs.writeFileSync(path.join(root, '404.html'), '<p>missing</p>');
  const s = await serve({ root, port: 0 });
  t.after(() => s.close());

  const ok = await fetch(`${s.url}/posts/a/`);
  assert.equal(ok.status, 200);
  assert.match(ok.headers.get('content-type'), /text\/html/);
  assert.match(ok.headers.get('content-security-policy'), /default-src 'self'/);

  const redirect = await fetch(`${s.url}/posts/a`, { redirect: 'manual' });
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.get('location'), '/posts/a/');

  const missing = await fetch(`${s.url}/nope`);
  assert.equal(missing.status, 404);
  assert.equal(await missing.text(), '<p>missing</p>');
  assert.equal(missing.headers.get('x-content-type-options'), 'nosniff');

  const escape = await fetch(`${s.url}/%2e%2e/%2e%2e/etc/passwd`);
  assert.ok([400, 404].includes(escape.status));
});

test('parser: [[redirects]] with Netlify defaults, and clear errors for what serve.js cannot do', () => {
  const { parseNetlifyConfig, redirectFor } = require('../../scripts/site-tools/netlify-headers');
  const { redirects } = parseNetlifyConfig(`
[[redirects]]
  from = "/2013/:slug"  # the old blog's URLs
  to = "/posts/:slug/"
[[redirects]]
  from = "/feed/*"
  to = "/feed.xml"
  status = 302
  force = true
`);
  assert.deepEqual(redirects.map(({ from, to, status, force }) => ({ from, to, status, force })), [
    { from: '/2013/:slug', to: '/posts/:slug/', status: 301, force: false },
    { from: '/feed/*', to: '/feed.xml', status: 302, force: true },
  ]);
  assert.deepEqual(redirectFor(redirects, '/2013/analysis', '?a=1'), { status: 301, location: '/posts/analysis/?a=1', force: false });
  assert.equal(redirectFor(redirects, '/feed/atom/x').location, '/feed.xml');
  assert.equal(redirectFor(redirects, '/feedx'), null);
  assert.equal(redirectFor(redirects, '/2013/a/b'), null, ':slug is one path segment');

  const bad = (toml) => () => parseNetlifyConfig(toml, 'n.toml');
  const at = 'n\\.toml, \\[\\[redirects\\]\\] #1 \\(from \\/a\\): ';
  assert.throws(bad('[[redirects]]\nfrom = "/a"\nto = "/b"\nstatus = 200\n'), new RegExp(`${at}redirect status 200 is not supported`));
  assert.throws(bad('[[redirects]]\nfrom = "/a"\nto = "/b"\n[redirects.query]\nx = ":x"\n'), new RegExp(`${at}redirect key "query" is not supported`));
  assert.throws(bad('[[redirects]]\nfrom = "/a"\nto = "//elsewhere.example"\n'), new RegExp(`${at}redirect "to" must be a path starting with one "/"`));
  assert.throws(bad('[[redirects]]\nfrom = "/a"\n'), /needs both "from" and "to"/);
  assert.throws(bad('[[redirects]]\nfrom = "/a/*/b"\nto = "/b"\n'), /only allowed as the last path segment/);
  assert.throws(bad('[[redirects]]\nfrom = "/a"\nto = "/b"\nsigned = "X"\n'), new RegExp(`${at}redirect key "signed" is not supported`));
  assert.throws(bad('[[redirects]]\nfrom = "/a"\nto = "/b"\nforce = "yes"\n'), new RegExp(`${at}force must be true or false`));
});
