// The harness builds what it runs: in a fresh copy of the repository, with
// no examples/build, a quick run of a compiled variant compiles it first and
// measures it; a variant whose source does not compile gets one line naming
// it and its source, its cells are recorded as skipped with the compiler's
// message, and the other variants are still measured.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');

// scripts/, examples/ (minus build/), data/schema and package.json, with node_modules linked.
function freshTree(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-fresh-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(path.join(ROOT, 'scripts'), path.join(dir, 'scripts'), { recursive: true });
  fs.cpSync(path.join(ROOT, 'examples'), path.join(dir, 'examples'), {
    recursive: true, filter: (src) => path.relative(path.join(ROOT, 'examples'), src) !== 'build'
  });
  fs.cpSync(path.join(ROOT, 'data', 'schema'), path.join(dir, 'data', 'schema'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

test('bench compiles a missing build output, and a broken source skips only its variant', (t) => {
  const dir = freshTree(t);
  assert.equal(fs.existsSync(path.join(dir, 'examples', 'build')), false);
  // A second manifest in the copy: the real streamline entry plus one whose source is broken.
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'examples', 'manifest.json'), 'utf8'));
  const good = manifest.variants.find((v) => v.id === 'streamline-callbacks');
  const broken = Object.assign({}, good, { id: 'broken-streamline', file: 'build/broken-streamline.js',
    compile: Object.assign({}, good.compile, { source: 'src/broken._js' }) });
  fs.copyFileSync(path.join(__dirname, '..', 'fixtures', 'compile', 'broken._js'), path.join(dir, 'examples', 'src', 'broken._js'));
  const file = path.join(dir, 'examples', 'two.json');
  fs.writeFileSync(file, JSON.stringify(Object.assign({}, manifest, { variants: [good, broken] })));
  const out = path.join(dir, 'perf.json');

  const r = spawnSync(process.execPath, [path.join(dir, 'scripts', 'bench.js'), '--manifest', file, '--quick',
    '--scenario', 'upload', '--mode', 'cpu', '--n', '5', '--out', out], { cwd: dir, encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(fs.existsSync(path.join(dir, 'examples', 'build', 'streamline-callbacks.js')), 'the build output was made');
  const lines = r.stderr.split('\n').filter((l) => l.includes('broken-streamline'));
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /^bench: broken-streamline: not compiled: examples\/src\/broken\._js:4: .+; its cells are skipped$/);

  const cells = Object.fromEntries(JSON.parse(fs.readFileSync(out, 'utf8')).cells.map((c) => [c.variant, c]));
  assert.equal(cells['streamline-callbacks'].status, 'ok');
  assert.equal(cells['streamline-callbacks'].samples.length, 1);
  assert.equal(cells['broken-streamline'].status, 'skipped');
  assert.match(cells['broken-streamline'].error, /not compiled: examples\/src\/broken\._js:4:/);
});
