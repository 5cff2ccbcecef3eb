'use strict';
// The layout of scripts/ (issue 12): entry points at the top, then rooms in
// pipeline order (runtimes → compile → harness → analyze → site-tools), and scripts/lib
// for what several rooms share. Imports only run that way, so a room can be
// read, tested and moved without the ones after it. The site's code (_config/,
// site/, issue 26) is a room of its own that may use scripts/lib but never
// loads the harness, and no import circle runs anywhere.

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const fs = require('node:fs');
const { ROOT, modules, siteModules, localImports, importCircles, stripComments } = require('../helpers/script-imports');

const ROOMS = ['runtimes', 'compile', 'harness', 'analyze', 'site-tools'];
// The room whose work each entry point starts; lib/ modules count as used by
// the rooms of the entry points that import them.
const ENTRY_ROOM = {
  'compile.js': 'compile', 'bench.js': 'harness', 'data.js': 'harness', 'complexity.js': 'analyze', 'debuggability.js': 'analyze',
  'serve.js': 'site-tools', 'measure-page.js': 'site-tools', 'prose-words.js': 'site-tools', 'run-tests.js': 'site-tools',
};

// 'entry', 'lib', a room name, or null for anything else.
function placeOf(rel) {
  const parts = rel.split(path.sep);
  if (parts[0] !== 'scripts') return null;
  if (parts.length === 2) return 'entry';
  return parts[1] === 'lib' || ROOMS.includes(parts[1]) ? parts[1] : null;
}

const all = modules().map((f) => path.relative(ROOT, f));
const imports = modules().flatMap(localImports);
const site = siteModules().map((f) => path.relative(ROOT, f));
const siteImports = siteModules().flatMap(localImports);

test('every module under scripts/ is an entry point, in a room or in lib/', () => {
  assert.deepEqual(all.filter((f) => placeOf(f) === null), []);
  const entries = all.filter((f) => placeOf(f) === 'entry').map((f) => path.basename(f)).sort();
  assert.deepEqual(entries, Object.keys(ENTRY_ROOM).sort(), 'a new entry point needs its room in ENTRY_ROOM');
});

test('every relative require under scripts/ names an existing file', () => {
  assert.deepEqual(imports.filter((i) => i.to === null), []);
});

test('no module under scripts/ requires a file under test/', () => {
  const intoTest = imports.filter((i) => i.to && i.to.split(path.sep)[0] === 'test');
  assert.deepEqual(intoTest, []);
});

test('imports run entry → room → lib, and rooms only in pipeline order', () => {
  const wrong = [];
  for (const i of imports) {
    const from = placeOf(i.from);
    const to = placeOf(i.to);
    let ok;
    if (to === null) ok = from === 'entry'; // examples/, site/ or package.json, say
    else if (to === 'entry') ok = false; // entry points are run, never imported
    else if (from === 'entry') ok = true;
    else if (from === 'lib') ok = to === 'lib';
    else ok = to === 'lib' || ROOMS.indexOf(to) <= ROOMS.indexOf(from);
    if (!ok) wrong.push(`${i.from} → ${i.to || i.spec}`);
  }
  assert.deepEqual(wrong, []);
});

test('every module in scripts/lib/ is used by two or more rooms (the site counts as one)', () => {
  const importersOf = (rel) => imports.concat(siteImports).filter((i) => i.to === rel).map((i) => i.from);
  const roomsUsing = (rel, seen = new Set()) => {
    const rooms = new Set();
    for (const from of importersOf(rel)) {
      const place = placeOf(from);
      if (place === 'entry') rooms.add(ENTRY_ROOM[path.basename(from)]);
      else if (place === 'lib' && !seen.has(from)) roomsUsing(from, seen.add(from)).forEach((r) => rooms.add(r));
      else if (ROOMS.includes(place)) rooms.add(place);
      else if (site.includes(from)) rooms.add('site');
    }
    return rooms;
  };
  const lonely = all.filter((f) => placeOf(f) === 'lib')
    .map((f) => ({ module: f, rooms: [...roomsUsing(f)].sort() }))
    .filter((m) => m.rooms.length < 2);
  assert.deepEqual(lonely, []);
});

test('no site module (_config/, site/) loads scripts/harness/, not even through another module', () => {
  const all = imports.concat(siteImports);
  const loads = (from) => all.filter((i) => i.from === from && i.to).map((i) => i.to);
  const wrong = [];
  for (const start of site) {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
      const f = queue.shift();
      for (const to of loads(f)) {
        if (to.startsWith(path.join('scripts', 'harness') + path.sep)) wrong.push(`${start} → … → ${to}`);
        else if (!seen.has(to)) queue.push(seen.add(to) && to);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

// A file named by path (path.join(ROOT, 'scripts', 'harness', 'x.js'), a
// bundler's entry point) is a dependency the import checks cannot see: lib/
// and the site reach a room's file only through require or require.resolve.
test('no module in scripts/lib/ or on the site side names a room\'s file by path', () => {
  const room = `(${ROOMS.join('|')})`;
  const byPath = [
    new RegExp(`['"\`](scripts|\\.\\.)['"\`]\\s*,\\s*['"\`]${room}['"\`]`), // path.join(…, 'scripts', 'harness', …)
    new RegExp(`path\\.(join|resolve)\\([^)]*\\b(scripts|\\.\\.)/${room}/`), // path.join(ROOT, 'scripts/harness/x.js')
  ];
  const named = all.filter((f) => placeOf(f) === 'lib').concat(site)
    .filter((f) => byPath.some((re) => re.test(stripComments(fs.readFileSync(path.join(ROOT, f), 'utf8')))));
  assert.deepEqual(named, []);
});

test('no import circle among the modules of scripts/', () => {
  assert.deepEqual(importCircles(all, imports).map((c) => c.join(' → ')), []);
});

test('no import circle among the site\'s modules (_config/, site/, .eleventy.js)', () => {
  assert.deepEqual(importCircles(site, siteImports).map((c) => c.join(' → ')), []);
});

test('the circle check finds a circle (guards against a walk that never reports one)', () => {
  const circle = [{ from: 'a.js', to: 'b.js' }, { from: 'b.js', to: 'c.js' }, { from: 'c.js', to: 'a.js' }, { from: 'c.js', to: 'd.js' }];
  assert.deepEqual(importCircles(['a.js', 'b.js', 'c.js', 'd.js'], circle), [['a.js', 'b.js', 'c.js', 'a.js']]);
});

test('the import check sees real imports (guards against a parser that finds none)', () => {
  const bench = imports.filter((i) => i.from === path.join('scripts', 'bench.js')).map((i) => i.to);
  const runner = imports.filter((i) => i.from === path.join('scripts', 'harness', 'runner.js')).map((i) => i.to);
  assert.ok(runner.includes(path.join('scripts', 'harness', 'spawn-cell.js')));
  assert.ok(bench.includes(path.join('scripts', 'harness', 'runner.js')));
  assert.ok(bench.includes(path.join('scripts', 'lib', 'manifest.js')));
  assert.ok(siteImports.some((i) => i.to === path.join('scripts', 'lib', 'schemas.js')), 'the site loads the one schema registry');
});
