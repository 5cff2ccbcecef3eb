'use strict';
// Finds the Chromium that the browser tests, scripts/measure-page.js and the
// benchmark's `chromium` runtime (scripts/harness/browser/) drive, so a fresh
// clone needs nothing beyond `npm ci`. In scripts/lib/ because the harness and
// the site tools both use it. In this order:
//   1. CHROMIUM_PATH, if set. A wrong setting is an error, never silently
//      replaced by another browser: whoever set it meant that one.
//   2. A Chromium or Chrome on PATH (apt's chromium, a local Chrome).
//   3. The Chromium shipped inside the npm package @sparticuz/chromium (a
//      devDependency), unpacked once into .cache/chromium/<version>/ in the
//      repository (ignored by git), not the system temp folder.
//
//   const { findBrowser, launchOptions } = require('./find-browser');
//   const browser = await require('playwright-core').chromium.launch(launchOptions());

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const { ROOT } = require('./paths');
const CACHE_DIR = path.join(ROOT, '.cache', 'chromium');
const NPM_PACKAGE = '@sparticuz/chromium';
const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

// --no-sandbox because CI runs as root; --headless=new is the headless mode
// both Debian's Chromium and the npm build support. The rest keep a headless
// run quiet and offline: no update checks or background fetches that would
// show up as stray requests. The npm package's own `args` list is meant for
// serverless hosts (single process, web security off) and is not used.
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-gpu',
];

// No browser anywhere, or CHROMIUM_PATH naming no executable: callers tell it
// from a failed launch by this class (or `code`), never by the message.
class BrowserNotFoundError extends Error {
  constructor(message, { tried = [] } = {}) {
    super(message);
    this.name = 'BrowserNotFoundError';
    this.code = 'ERR_NO_BROWSER';
    this.tried = tried;
  }
}

function isExecutableFile(file) {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Each name in order of preference, searched along the whole PATH, like `which`.
function findOnPath(pathVar) {
  const dirs = (pathVar || '').split(path.delimiter).filter(Boolean);
  for (const name of NAMES) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      if (isExecutableFile(file)) return file;
    }
  }
  return null;
}

// The package's folder, or null when it is not installed. Its exports map
// hides package.json, so walk up from its entry point.
function packageDir(pkg) {
  let dir;
  try {
    dir = path.dirname(require.resolve(pkg));
  } catch {
    return null;
  }
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).name === pkg) return dir;
  }
  return null;
}

// Fontconfig setup for the npm build: the system's fonts when there are any,
// plus the fonts the package ships, so text has glyphs even on a machine with
// no fonts installed. Paths are relative to this file, so the cache survives
// the repository being moved.
const FONTS_CONF = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir prefix="relative">fonts</dir>
  <cachedir prefix="relative">fontconfig-cache</cachedir>
</fontconfig>
`;

// Unpacking folders left by a process that died half-way hold ~200 MB each.
function removeAbandonedUnpacks(cacheDir) {
  let entries;
  try {
    entries = fs.readdirSync(cacheDir);
  } catch {
    return;
  }
  for (const name of entries) {
    const m = /^\.unpack-(\d+)-/.exec(name);
    if (!m) continue;
    try {
      process.kill(Number(m[1]), 0);
    } catch (err) {
      if (err.code === 'ESRCH') fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true });
    }
  }
}

// The package unpacks into os.tmpdir(), so a child process with TMPDIR set to
// a fresh folder next to the cache does the unpacking; the folder is renamed
// into place only when complete, so a parallel test process either finds a
// whole browser or unpacks its own copy and discards it. AWS_LAMBDA_JS_RUNTIME
// asks the package to unpack the NSS and expat libraries it bundles too (it
// does so on Amazon Linux hosts); with them the browser needs nothing from
// apt beyond the C library.
function unpack(pkg, pkgDir, target) {
  const cacheDir = path.dirname(target);
  fs.mkdirSync(cacheDir, { recursive: true });
  removeAbandonedUnpacks(cacheDir);
  const staging = fs.mkdtempSync(path.join(cacheDir, `.unpack-${process.pid}-`));
  try {
    const script = `require(${JSON.stringify(pkgDir)}).executablePath().then(
      (p) => process.stdout.write(p),
      (e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); })`;
    const r = spawnSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: staging, AWS_LAMBDA_JS_RUNTIME: 'nodejs20.x' },
    });
    const exe = path.join(staging, 'chromium');
    if (r.status !== 0 || r.stdout !== exe || !isExecutableFile(exe)) {
      throw new Error(`unpacking it into ${cacheDir} failed (exit ${r.status}): ${(r.stderr || r.stdout || String(r.error)).trim()}`);
    }
    fs.writeFileSync(path.join(staging, 'fonts.conf'), FONTS_CONF);
    try {
      fs.renameSync(staging, target);
    } catch (err) {
      // Another process finished first: use its copy.
      if (!['EEXIST', 'ENOTEMPTY'].includes(err.code)) throw err;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

// Returns { executablePath, env } for the npm build, unpacking it on first
// use, or throws saying why it cannot.
function npmChromium(pkg, cacheDir) {
  const dir = packageDir(pkg);
  if (!dir) throw new Error(`${pkg} is not installed`);
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const target = path.join(cacheDir, version);
  const executablePath = path.join(target, 'chromium');
  if (!isExecutableFile(executablePath)) {
    unpack(pkg, dir, target);
    if (!isExecutableFile(executablePath)) {
      throw new Error(`${target} is incomplete (no executable chromium in it); delete that folder and run again`);
    }
  }
  const libs = path.join(target, 'al2023', 'lib');
  return {
    executablePath,
    env: {
      LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(path.delimiter),
      FONTCONFIG_FILE: path.join(target, 'fonts.conf'),
    },
  };
}

// Returns { executablePath, source, env }: source is 'CHROMIUM_PATH', 'PATH'
// or 'npm'; env holds variables the browser process needs (empty for a
// system browser). Throws an error listing what was tried and what to do.
function findBrowser({ env = process.env, npmPackage = NPM_PACKAGE, cacheDir = CACHE_DIR } = {}) {
  if (env.CHROMIUM_PATH) {
    const file = path.resolve(env.CHROMIUM_PATH);
    if (isExecutableFile(file)) return { executablePath: file, source: 'CHROMIUM_PATH', env: {} };
    throw new BrowserNotFoundError(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file. ` +
      'Point it at a Chromium or Chrome binary, or unset it to use a browser on PATH or the one `npm ci` installs.',
    { tried: [`CHROMIUM_PATH=${env.CHROMIUM_PATH}`] });
  }
  const onPath = findOnPath(env.PATH);
  if (onPath) return { executablePath: onPath, source: 'PATH', env: {} };
  let npmProblem;
  try {
    return { ...npmChromium(npmPackage, cacheDir), source: 'npm' };
  } catch (err) {
    npmProblem = err.message;
  }
  throw new BrowserNotFoundError([
    'No Chromium found for the browser tests. Tried:',
    '  - CHROMIUM_PATH: not set',
    `  - PATH: no ${NAMES.join(', ')}`,
    `  - npm package ${npmPackage}: ${npmProblem}`,
    'Run `npm ci` (it installs the npm Chromium), or `apt-get install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  ].join('\n'), { tried: ['CHROMIUM_PATH', 'PATH', `npm package ${npmPackage}: ${npmProblem}`] });
}

// Options for playwright-core's chromium.launch().
function launchOptions(options) {
  const found = findBrowser(options);
  return {
    executablePath: found.executablePath,
    headless: true,
    args: LAUNCH_ARGS,
    env: { ...process.env, ...found.env },
  };
}

module.exports = { findBrowser, launchOptions, findOnPath, BrowserNotFoundError, LAUNCH_ARGS, NAMES, CACHE_DIR, NPM_PACKAGE };
