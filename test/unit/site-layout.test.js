'use strict';
// The layout of the site side (issue 26), as scripts-layout.test.js holds
// the harness's: pages in posts/ and pages/, _config/ as Eleventy wiring
// only, the data shaping and HTML in site/ (one model per data file, found by
// site/models/index.js), imports that never loop and never reach into the
// benchmark harness.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, modules, localImports } = require('../helpers/script-imports');

const rel = (f) => path.relative(ROOT, f);
const CONFIG = modules(path.join(ROOT, '_config'));
const SITE = modules(path.join(ROOT, 'site'));
const SITE_SIDE = [path.join(ROOT, '.eleventy.js'), ...CONFIG, ...SITE,
  ...fs.readdirSync(path.join(ROOT, 'posts')).filter((f) => f.endsWith('.11tydata.js')).map((f) => path.join(ROOT, 'posts', f))];
const lines = (f) => fs.readFileSync(f, 'utf8').split('\n').length - 1;

// Moving to scripts/lib/ on the branch that makes the harness and the site
// share them (issue 26, item 2); the list empties when that branch is merged.
test('no page template at the top: pages live in posts/ and pages/', () => {
  const top = fs.readdirSync(ROOT).filter((f) => /\.(njk|md|html|liquid|11ty\.js)$/.test(f) && f !== 'README.md');
  assert.deepEqual(top, []);
  assert.ok(fs.existsSync(path.join(ROOT, 'pages', 'index.njk')), 'the home page is pages/index.njk');
});

test('_config/ is Eleventy wiring: under 1,000 lines, no file over 150', () => {
  const total = CONFIG.reduce((n, f) => n + lines(f), 0);
  assert.ok(total < 1000, `_config/ holds ${total} lines; move what shapes data or writes HTML into site/`);
  assert.deepEqual(CONFIG.filter((f) => lines(f) > 150).map(rel), []);
});

test('no site module over 400 lines', () => {
  assert.deepEqual(SITE_SIDE.filter((f) => lines(f) > 400).map(rel), []);
});

test('every relative require on the site side names an existing file', () => {
  assert.deepEqual(SITE_SIDE.flatMap(localImports).filter((i) => i.to === null), []);
});

test('no site module requires scripts/harness/ (the benchmark runner)', () => {
  const into = SITE_SIDE.flatMap(localImports)
    .filter((i) => i.to && i.to.startsWith(`scripts${path.sep}harness${path.sep}`))
    .map((i) => `${i.from} → ${i.to}`);
  assert.deepEqual(into, []);
});

test('no import circle among the site modules', () => {
  const edges = new Map();
  for (const i of SITE_SIDE.flatMap(localImports)) {
    if (!i.to) continue;
    if (!edges.has(i.from)) edges.set(i.from, []);
    edges.get(i.from).push(i.to);
  }
  const circles = [];
  const state = new Map(); // module -> 'open' while on the path, 'done' after
  const visit = (m, trail) => {
    if (state.get(m) === 'done') return;
    if (state.get(m) === 'open') {
      circles.push([...trail.slice(trail.indexOf(m)), m].join(' → '));
      return;
    }
    state.set(m, 'open');
    for (const to of edges.get(m) || []) visit(to, [...trail, m]);
    state.set(m, 'done');
  };
  for (const m of edges.keys()) visit(m, []);
  assert.deepEqual(circles, []);
});

test('the registry loads every model in site/models/, no model requires it, and nothing in site/ loads _config/', () => {
  const { MODEL_FILES } = require('../../site/models');
  const models = fs.readdirSync(path.join(ROOT, 'site', 'models')).filter((f) => f.endsWith('.js') && f !== 'index.js');
  assert.deepEqual(MODEL_FILES.map(rel).sort(), models.map((f) => path.join('site', 'models', f)).sort());
  // The registry loads them by name, so the circle check cannot see a model that requires it back.
  const back = SITE.flatMap(localImports).filter((i) => i.to === path.join('site', 'models', 'index.js') && i.from.startsWith(`site${path.sep}models${path.sep}`));
  assert.deepEqual(back, []);
  const intoConfig = SITE.flatMap(localImports).filter((i) => i.to && i.to.startsWith(`_config${path.sep}`));
  assert.deepEqual(intoConfig, []);
});

test('the import check sees real imports (guards against a parser that finds none)', () => {
  const found = localImports(path.join(ROOT, '_config', 'charts.js')).map((i) => i.to);
  assert.ok(found.includes(path.join('site', 'models', 'index.js')), found.join(', '));
});
