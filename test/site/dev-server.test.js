'use strict';
// `npm start` is Eleventy's own dev server (eleventy --serve, live reload)
// with netlify.toml's headers (_config/dev-server.js), so an author sees a
// page under the CSP readers get; `npm run preview` is the static server that
// mirrors Netlify (scripts/serve.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { netlifyHeaders } = require('../../_config/dev-server');
const { loadHeaderRules, headersFor } = require('../../scripts/site-tools/netlify-headers');

const ROOT = path.join(__dirname, '..', '..');
const CSP = headersFor(loadHeaderRules(), '/')['Content-Security-Policy'];

function fakeResponse() {
  const headers = {};
  return { headers, setHeader: (k, v) => { headers[k] = v; } };
}

test('the dev server middleware sends netlify.toml\'s headers for the path, without the year-long cache', () => {
  const mw = netlifyHeaders(loadHeaderRules());
  let called = 0;
  const page = fakeResponse();
  mw({ url: '/posts/x/?a=1' }, page, () => called++);
  assert.equal(page.headers['Content-Security-Policy'], CSP);
  assert.equal(page.headers['X-Content-Type-Options'], 'nosniff');
  const asset = fakeResponse();
  mw({ url: '/assets/f/site.0123456789.css' }, asset, () => called++);
  assert.equal(asset.headers['Cache-Control'], undefined);
  assert.equal(asset.headers['Content-Security-Policy'], CSP);
  assert.equal(called, 2, 'the request goes on to Eleventy\'s own handlers');
});

test('npm start serves with live reload; npm run preview builds and serves like Netlify', () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  assert.equal(scripts.start, 'eleventy --serve');
  assert.match(scripts.preview, /^eleventy && node scripts\/serve\.js$/);
});

const get = (url) => new Promise((resolve, reject) => {
  const req = http.get(url, { timeout: 20000 }, (res) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (c) => { body += c; });
    res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
  });
  req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within 20 s`)));
  req.on('error', reject);
});

const freePort = () => new Promise((resolve, reject) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  }).on('error', reject);
});

test('eleventy --serve answers with the deployed CSP, and its reload script is one the CSP allows', async (t) => {
  const output = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-dev-'));
  const port = await freePort();
  const cli = path.join(ROOT, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  const child = spawn(process.execPath, [cli, '--serve', '--input=test/fixtures/dev-server', `--output=${output}`], {
    cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // The server stops before its output folder goes.
  t.after(async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(output, { recursive: true, force: true });
  });
  let log = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Server at" line within 120 s:\n${log}`)), 120000);
    const read = (c) => {
      log += c;
      if (/Server at http:\/\/localhost:\d+\//.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`eleventy --serve exited with ${code}:\n${log}`)));
  });
  assert.match(log, new RegExp(`Server at http://localhost:${port}/`));
  // node:http, not fetch: fetch says sec-fetch-mode: cors, and the server adds
  // its script to navigations only.
  const res = await get(`http://localhost:${port}/page/`);
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-security-policy'], CSP);
  const { body } = res;
  // The live-reload client is a same-origin file, never an inline script
  // (script-src 'self' would block that).
  assert.match(body, /<script type="module"[^>]*src="\/\.11ty\/reload-client\.js"><\/script>/);
  assert.equal((await get(`http://localhost:${port}/.11ty/reload-client.js`)).status, 200);
});
