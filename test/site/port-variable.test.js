'use strict';
// Issue 38, item 10: the PORT variable is checked as --port is, by the one
// checker of scripts/lib/args.js, in both servers: `npm run preview`'s
// (scripts/serve.js) and `npm start`'s (Eleventy's dev server, configured by
// _config/dev-server.js). A value that is not a decimal port from 0 to 65535
// exits 2 naming PORT, the value and the range; it never means another port
// (PORT=abc was 8080, PORT=0x50 port 80).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const SERVE = path.join(ROOT, 'scripts', 'serve.js');
const ELEVENTY = path.join(ROOT, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
const BAD = ['abc', '0x50', '99999', '-1', '1e3', ' 8080'];
const RANGE = />= 0 and <= 65535/;

const quoted = (value) => new RegExp(`"${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`);

// A built site for serve.js to find, so only the port can stop it.
function siteDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-port-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'index.html'), '<p>home</p>');
  return dir;
}

// Every case here is refused before anything listens; the time limit only
// ends a server that listens anyway (the failure this file is about).
function run(args, env) {
  return spawnSync(process.execPath, args, {
    cwd: ROOT, encoding: 'utf8', timeout: 30000, killSignal: 'SIGKILL', env: { ...process.env, ...env },
  });
}

test('serve.js refuses a PORT that is not a decimal port, exit 2, naming PORT, the value and the range', (t) => {
  const dir = siteDir(t);
  for (const value of BAD) {
    const r = run([SERVE, '--dir', dir], { PORT: value });
    assert.equal(r.status, 2, `PORT=${JSON.stringify(value)}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /^serve: PORT: /, value);
    assert.match(r.stderr, quoted(value));
    assert.match(r.stderr, RANGE);
    // One checker: --port with the same value says the same, naming --port.
    const option = run([SERVE, '--dir', dir, '--port', value], { PORT: '' });
    assert.equal(option.status, 2, `--port ${JSON.stringify(value)}: ${option.stderr}`);
    assert.equal(option.stderr, r.stderr.replace('PORT', '--port'));
  }
});

const freePort = () => new Promise((resolve, reject) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  }).on('error', reject);
});

test('serve.js listens on the port PORT names', async (t) => {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVE, '--dir', siteDir(t)], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  t.after(async () => {
    child.kill();
    await exited;
  });
  const line = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve(out);
    });
    child.on('exit', (code) => reject(new Error(`serve.js exited with ${code} before listening: ${out}`)));
  });
  assert.match(line, new RegExp(`at http://127\\.0\\.0\\.1:${port}/`));
});

test('eleventy --serve (npm start) refuses a PORT that is not a decimal port, exit 2, naming PORT, the value and the range', (t) => {
  const output = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-port-dev-'));
  t.after(() => fs.rmSync(output, { recursive: true, force: true }));
  for (const value of ['abc', '0x50', '99999']) {
    const r = run([ELEVENTY, '--serve', '--input=test/fixtures/dev-server', `--output=${output}`], { PORT: value });
    assert.equal(r.status, 2, `PORT=${JSON.stringify(value)}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /PORT: /, value);
    assert.match(r.stderr, quoted(value));
    assert.match(r.stderr, RANGE);
    assert.deepEqual(fs.readdirSync(output), [], 'refused before building anything');
  }
});
