'use strict';
// The build's content-hash cache (scripts/lib/build-cache.js, issue 39): an
// entry is found only by what it was made from, a damaged or half-written
// entry is never trusted, an entry whose input files changed is a miss, and
// ASYNCBENCH_BUILD_CACHE=0 turns it off.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { tempDir } = require('../fixtures/bench/helpers');
const { openCache, sourceFiles, ENV } = require('../../scripts/lib/build-cache');

const ROOT = path.join(__dirname, '..', '..');
const entryFiles = (cache) => (fs.existsSync(cache.dir) ? fs.readdirSync(cache.dir) : []);

test('an entry is read back by the same parts, and only by them', (t) => {
  const cache = openCache('t', { dir: tempDir(t), enabled: true });
  assert.equal(cache.entry(['a', 'b']).read(), undefined, 'nothing is cached yet');
  cache.entry(['a', 'b']).write({ code: 'x', n: 1 });
  assert.deepEqual(cache.entry(['a', 'b']).read(), { code: 'x', n: 1 });
  assert.equal(cache.entry(['a', 'c']).read(), undefined, 'another part is another entry');
  assert.equal(cache.entry(['ab']).read(), undefined, 'parts are not simply joined');
  assert.equal(cache.entry(['a', 'b', '']).read(), undefined, 'one more part, even empty, is another entry');
  assert.equal(cache.entry(['a', { b: 1 }]).read(), undefined);
  assert.equal(openCache('other', { dir: path.dirname(cache.dir), enabled: true }).entry(['a', 'b']).read(), undefined, 'caches do not share entries');
});

test('a cut, damaged or foreign entry file is a miss, and the next save repairs it', (t) => {
  const cache = openCache('t', { dir: tempDir(t), enabled: true });
  const entry = cache.entry(['k']);
  entry.write('the value');
  const whole = fs.readFileSync(entry.file, 'utf8');
  const damaged = {
    cut: whole.slice(0, whole.length - 3),
    'cut in the header': whole.slice(0, 20),
    'one byte of the value changed': whole.replace('the value', 'the valuE'),
    'not JSON': 'garbage',
    empty: '',
    'another entry\'s file': fs.readFileSync((() => { const e = cache.entry(['other']); e.write('the value'); return e.file; })(), 'utf8'),
  };
  for (const [what, text] of Object.entries(damaged)) {
    fs.writeFileSync(entry.file, text);
    assert.equal(cache.entry(['k']).read(), undefined, what);
  }
  entry.write('the value');
  assert.equal(cache.entry(['k']).read(), 'the value');
});

test('a temporary file left by a killed save is never read, and the next save of that entry removes it', (t) => {
  const cache = openCache('t', { dir: tempDir(t), enabled: true });
  const entry = cache.entry(['k']);
  fs.mkdirSync(cache.dir, { recursive: true });
  // What a save killed before its rename leaves: the text, cut, under the temporary name of a gone process.
  const dead = `${entry.file}.999999999.tmp`;
  fs.writeFileSync(dead, '{"format":"asyncbench-build-cache@1"');
  assert.equal(cache.entry(['k']).read(), undefined);
  entry.write('v');
  assert.equal(cache.entry(['k']).read(), 'v');
  assert.ok(!fs.existsSync(dead), 'the dead save\'s temporary file is removed');
  assert.deepEqual(entryFiles(cache), [path.basename(entry.file)]);
});

test('an entry made from input files is a miss once one of them changes or is gone', (t) => {
  const dir = tempDir(t);
  const cache = openCache('t', { dir, enabled: true });
  const a = path.join(dir, 'a.js');
  const b = path.join(dir, 'b.js');
  fs.writeFileSync(a, 'one');
  fs.writeFileSync(b, 'two');
  const old = Date.now() / 1000 - 60; // inputs written a minute before the build
  fs.utimesSync(a, old, old);
  fs.utimesSync(b, old, old);
  cache.entry(['k']).write('made from a and b', { inputs: [a, b], since: Date.now() });
  // A fresh cache each time: one cache hashes a file once (one per build).
  const read = () => openCache('t', { dir, enabled: true }).entry(['k']).read();
  assert.equal(read(), 'made from a and b');
  fs.writeFileSync(b, 'three');
  assert.equal(read(), undefined, 'a changed input');
  fs.writeFileSync(b, 'two');
  assert.equal(read(), 'made from a and b', 'the same content again is the same entry');
  const entry = cache.entry(['k']).file;
  const whole = fs.readFileSync(entry, 'utf8');
  fs.writeFileSync(b, 'three');
  fs.writeFileSync(entry, whole.replace(/"inputs":\[.*?\]\]/, '"inputs":[]'));
  assert.equal(read(), undefined, 'a header whose inputs were lost (damage, not a save) is a miss');
  fs.writeFileSync(b, 'two');
  fs.writeFileSync(entry, whole);
  fs.rmSync(a);
  assert.equal(read(), undefined, 'an input that is gone');
});

test('a value whose input changed while it was made (or just before) is not saved', (t) => {
  const dir = tempDir(t);
  const cache = openCache('t', { dir, enabled: true });
  const a = path.join(dir, 'a.js');
  const since = Date.now();
  fs.writeFileSync(a, 'edited during the build');
  cache.entry(['k']).write('made from some version of a', { inputs: [a], since });
  assert.equal(cache.entry(['k']).read(), undefined);
  assert.deepEqual(entryFiles(cache), []);
});

test(`${ENV}=0 turns the cache off: every read misses and nothing is saved`, (t) => {
  const dir = tempDir(t);
  openCache('t', { dir, enabled: true }).entry(['k']).write('v');
  const before = process.env[ENV];
  t.after(() => { if (before === undefined) delete process.env[ENV]; else process.env[ENV] = before; });
  process.env[ENV] = '0';
  const off = openCache('t', { dir });
  assert.equal(off.entry(['k']).read(), undefined);
  off.entry(['other']).write('w');
  assert.equal(openCache('t', { dir, enabled: true }).entry(['other']).read(), undefined);
  process.env[ENV] = '1';
  assert.equal(openCache('t', { dir }).entry(['k']).read(), 'v', 'any other value leaves it on');
});

test('a maker\'s code is its file and every file of ours it requires, so a change in a helper is a new key', () => {
  const files = sourceFiles(path.join(ROOT, 'site', 'lib', 'data-files.js')).map((f) => path.relative(ROOT, f));
  for (const f of ['site/lib/data-files.js', 'site/lib/derived-figures.js', 'scripts/lib/stats.js', 'scripts/lib/schemas.js']) assert.ok(files.includes(f), f);
  assert.ok(!files.some((f) => f.includes('node_modules')), 'packages are keyed by their versions instead');
});

test('a require that names no file (in a comment) is passed over; one that does is followed', (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'helper.js'), 'module.exports = 1;\n');
  fs.writeFileSync(path.join(dir, 'maker.js'), "// once: require('./gone')\nconst h = require('./helper');\n");
  assert.deepEqual(sourceFiles(path.join(dir, 'maker.js')).map((f) => path.basename(f)), ['helper.js', 'maker.js']);
});

test('a part that JSON cannot write (undefined) is a part of its own, not an error', (t) => {
  const cache = openCache('t', { dir: tempDir(t), enabled: true });
  cache.entry(['a', undefined]).write('v');
  assert.equal(cache.entry(['a', undefined]).read(), 'v');
  assert.equal(cache.entry(['a']).read(), undefined);
});

test('a cache that cannot be saved (its folder is a file) costs the build nothing but the saving', (t) => {
  const dir = tempDir(t);
  const blocked = path.join(dir, 'not-a-folder');
  fs.writeFileSync(blocked, '');
  const cache = openCache('t', { dir: blocked, enabled: true });
  assert.doesNotThrow(() => cache.entry(['k']).write('v'));
  assert.equal(cache.entry(['k']).read(), undefined);
});
