'use strict';
// The preview server (`npm run preview`, and the browser tests) must let nothing in:
// a bad request is answered, never fatal; nothing outside the site root is
// served, whatever path or link leads there; redirects stay on this host.
// Every request goes to 127.0.0.1 and every loop is bounded.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { serve } = require('../../scripts/site-tools/server');

const SERVE = path.join(__dirname, '..', '..', 'scripts', 'serve.js');

// A site root with a page, a 404 page, a fingerprinted file and a sibling folder
// outside the root holding a secret, all inside one temp folder.
function makeSite(t) {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-serve-'));
  t.after(() => fs.rmSync(base, { recursive: true, force: true }));
  const root = path.join(base, 'site');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(root, 'assets', 'f', 'lib@1'), { recursive: true });
  fs.mkdirSync(path.join(root, 'a b'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(root, 'index.html'), '<p>home</p>');
  fs.writeFileSync(path.join(root, '404.html'), '<p>missing</p>');
  fs.writeFileSync(path.join(root, 'a b', 'index.html'), '<p>space</p>');
  fs.writeFileSync(path.join(root, 'assets', 'f', 'lib@1', 'lib.js'), 'lib();');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'SECRET');
  return { base, root, outside };
}

async function start(t, options) {
  const s = await serve({ port: 0, ...options });
  t.after(() => s.close());
  return s;
}

// A raw HTTP/1.1 exchange over one socket: what a browser or a scanner could
// send, without Node's client tidying the request line first.
function rawRequest(url, text) {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => socket.end(text));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => { data += chunk; });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

// GET with the path sent exactly as given (fetch would normalise `/./`).
function get(url, rawPath) {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: rawPath, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

test('serve: malformed request line → 400, server alive', async (t) => {
  const { root } = makeSite(t);
  const s = await start(t, { root });
  const reply = await rawRequest(s.url, 'GET http://[/x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  assert.match(reply, /^HTTP\/1\.1 400 /);
  assert.match(reply, /content-security-policy: default-src 'self'/i, 'error responses carry the security headers too');
  const after = await fetch(`${s.url}/`);
  assert.equal(after.status, 200);
  assert.equal(await after.text(), '<p>home</p>');
});

test('serve: symlink out of the root → 404', async (t) => {
  const { root, outside } = makeSite(t);
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
  fs.symlinkSync(outside, path.join(root, 'leakdir'));
  fs.symlinkSync('/etc/passwd', path.join(root, 'passwd'));
  // A link that stays inside the root is an ordinary file of the site.
  fs.symlinkSync(path.join(root, 'index.html'), path.join(root, 'home.html'));
  const s = await start(t, { root });
  for (const p of ['/leak.txt', '/leakdir/secret.txt', '/leakdir/', '/passwd']) {
    const res = await fetch(s.url + p, { redirect: 'manual' });
    const body = await res.text();
    assert.equal(res.status, 404, p);
    assert.doesNotMatch(body, /SECRET|root:/, p);
  }
  const inside = await fetch(`${s.url}/home.html`);
  assert.equal(inside.status, 200);
  assert.equal(await inside.text(), '<p>home</p>');
});

test('serve: a site root that is itself a symlink still serves its files', async (t) => {
  const { base, root } = makeSite(t);
  const link = path.join(base, 'site-link');
  fs.symlinkSync(root, link);
  const s = await start(t, { root: link });
  const res = await fetch(`${s.url}/assets/f/lib@1/lib.js`);
  assert.equal(res.status, 200);
  assert.equal(await res.text(), 'lib();');
});

// The server runs in a child process here: a server that opens the FIFO
// blocks its whole event loop, and it must not be this test's loop. The 20 s
// limit only ends a hung request; a correct server answers at once.
test('serve: FIFO in the root → 404, server not blocked', async (t) => {
  const { root } = makeSite(t);
  const mk = spawnSync('mkfifo', [path.join(root, 'pipe')]);
  assert.equal(mk.status, 0, `mkfifo failed: ${mk.stderr}`);
  const child = spawn(process.execPath, [SERVE, '--dir', root, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.after(() => child.kill());
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve.js exited with ${code} before listening: ${out}`)));
  });
  for (const p of ['/pipe', '/pipe/']) {
    const res = await fetch(url + p, { signal: AbortSignal.timeout(20000) });
    assert.equal(res.status, 404, p);
  }
  assert.equal((await fetch(`${url}/`, { signal: AbortSignal.timeout(20000) })).status, 200);
});

test('serve: `/.//assets` redirects on this host, never to `//assets/`', async (t) => {
  const { root } = makeSite(t);
  const s = await start(t, { root });
  const cases = { '/.//assets': '/assets/', '//assets': '/assets/', '/assets//f': '/assets/f/',
    '/x/../assets': '/assets/', '/a%20b': '/a%20b/', '/assets?v=1': '/assets/?v=1' };
  for (const [from, to] of Object.entries(cases)) {
    const res = await get(s.url, from);
    assert.equal(res.status, 301, from);
    assert.equal(res.headers.location, to, from);
    assert.doesNotMatch(res.headers.location, /^\/\//, from);
  }
  const page = await get(s.url, '/a%20b/');
  assert.equal(page.status, 200);
  assert.equal(page.body, '<p>space</p>');
});

test('serve: a 404 under /assets/f/ is not cached for a year; the files there are', async (t) => {
  const { root } = makeSite(t);
  const s = await start(t, { root });
  const missing = await fetch(`${s.url}/assets/f/lib@1/nope.js`);
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('cache-control'), null);
  assert.equal(missing.headers.get('x-content-type-options'), 'nosniff', 'security headers stay on 404s');
  const redirect = await fetch(`${s.url}/assets/f/lib@1`, { redirect: 'manual' });
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.get('cache-control'), null);
  const hit = await fetch(`${s.url}/assets/f/lib@1/lib.js`);
  assert.equal(hit.status, 200);
  assert.equal(hit.headers.get('cache-control'), 'public, max-age=31536000, immutable');
});

test('serve: netlify.toml [[redirects]] answer with their status and target', async (t) => {
  const { base, root } = makeSite(t);
  fs.mkdirSync(path.join(root, 'posts', 'new'), { recursive: true });
  fs.writeFileSync(path.join(root, 'posts', 'new', 'index.html'), '<p>new</p>');
  fs.mkdirSync(path.join(root, 'kept'), { recursive: true });
  fs.writeFileSync(path.join(root, 'kept', 'index.html'), '<p>kept</p>');
  const toml = path.join(base, 'netlify.toml');
  fs.writeFileSync(toml, `
[[headers]]
  for = "/*"
  [headers.values]
    X-Test = "yes"

[[redirects]]
  from = "/2013/analysis.html"
  to = "/posts/new/"
  status = 301

[[redirects]]
  from = "/old/*"
  to = "/posts/:splat"
  status = 302

[[redirects]]
  from = "/moved/*"
  to = "/:splat"

[[redirects]]
  from = "/kept/"
  to = "/posts/new/"

[[redirects]]
  from = "/forced"
  to = "https://example.org/elsewhere"
  status = 308
  force = true
`);
  const s = await start(t, { root, netlifyToml: toml });
  const expect = [
    ['/2013/analysis.html', 301, '/posts/new/'],
    ['/2013/analysis.html?ref=x', 301, '/posts/new/?ref=x'],
    ['/old/new/', 302, '/posts/new/'],
    ['/moved/posts/new/', 301, '/posts/new/'],
    ['/moved//example.org', 301, '/example.org'],
    ['/forced', 308, 'https://example.org/elsewhere'],
  ];
  for (const [from, status, location] of expect) {
    const res = await fetch(s.url + from, { redirect: 'manual' });
    assert.equal(res.status, status, from);
    assert.equal(res.headers.get('location'), location, from);
    assert.equal(res.headers.get('x-test'), 'yes', from);
  }
  // Without force, an existing page shadows the rule, as on Netlify.
  const kept = await fetch(`${s.url}/kept/`, { redirect: 'manual' });
  assert.equal(kept.status, 200);
  assert.equal(await kept.text(), '<p>kept</p>');
  const followed = await fetch(`${s.url}/2013/analysis.html`);
  assert.equal(followed.status, 200);
  assert.equal(await followed.text(), '<p>new</p>');
});

test('serve: the real netlify.toml parses, and its redirects (if any) point into the site', () => {
  const { loadNetlifyConfig } = require('../../scripts/site-tools/netlify-headers');
  const { redirects } = loadNetlifyConfig();
  for (const r of redirects) {
    assert.match(r.from, /^\//);
    assert.ok([301, 302, 303, 307, 308].includes(r.status), `${r.from}: status ${r.status}`);
  }
});

test('serve: an exception inside a request → 500, server alive', async (t) => {
  const { base, root } = makeSite(t);
  const toml = path.join(base, 'netlify.toml');
  // A control character in a header value makes writeHead throw for /bad/ only.
  fs.writeFileSync(toml, '[[headers]]\n  for = "/bad/*"\n  [headers.values]\n    X-Broken = "a\\u0001b"\n');
  fs.mkdirSync(path.join(root, 'bad'));
  fs.writeFileSync(path.join(root, 'bad', 'index.html'), 'x');
  const s = await start(t, { root, netlifyToml: toml });
  const errors = [];
  t.mock.method(console, 'error', (msg) => errors.push(msg));
  const res = await fetch(`${s.url}/bad/`);
  assert.equal(res.status, 500);
  assert.match(errors.join('\n'), /GET \/bad\//, 'the failure is logged with its request');
  assert.equal((await fetch(`${s.url}/`)).status, 200);
});

test('serve: other methods → 405; HEAD has headers and no body', async (t) => {
  const { root } = makeSite(t);
  const s = await start(t, { root });
  const post = await fetch(`${s.url}/`, { method: 'POST', body: 'x' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('allow'), 'GET, HEAD');
  const head = await fetch(`${s.url}/`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-length'), String('<p>home</p>'.length));
  assert.equal(await head.text(), '');
});

test('serve: many bad requests in a row leave the server answering', async (t) => {
  const { root } = makeSite(t);
  const s = await start(t, { root });
  const bad = ['GET http://[/x HTTP/1.1', 'GET /%E0%A4%A HTTP/1.1', 'GET /%00 HTTP/1.1', 'GET * HTTP/1.1', 'GET http://a:b@[::1 HTTP/1.1'];
  for (let i = 0; i < 3; i++) {
    for (const line of bad) {
      const reply = await rawRequest(s.url, `${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      assert.match(reply, /^HTTP\/1\.1 4\d\d /, line);
    }
  }
  assert.equal((await fetch(`${s.url}/`)).status, 200);
});

test('serve: an unknown option exits 2 naming it', () => {
  const r = spawnSync(process.execPath, [SERVE, '--prot', '8080'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--prot/);
  const p = spawnSync(process.execPath, [SERVE, '--port', 'abc'], { encoding: 'utf8' });
  assert.equal(p.status, 2);
  assert.match(p.stderr, /--port/);
});
