'use strict';
// Issue 38, item 9: compiled variants are written to the folder
// ASYNCBENCH_BUILD_DIR names instead of examples/build/, by the compile step,
// the site build and the benchmark alike (scripts/lib/paths.js BUILD), so a
// checkout that cannot be written to still builds the site (with --output
// elsewhere) and runs the benchmark. As root, examples/build/ is made
// unwritable for the site build (an empty read-only tmpfs over it, in a mount
// namespace of the build's own); elsewhere the test checks that nothing there
// changed. One site build serves every check.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { runEleventy } = require('../../scripts/site-tools/eleventy-cli');
const { loadManifest } = require('../../scripts/lib/manifest');
const { compileVariant } = require('../../scripts/compile/index');

const ROOT = path.join(__dirname, '..', '..');
const EXAMPLES_BUILD = path.join(ROOT, 'examples', 'build');
const CHILD = path.join(ROOT, 'scripts', 'harness', 'child.js');
const ELEVENTY = path.join(ROOT, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
const COMPILED = loadManifest().variants.filter((v) => v.compile).map((v) => v.id);

// Names and modification times of examples/build/, or null when it is absent.
function snapshot(dir) {
  if (!fs.existsSync(dir)) return null;
  return fs.readdirSync(dir).sort().map((name) => [name, fs.lstatSync(path.join(dir, name)).mtimeMs]);
}

// Runs a command with an empty read-only tmpfs over `dir` (root only), in a
// mount namespace of its own: the checkout's examples/build/ is unwritable for
// that command alone, never for the test files running beside this one, which
// compile into it and run what is there.
function withReadOnly(dir, command, args, options) {
  if (!fs.existsSync(dir)) fs.mkdirSync(dir, { recursive: true });
  const script = 'mount -t tmpfs -o ro,size=64k tmpfs "$1" || exit 97; shift; exec "$@"';
  const r = spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script, 'sh', dir, command, ...args], { encoding: 'utf8', ...options });
  assert.notEqual(r.status, 97, `running as root, yet cannot mount a read-only tmpfs on ${dir} in a namespace of its own: ${r.stderr}`);
  return r;
}

test('with ASYNCBENCH_BUILD_DIR set, the site builds with examples/build/ unwritable, and the compiled variants there bundle and run',
  { timeout: 600000 }, (t) => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-build-dir-'));
    t.after(() => fs.rmSync(base, { recursive: true, force: true }));
    const buildDir = path.join(base, 'compiled');
    const site = path.join(base, 'site');
    const before = snapshot(EXAMPLES_BUILD);
    const env = { ...process.env, ASYNCBENCH_BUILD_DIR: buildDir };

    const buildEnv = { ASYNCBENCH_BUILD_DIR: buildDir, ASYNCBENCH_ALLOW_INCOMPLETE: '', ASYNCBENCH_DRAFTS: '' };
    const r = process.getuid() === 0
      ? withReadOnly(EXAMPLES_BUILD, process.execPath, [ELEVENTY, '--quiet', `--output=${site}`], { cwd: ROOT, env: { ...process.env, ...buildEnv } })
      : runEleventy([`--output=${site}`], buildEnv);
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.deepEqual(COMPILED.filter((id) => !fs.existsSync(path.join(buildDir, `${id}.js`))), [], 'every compiled variant is in the chosen folder');

    // The site's worker bundler read them there: none is left out for want of
    // its output or of a module its output requires, and some bundle.
    const configFile = fs.readdirSync(path.join(site, 'assets', 'f')).find((f) => /^runner-config\..*\.json$/.test(f));
    const config = JSON.parse(fs.readFileSync(path.join(site, 'assets', 'f', configFile), 'utf8'));
    const offered = config.styles.filter((s) => COMPILED.includes(s.id));
    assert.ok(offered.length > 0, 'a compiled variant is offered in "Run it in your browser"');
    for (const s of offered) assert.ok(fs.existsSync(path.join(site, s.url)), s.url);
    for (const u of config.unavailable.filter((x) => COMPILED.includes(x.id))) {
      assert.doesNotMatch(u.reason, /not compiled|not built|Could not resolve/, `${u.id}: ${u.reason}`);
    }

    // The benchmark's child runner runs them from there: their relative
    // requires (../lib/fakes) and packages (co, the compilers' runtimes) resolve.
    for (const id of ['traceur-co', 'regenerator-co', 'stratifiedjs', 'streamline-callbacks']) {
      const run = spawnSync(process.execPath, ['--expose-gc', CHILD, '--variant', path.join(buildDir, `${id}.js`), '--scenario', 'upload', '--n', '20', '--t', '0'],
        { cwd: ROOT, encoding: 'utf8', timeout: 60000, env: { ...env, NODE_ENV: 'production' } });
      assert.equal(run.status, 0, `${id}: ${run.stdout}${run.stderr}`);
      assert.equal(JSON.parse(run.stdout.trim().split('\n').pop()).status, 'ok', id);
    }

    // The benchmark compiles into the folder too, and plans from it.
    const fresh = path.join(base, 'bench-compiled');
    const dry = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bench.js'), '--dry-run', '--quick', '--variants', '^traceur-co$'],
      { cwd: ROOT, encoding: 'utf8', timeout: 120000, env: { ...env, ASYNCBENCH_BUILD_DIR: fresh } });
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(dry.stdout, /\(0 skipped\)/);
    assert.ok(fs.existsSync(path.join(fresh, 'traceur-co.js')), 'bench compiled traceur-co into ASYNCBENCH_BUILD_DIR');

    if (process.getuid() !== 0) assert.deepEqual(snapshot(EXAMPLES_BUILD), before, 'nothing written to examples/build/');
  });

test('ASYNCBENCH_BUILD_DIR unset: compiled variants are in examples/build/, their relative requires as written in examples/src/', (t) => {
  const out = spawnSync(process.execPath, ['-e', `
    const { exampleFile, BUILD } = require('./scripts/lib/paths');
    console.log(JSON.stringify([BUILD, exampleFile('build/traceur-co.js'), exampleFile('original.js')]));`],
  { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ASYNCBENCH_BUILD_DIR: '' } });
  assert.equal(out.status, 0, out.stderr);
  assert.deepEqual(JSON.parse(out.stdout), [EXAMPLES_BUILD, path.join(EXAMPLES_BUILD, 'traceur-co.js'), path.join(ROOT, 'examples', 'original.js')]);

  // An examples/ folder of its own: build/ beside src/, as in the checkout.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-build-dir-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.copyFileSync(path.join(ROOT, 'examples', 'src', 'generators-co.js'), path.join(dir, 'src', 'generators-co.js'));
  const traceurCo = loadManifest().variants.find((v) => v.id === 'traceur-co');
  compileVariant(traceurCo, dir);
  const text = fs.readFileSync(path.join(dir, 'build', 'traceur-co.js'), 'utf8');
  assert.match(text, /require\('\.\.\/lib\/thunkify-api'\)/);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'build')), ['traceur-co.js'], 'no link beside it: node_modules is found as from examples/build/');
});
