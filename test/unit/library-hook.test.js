'use strict';
// scripts/runtimes/library-hook.js: bare requires of the packages a set holds
// resolve from the set, through require and through Module._findPath alike.
// streamline looks fibers up with _findPath itself; when the repository's own
// fibers (installed without its binary, its install script refused) was found
// that way, streamline's fibers mode crashed on Node 0.11 and 14 with "Missing
// binary" although the runtime's fibers tree was there.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Module = require('node:module');
const useLibraries = require('../../scripts/runtimes/library-hook');

function tree(root, name, value) {
  const dir = path.join(root, 'node_modules', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.js'), `module.exports = ${JSON.stringify(value)};`);
  return path.join(dir, 'index.js');
}

test('a package the set holds is found in the set by require and by Module._findPath; others are not redirected', (t) => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-libhook-'));
  const saved = [Module._resolveFilename, Module._findPath];
  t.after(() => {
    [Module._resolveFilename, Module._findPath] = saved;
    fs.rmSync(base, { recursive: true, force: true });
  });
  const repo = path.join(base, 'repo');
  tree(repo, 'fiberz', 'repo');
  tree(repo, 'other', 'repo-other');
  const inSet = tree(path.join(base, 'set'), 'fiberz', 'set');
  tree(path.join(base, 'set'), 'other', 'set-other');
  const paths = Module._nodeModulePaths(repo);
  assert.equal(Module._findPath('fiberz', paths), path.join(repo, 'node_modules', 'fiberz', 'index.js'));

  assert.equal(useLibraries(path.join(base, 'set', 'node_modules'), ['fiberz']), true);
  assert.equal(Module._findPath('fiberz', paths), inSet, 'streamline\'s own lookup finds the set\'s copy');
  const from = new Module(path.join(repo, 'main.js'));
  from.paths = paths;
  assert.equal(Module._resolveFilename('fiberz', from), inSet);
  // Only the packages named: the set's other package stays unused.
  assert.equal(Module._findPath('other', paths), path.join(repo, 'node_modules', 'other', 'index.js'));
  assert.equal(Module._resolveFilename('other', from), path.join(repo, 'node_modules', 'other', 'index.js'));
  assert.equal(Module._findPath('./relative', paths), false);
});
