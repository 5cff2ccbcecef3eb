// The compile step of compiled variants (scripts/compile/, npm run compile):
// sources build, broken sources fail naming file:line, stale outputs are
// rebuilt and fresh ones left alone, and the analyzers count the source.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const esprima = require('esprima');
const { ensureCompiled, compileVariant, compileAll, isStale } = require('../../scripts/compile/index');
const { loadManifest, EXAMPLES } = require('../../scripts/lib/manifest');
const { measureVariants, measureFile } = require('../../scripts/analyze/complexity');

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'compile');
const VERSIONS = { streamline: '0.10.17', traceur: '0.0.111', regenerator: '0.14.12', stratifiedjs: '0.14.0' };

// A throwaway examples/ folder with src/<fixture>. It lives under the repo's
// ignored .cache/ so compiled output can resolve the compilers' runtimes from
// node_modules, as the real build/ does.
function sandbox(t, fixture) {
  fs.mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, '.cache', 'compile-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.copyFileSync(path.join(FIXTURES, fixture), path.join(dir, 'src', fixture));
  return dir;
}

function variant(tool, fixture, mode = null) {
  return { id: 'fixture', file: 'build/fixture.js', scenarios: ['upload'],
    compile: { tool, version: VERSIONS[tool], mode, source: 'src/' + fixture, sourceMaps: false } };
}

test('a streamline source compiles, the output runs, and a fresh output is not rebuilt', async (t) => {
  const dir = sandbox(t, 'ok._js');
  const v = variant('streamline', 'ok._js', 'callbacks');
  assert.strictEqual(isStale(v, dir), true, 'no output yet, so it is stale');
  assert.strictEqual(ensureCompiled(v, dir), true);
  const out = path.join(dir, 'build', 'fixture.js');
  const result = await new Promise((resolve, reject) => require(out).twice(21, (err, r) => (err ? reject(err) : resolve(r))));
  assert.strictEqual(result, 42);
  assert.strictEqual(ensureCompiled(v, dir), false, 'up to date: nothing to do');
  // A source edited after the build makes the output stale again.
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(path.join(dir, 'src', 'ok._js'), later, later);
  assert.strictEqual(ensureCompiled(v, dir), true);
});

// streamline's fibers mode goes through the package's transform API, not _node:
// it compiles without fibers (which today's Node cannot load).
test('streamline fibers mode: the source compiles without fibers, into code that runs on streamline\'s fibers runtime', (t) => {
  const dir = sandbox(t, 'ok._js');
  assert.strictEqual(ensureCompiled(variant('streamline', 'ok._js', 'fibers'), dir), true);
  const js = fs.readFileSync(path.join(dir, 'build', 'fixture.js'), 'utf8');
  assert.match(js, /require\("streamline\/lib\/fibers\/runtime"\)/);
  assert.doesNotThrow(() => new Function(js), 'the output is plain JavaScript'); // eslint-disable-line no-new-func
});

for (const [tool, fixture, line, mode] of [
  ['streamline', 'broken._js', 4, 'callbacks'],
  ['streamline', 'broken._js', 4, 'fibers'],
  ['traceur', 'broken-generator.js', 3, null],
  ['regenerator', 'broken-generator.js', 3, null],
  ['stratifiedjs', 'broken.sjs', 4, null],
]) {
  test(`${tool}${mode ? ` (${mode})` : ''}: a broken source fails naming file:line and the compiler's message`, (t) => {
    const dir = sandbox(t, fixture);
    assert.throws(() => compileVariant(variant(tool, fixture, mode), dir), (err) => {
      assert.strictEqual(err.name, 'CompileError');
      assert.match(err.message, new RegExp(`src/${fixture.replace('.', '\\.')}:${line}: \\S`));
      assert.strictEqual(err.line, line);
      return true;
    });
    assert.ok(!fs.existsSync(path.join(dir, 'build', 'fixture.js')), 'no output is left behind');
    assert.deepStrictEqual(fs.readdirSync(path.join(dir, 'build')), [], 'no temporary file is left behind');
  });
}

test('one broken source fails its variant only: the others are still compiled', (t) => {
  const dir = sandbox(t, 'broken._js');
  fs.copyFileSync(path.join(FIXTURES, 'ok._js'), path.join(dir, 'src', 'ok._js'));
  const broken = Object.assign(variant('streamline', 'broken._js', 'callbacks'), { id: 'broken', file: 'build/broken.js' });
  const ok = Object.assign(variant('streamline', 'ok._js', 'callbacks'), { id: 'ok', file: 'build/ok.js' });
  const r = compileAll([broken, ok, { id: 'plain', file: 'plain.js', compile: null }], { examplesDir: dir });
  assert.deepStrictEqual(r.failed.map((f) => f.id), ['broken']);
  assert.match(r.failed[0].error.message, /broken\._js:4: /);
  assert.deepStrictEqual(r.built.map((b) => b.id), ['ok']);
  assert.ok(fs.existsSync(path.join(dir, 'build', 'ok.js')));
});

test('a compile step asking for a version other than the installed one fails before compiling', (t) => {
  const dir = sandbox(t, 'ok._js');
  const v = variant('streamline', 'ok._js', 'callbacks');
  v.compile.version = '0.6.0';
  assert.throws(() => compileVariant(v, dir), /wants streamline 0\.6\.0 but 0\.10\.17 is installed/);
});

test('npm run compile a second time compiles nothing', () => {
  const run = () => spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'compile.js')], { cwd: ROOT, encoding: 'utf8' });
  const first = run();
  assert.strictEqual(first.status, 0, first.stderr);
  const second = run();
  assert.strictEqual(second.status, 0, second.stderr);
  const count = loadManifest().variants.filter((v) => v.compile).length;
  assert.ok(count > 0);
  assert.match(second.stdout, new RegExp(`^0 compiled, ${count} up to date, 0 failed$`, 'm'));
});

test('npm run compile rejects an unknown option with exit 2, naming it', () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'compile.js'), '--fast'], { cwd: ROOT, encoding: 'utf8' });
  assert.strictEqual(r.status, 2);
  assert.match(r.stderr, /unknown argument "--fast"/);
});

test('complexity of a compiled variant counts its source, not the output', () => {
  const manifest = loadManifest();
  const rows = measureVariants(manifest);
  for (const v of manifest.variants.filter((x) => x.compile)) {
    const row = rows.find((r) => r.id === v.id);
    assert.strictEqual(row.counted, 'compile.source');
    assert.strictEqual(row.file, 'examples/' + v.compile.source);
  }
  // The StratifiedJS source is counted with Esprima's lexer, like the others.
  const sjs = manifest.variants.find((v) => v.compile && v.compile.tool === 'stratifiedjs');
  const text = fs.readFileSync(path.join(EXAMPLES, sjs.compile.source), 'utf8');
  const row = rows.find((r) => r.id === sjs.id);
  assert.strictEqual(row.tokens, esprima.tokenize(text).length);
  assert.deepStrictEqual(row.parallelParts, ['exports.parallel']);
  assert.ok(row.uploadTokens < row.tokens);
});

test('a StratifiedJS source its compiler rejects is not counted, and the error names the line', () => {
  assert.throws(() => measureFile(path.join(FIXTURES, 'broken.sjs')), /broken\.sjs:4: StratifiedJS cannot compile this/);
});

test('the manifest requires a compiled variant\'s file to be build/<id>.js', (t) => {
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'asyncbench-manifest-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const entry = Object.assign({}, loadManifest().variants.find((v) => v.compile), { file: 'streamline.js' });
  const file = path.join(dir, 'manifest.json');
  fs.writeFileSync(file, JSON.stringify({ schema: 1, variants: [entry] }));
  assert.throws(() => loadManifest(file), /"file" must be build\/streamline-callbacks\.js/);
});
