'use strict';
// One Eleventy build per site configuration per `npm test` run, shared by
// every test file that asks for it.
//
// A build costs about 20 s of CPU, and many test files build the same site
// (the drafts preview of the committed data, say) to look at different pages.
// A configuration is the build's arguments and extra environment; a value that
// names a file or a folder (CHARTS_DATA_DIR, --input=...) stands for its
// content, so two temporary copies of data/ with the same files are one
// configuration. Failed builds are kept too: a build that must fail fails the
// same way for every file that checks its message.
//
// scripts/run-tests.js names a folder for the run in ASYNCBENCH_TEST_BUILDS
// and removes it at the end; test files running at once share it, the first
// to ask builds while the others wait (a lock folder holding the builder's
// pid, taken over if that process died). A file run by hand, without that
// variable, builds into a temporary folder removed when the process exits.
//
// Outputs are shared: a test reads them and never writes into or removes one.
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runEleventy } = require('../../scripts/site-tools/eleventy-cli');
const { isAlive } = require('../../scripts/lib/process-alive');
const { ROOT } = require('../../scripts/lib/paths');

const RUN_DIR_ENV = 'ASYNCBENCH_TEST_BUILDS';
// Variables that change what a build accepts: unset unless a test sets them,
// so the caller's shell cannot turn a check off or on.
const NEUTRAL_ENV = { ASYNCBENCH_ALLOW_INCOMPLETE: '', ASYNCBENCH_DRAFTS: '' };
const WAIT_MS = 15 * 60 * 1000;

const memo = new Map();
let privateDir = null;

// A file's or a folder's content as one hash (names and bytes, sorted).
function contentHash(p) {
  const h = crypto.createHash('sha256');
  (function walk(abs, rel) {
    const st = fs.statSync(abs);
    if (st.isDirectory()) {
      h.update(`d ${rel}\n`);
      for (const name of fs.readdirSync(abs).sort()) walk(path.join(abs, name), rel ? `${rel}/${name}` : name);
    } else {
      h.update(`f ${rel} ${st.size}\n`);
      h.update(fs.readFileSync(abs));
    }
  })(p, '');
  return h.digest('hex');
}

// A value that names an existing file or folder stands for its content;
// anything else for itself.
function describeValue(value) {
  if (typeof value !== 'string' || !value.includes('/')) return value;
  const abs = path.resolve(ROOT, value);
  return fs.existsSync(abs) ? `content:${contentHash(abs)}` : value;
}

function configKey(args, env) {
  const described = {
    args: args.map((a) => {
      const m = /^(--input)=(.*)$/.exec(a);
      return m ? `${m[1]}=${describeValue(m[2])}` : a;
    }),
    env: Object.keys(env).sort().map((k) => [k, describeValue(env[k])]),
  };
  return crypto.createHash('sha256').update(JSON.stringify(described)).digest('hex').slice(0, 20);
}

function runDir() {
  const shared = process.env[RUN_DIR_ENV];
  if (shared) return shared;
  if (!privateDir) {
    privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-builds-'));
    process.on('exit', () => fs.rmSync(privateDir, { recursive: true, force: true }));
  }
  return privateDir;
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function readResult(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'result.json'), 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return null;
    throw err;
  }
}

// Takes the build's lock, or returns false while a live process holds it.
function takeLock(lock) {
  try {
    fs.mkdirSync(lock);
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return true;
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
  }
  let pid = NaN;
  try { pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8')); } catch (e) { /* being written */ }
  if (Number.isInteger(pid) && pid > 0 && !isAlive(pid)) {
    fs.rmSync(lock, { recursive: true, force: true });
    return takeLock(lock);
  }
  return false;
}

function build(dir, args, env) {
  const output = path.join(dir, 'site');
  fs.rmSync(output, { recursive: true, force: true });
  const started = Date.now();
  const r = runEleventy([...args, `--output=${output}`], env);
  const result = { ok: r.status === 0, status: r.status, log: `${r.stdout}\n${r.stderr}`, ms: Date.now() - started };
  // result.json last, renamed into place: its presence means the build is whole.
  fs.writeFileSync(path.join(dir, 'result.json.tmp'), JSON.stringify(result));
  fs.renameSync(path.join(dir, 'result.json.tmp'), path.join(dir, 'result.json'));
  return result;
}

// → { ok, output, log }: the build of this configuration, made now or earlier
// in this run. `args` are Eleventy arguments other than --output.
function siteBuild({ args = [], env = {} } = {}) {
  const fullEnv = { ...NEUTRAL_ENV, ...env };
  const key = configKey(args, fullEnv);
  if (memo.has(key)) return memo.get(key);
  const dir = path.join(runDir(), key);
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, 'lock');
  const deadline = Date.now() + WAIT_MS;
  let result = readResult(dir);
  while (!result) {
    if (takeLock(lock)) {
      try {
        result = readResult(dir) || build(dir, args, fullEnv);
      } finally {
        fs.rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) throw new Error(`site-builds: waited ${WAIT_MS / 60000} min for another test file's build in ${dir}`);
    sleep(200);
    result = readResult(dir);
  }
  const out = { ok: result.ok, output: path.join(dir, 'site'), log: result.log };
  memo.set(key, out);
  return out;
}

module.exports = { siteBuild, configKey, contentHash, RUN_DIR_ENV };
