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
const { netlifyHeaders } = require('../../scripts/site-tools/dev-server');
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

// `eleventy --serve` on the fixture site with PORT set to a free port, once it
// says "Server at"; stopped (SIGTERM, as Ctrl+C would) when the test ends, if
// it has not been stopped already, before its output folder goes.
async function startDevServer(t) {
  const output = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-dev-'));
  const port = await freePort();
  const cli = path.join(ROOT, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  const child = spawn(process.execPath, [cli, '--serve', '--input=test/fixtures/dev-server', `--output=${output}`], {
    cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  t.after(async () => {
    await stop();
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
  return { port, log, stop };
}

test('eleventy --serve answers with the deployed CSP, and its reload script is one the CSP allows', async (t) => {
  const { port, log } = await startDevServer(t);
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

// An address of /proc/net/tcp or tcp6: hex, each 32-bit word in the host's
// (little-endian) byte order.
function readAddress(hex) {
  const bytes = hex.match(/.{8}/g).flatMap((word) => word.match(/../g).reverse().map((b) => parseInt(b, 16)));
  if (bytes.length === 4) return bytes.join('.');
  if (bytes.every((b) => b === 0)) return '::';
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(':');
}

// The local addresses listening on TCP `port`, from the kernel's socket tables
// (what `ss -ltn` prints): "127.0.0.1", or "::" / "0.0.0.0" for every interface.
function listeningOn(port) {
  const LISTEN = '0A';
  const found = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = fs.readFileSync(table, 'utf8').trim().split('\n').slice(1);
    for (const line of lines) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, hexPort] = local.split(':');
      if (state === LISTEN && parseInt(hexPort, 16) === port) found.push(readAddress(address));
    }
  }
  return found.sort();
}

// Issue 38, item 1: the dev server and its live-reload socket (the same
// server) are for this machine only, as the README says; other hosts on the
// network must not reach them.
test('eleventy --serve listens on 127.0.0.1 only, and once stopped nothing listens on its port',
  { skip: !fs.existsSync('/proc/net/tcp') && 'needs Linux\'s /proc/net/tcp to read the listening sockets' }, async (t) => {
    const { port, stop } = await startDevServer(t);
    assert.deepEqual(listeningOn(port), ['127.0.0.1'], `the sockets listening on port ${port}`);
    await stop();
    assert.deepEqual(listeningOn(port), [], `nothing left listening on port ${port}`);
  });
