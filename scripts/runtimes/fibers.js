// The fibers tree of a Node profile (.cache/fibers/<profile>/node_modules: fibers,
// fibrous 0.4.0, streamline 0.6.0), built as below. fibers is a native addon
// tied to one Node ABI and to V8 internals, so each Node version gets its own
// tree:
//   - every profile: npm install --ignore-scripts fibers@FV fibrous@0.4.0 streamline@0.6.0
//   - "source" (0.11, 0.12, whose prebuilt path linux-x64-14 they would share):
//     node-gyp (the system npm's) rebuild against the headers in the profile's
//     own Node package, copied to where require('fibers') looks;
//   - "prebuilt" (4 to 14): fibers' own install step (build.js) run under the
//     target node, which finds the binary shipped for its ABI and tests it.
// Then streamline's --fibers output of a sample is compiled, and fibers-probe.js
// must print OK under the target node, or nothing is installed.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { profileOf, binaryPath, headersDir, fibersDir, readJson } = require('./profiles');
const { buildAtomically, diskUsage, run } = require('./staging');
const { installRuntime } = require('./install');

const FIBROUS = '0.4.0';
const STREAMLINE = '0.6.0';
const PROBE = path.join(__dirname, 'fibers-probe.js');
const SAMPLE = path.join(__dirname, 'fibers-streamline._js');

class FibersError extends Error {
  constructor(message) {
    super(message);
    this.name = 'FibersError';
  }
}

const recordFile = (name) => path.join(fibersDir(name), 'install.json');

// Changes whenever the tree is (re)built, so cached probes notice.
function fibersKey(profile) {
  try {
    return fs.readFileSync(recordFile(profile.name), 'utf8');
  } catch (err) {
    return '';
  }
}

function systemNpmDir() {
  return path.join(run('npm', ['root', '-g']).trim(), 'npm');
}

// Environment for builds: no npm_config_nodedir from a user's npmrc may point
// node-gyp at the wrong headers.
function buildEnv(extra) {
  const env = Object.assign({}, process.env, extra);
  for (const k of Object.keys(env)) if (/^npm_config_(nodedir|target|runtime|dist_url)$/i.test(k)) delete env[k];
  return env;
}

function runProbe(node, tree) {
  const r = spawnSync(node, [PROBE, tree], { cwd: tree, encoding: 'utf8', timeout: 30000 });
  const out = `${r.stdout || ''}`.trim();
  if (r.status === 0 && out === 'OK') return { ok: true };
  const why = r.error ? r.error.message
    : `${r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`}: ${(out + ' ' + (r.stderr || '')).trim().split('\n').slice(-3).join(' | ')}`;
  return { ok: false, error: why };
}

function buildFromSource(profile, node, fibers) {
  const gyp = path.join(systemNpmDir(), 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  run(process.execPath, [gyp, 'rebuild', '--release', `--nodedir=${headersDir(profile)}`],
    { cwd: fibers, env: buildEnv() });
  // Where this fibers version looks for its binary under the target node
  // (fibers 1.x: bin/<platform>-<arch>-<modules ABI>/fibers.node).
  const abiDir = run(node, ['-e', 'console.log([process.platform, process.arch, process.versions.modules].join("-"))']).trim();
  fs.mkdirSync(path.join(fibers, 'bin', abiDir), { recursive: true });
  fs.copyFileSync(path.join(fibers, 'build', 'Release', 'fibers.node'), path.join(fibers, 'bin', abiDir, 'fibers.node'));
  fs.rmSync(path.join(fibers, 'build'), { recursive: true, force: true });
  return abiDir;
}

function usePrebuilt(node, fibers) {
  // Only the target node and the system tools on PATH: if the shipped binary
  // failed its test, build.js would try node-gyp for the wrong Node instead.
  const out = run(node, ['build.js'], { cwd: fibers, env: buildEnv({ PATH: `${path.dirname(node)}:/usr/bin:/bin` }) });
  if (!/Binary is fine/.test(out)) throw Object.assign(new Error(out.trim()), { reason: out.trim().split('\n').pop() });
  return (/`([^`]+)` exists/.exec(out) || [])[1] || null;
}

// → { name, dir, fresh, version, binary, abiDir, seconds, bytes }
function installFibers(nameOrProfile, { log = () => {} } = {}) {
  const profile = profileOf(nameOrProfile);
  const name = profile.name;
  if (profile.fibers.unavailable) throw new FibersError(`${name}: ${profile.fibers.unavailable}`);
  const dir = fibersDir(name);
  const existing = readJson(recordFile(name));
  if (existing) return Object.assign({ name, dir, fresh: false }, existing);
  // On demand, like every command: the tree is useless without its runtime.
  installRuntime(profile, { log });
  const node = binaryPath(profile);
  const fv = profile.fibers.version;
  const started = Date.now();
  log(`${name}: building the fibers tree (fibers ${fv} ${profile.fibers.binary === 'source' ? 'from source' : 'prebuilt'}, fibrous ${FIBROUS}, streamline ${STREAMLINE})...`);
  const record = buildAtomically(dir, (stage) => {
    const step = (what, fn) => {
      try {
        return fn();
      } catch (err) {
        throw new FibersError(`${name}: fibers tree: ${what} failed (${err.reason || err.message}); ` +
          `rerun \`npm run runtimes -- fibers ${name}\` (the build needs gcc, make and python3: apt-get install -y build-essential python3)`);
      }
    };
    step('npm install', () => run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', '--prefix', stage,
      `fibers@${fv}`, `fibrous@${FIBROUS}`, `streamline@${STREAMLINE}`], { cwd: stage }));
    const fibers = path.join(stage, 'node_modules', 'fibers');
    const abiDir = profile.fibers.binary === 'source'
      ? step('node-gyp build against the profile\'s headers', () => buildFromSource(profile, node, fibers))
      : step('fibers\' install step (build.js) under the target node', () => usePrebuilt(node, fibers));
    // streamline 0.6.0 compiles under any node and does not need fibers to do so.
    fs.copyFileSync(SAMPLE, path.join(stage, 'streamline-probe._js'));
    step('streamline --fibers compile', () => run(process.execPath,
      [path.join(stage, 'node_modules', 'streamline', 'bin', '_node'), '--fibers', '-c', path.join(stage, 'streamline-probe._js')], { cwd: stage }));
    const probe = runProbe(node, stage);
    if (!probe.ok) throw new FibersError(`${name}: the fibers tree was built but its probe fails under ${profile.runtime} ${profile.version} (${probe.error}); nothing was installed`);
    const rec = {
      profile: name, fibers: fv, fibrous: FIBROUS, streamline: STREAMLINE, binary: profile.fibers.binary, abiDir,
      builtAt: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 100) / 10, bytes: diskUsage(stage)
    };
    fs.writeFileSync(path.join(stage, 'install.json'), JSON.stringify(rec, null, 2) + '\n');
    return rec;
  });
  return Object.assign({ name, dir, fresh: true }, record);
}

// Whether fibers loads under the profile, for the capability probe.
function fibersStatus(profile) {
  if (profile.fibers.unavailable) return { loadable: false, reason: profile.fibers.unavailable };
  const rec = readJson(recordFile(profile.name));
  // In the words of fibers-hook.js, which the probe of a binary uses.
  if (!rec) return { loadable: null, reason: `the fibers tree of ${profile.name} is not built; run \`npm run runtimes -- fibers ${profile.name}\`` };
  const probe = runProbe(binaryPath(profile), fibersDir(profile.name));
  return probe.ok
    ? { loadable: true, dir: fibersDir(profile.name), fibers: rec.fibers, fibrous: rec.fibrous, streamline: rec.streamline }
    : { loadable: false, dir: fibersDir(profile.name), reason: probe.error };
}

module.exports = { installFibers, fibersStatus, fibersKey, FibersError, FIBROUS, STREAMLINE };
