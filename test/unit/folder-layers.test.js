'use strict';
// Layers that hold by folder (issue 40): no two folders of scripts/, site/ or
// _config/ import each other, not even through a third. A file-level check
// (scripts-layout.test.js, site-layout.test.js) passes while site/models
// imports site/prose and site/prose imports site/models through other files,
// and then neither folder can be read, tested or moved without the other.
// A folder and its subfolder are two folders: site/lib below site/ is a
// layer of its own, so site/ may not import it back.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, modules, siteModules, localImports, importCircles, folderCircles } = require('../helpers/script-imports');

const rel = (f) => path.relative(ROOT, f);
const postData = fs.readdirSync(path.join(ROOT, 'posts')).filter((f) => f.endsWith('.11tydata.js')).map((f) => path.join(ROOT, 'posts', f));
const FILES = [...modules(), ...siteModules(), ...postData];
const IMPORTS = FILES.flatMap(localImports);

const describe = (c) => `${c.folders.join(' → ')}: ${c.imports.map((step) => step.join(', ')).join('; ')}`;

test('no import circle among the folders of scripts/, site/ and _config/', () => {
  assert.deepEqual(folderCircles(FILES.map(rel), IMPORTS).map(describe), []);
});

test('a circle between two folders is found though no file imports itself back', () => {
  const files = ['a/x.js', 'a/w.js', 'b/y.js', 'b/z.js'];
  const imports = [{ from: 'a/x.js', to: 'b/y.js' }, { from: 'b/z.js', to: 'a/w.js' }];
  assert.deepEqual(importCircles(files, imports), [], 'no file-level circle');
  assert.deepEqual(folderCircles(files, imports), [{ folders: ['a', 'b', 'a'], imports: [['a/x.js → b/y.js'], ['b/z.js → a/w.js']] }]);
});

test('a folder and its subfolder count as two folders', () => {
  const files = ['top/loader.js', 'top/sub/helper.js', 'top/reader.js', 'top/sub/rows.js'];
  const imports = [{ from: 'top/sub/helper.js', to: 'top/loader.js' }, { from: 'top/reader.js', to: 'top/sub/rows.js' }];
  assert.deepEqual(folderCircles(files, imports).map((c) => c.folders), [['top', 'top/sub', 'top']]);
});

test('the folder check sees the real folders (guards against a walk that finds none)', () => {
  const folders = new Set(FILES.map((f) => path.dirname(rel(f))));
  for (const f of ['scripts', 'scripts/lib', 'scripts/harness', 'site', 'site/lib', 'site/models', 'site/prose', '_config']) {
    assert.ok(folders.has(f.split('/').join(path.sep)), f);
  }
  assert.ok(IMPORTS.some((i) => i.from.startsWith(`site${path.sep}models${path.sep}`) && i.to && i.to.startsWith(`site${path.sep}lib${path.sep}`)));
});
