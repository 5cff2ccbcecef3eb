'use strict';
// The chart bundle's order comes from what each script declares it needs
// (@provides, @needs in its header; site/bundle-order.js, issue 40): a
// script loads after everything it needs, whatever order its needer lists
// them in, and a plugin that uses another's plot methods or events says so.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { bundleOrder, declarations, BundleOrderError } = require('../../site/bundle-order');
const { ourFiles, FLOT } = require('../../_config/chart-bundle');

const ROOT = path.join(__dirname, '..', '..');
const OURS = ourFiles();
const source = (name) => fs.readFileSync(path.join(ROOT, name), 'utf8');
const FLOT_NAMES = ['jquery', ...FLOT.map((f) => path.basename(f, '.js').replace(/^jquery\./, ''))];

// A stand-in script: its header declares `provides` and `needs`.
const script = (name, provides, needs = []) => ({
  name,
  code: `/* ${name}\n\n${provides ? `@provides ${provides}\n` : ''}${needs.map((n) => `@needs ${n}: why\n`).join('')}*/\nvar x = 1;\n`,
});
const names = (files) => files.map((f) => f.name);

test('every script of the bundle loads after every script it needs', () => {
  assert.equal(OURS[OURS.length - 1], 'assets/js/charts.js', 'the page wiring comes last');
  const before = new Set(FLOT_NAMES);
  for (const name of OURS) {
    const { provides, needs } = declarations(source(name));
    for (const need of needs) assert.ok(before.has(need), `${name} needs ${need}, which is not loaded before it (order: ${OURS.join(', ')})`);
    provides.forEach((p) => before.add(p));
  }
});

test('every Flot plugin of ours is bundled, and provides the name it registers with Flot', () => {
  const plugins = fs.readdirSync(path.join(ROOT, 'assets', 'js')).filter((f) => /^flot-.*\.js$/.test(f)).map((f) => `assets/js/${f}`);
  assert.ok(plugins.length >= 9, plugins.join(', '));
  for (const name of plugins) {
    assert.ok(OURS.includes(name), `${name} is bundled`);
    const registered = /\$\.plot\.plugins\.push\(\{[\s\S]*?name: '(\w+)'/.exec(source(name));
    assert.deepEqual(declarations(source(name)).provides, [registered && registered[1]], name);
  }
});

test('a script that uses another\'s plot methods or events declares that it needs it', () => {
  const provider = {}; // a plot method or event name -> the name of the script that makes it
  for (const name of OURS) {
    const [provides] = declarations(source(name)).provides;
    const code = source(name);
    for (const m of code.matchAll(/\bplot\.(\w+) = function/g)) provider[m[1]] = provides;
    for (const m of code.matchAll(/(?:trigger\(|\$\.Event\()\s*'(plot\w+)'/g)) provider[m[1]] = provides;
  }
  assert.ok(Object.keys(provider).length >= 15, Object.keys(provider).join(', '));
  const missing = [];
  for (const name of OURS) {
    const code = source(name).replace(/^\s*\/\*[\s\S]*?\*\//, '');
    const { provides, needs } = declarations(source(name));
    const used = [...code.matchAll(/\bplot\.(\w+)\b/g), ...code.matchAll(/'(plot[a-z]+)(?:\.\w+)?'/g)].map((m) => m[1]);
    for (const u of new Set(used)) {
      const from = provider[u];
      if (from && !provides.includes(from) && !needs.includes(from)) missing.push(`${name} uses ${u} of ${from}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('a script comes after what it needs, whatever order its needer lists them in', () => {
  const files = [script('entry.js', null, ['b', 'a']), script('a.js', 'a'), script('b.js', 'b', ['a', 'flot.errorbars'])];
  assert.deepEqual(names(bundleOrder('entry.js', files, ['flot.errorbars'])), ['a.js', 'b.js', 'entry.js']);
  const listedFirst = [script('entry.js', null, ['a', 'b']), script('a.js', 'a'), script('b.js', 'b', ['a'])];
  assert.deepEqual(names(bundleOrder('entry.js', listedFirst)), ['a.js', 'b.js', 'entry.js']);
  assert.deepEqual(names(bundleOrder('entry.js', [script('entry.js', null, ['b', 'a']), script('a.js', 'a'), script('b.js', 'b')])),
    ['b.js', 'a.js', 'entry.js'], 'scripts that need nothing of each other keep their needer\'s order');
});

test('a need no script provides stops the build, naming the script and the need', () => {
  const files = [script('entry.js', null, ['a']), script('a.js', 'a', ['seriesSelct'])];
  assert.throws(() => bundleOrder('entry.js', files, ['flot']), (err) => err instanceof BundleOrderError && err.code === 'EBUNDLEORDER'
    && /a\.js needs "seriesSelct", which no script provides/.test(err.message) && /provide flot/.test(err.message));
});

test('needs that go round in a circle stop the build, naming the circle', () => {
  const files = [script('entry.js', null, ['a']), script('a.js', 'a', ['b']), script('b.js', 'b', ['c']), script('c.js', 'c', ['a'])];
  assert.throws(() => bundleOrder('entry.js', files), (err) => err.code === 'EBUNDLEORDER'
    && err.message.includes('go round in a circle (a.js needs b, b.js needs c, c.js needs a)'));
});

test('two scripts providing one name, a provider nothing needs, or a missing entry stop the build', () => {
  const twice = [script('entry.js', null, ['a']), script('a.js', 'a'), script('a2.js', 'a')];
  assert.throws(() => bundleOrder('entry.js', twice), /a2\.js and a\.js both provide "a"|a\.js and a2\.js both provide "a"/);
  assert.throws(() => bundleOrder('entry.js', [script('entry.js', null, ['flot']), script('x.js', 'flot')], ['flot']), /x\.js and jQuery's and Flot's files both provide "flot"/);
  const unneeded = [script('entry.js', null, ['a']), script('a.js', 'a'), script('lonely.js', 'lonely')];
  assert.throws(() => bundleOrder('entry.js', unneeded), /nothing needs lonely\.js \(lonely\), so the bundle would leave it out/);
  assert.throws(() => bundleOrder('charts.js', [script('a.js', 'a')]), /the entry charts\.js is not among the scripts/);
});

test('only the comment a script starts with declares; @needs lines elsewhere are code or prose', () => {
  const code = '/* A plugin.\n\n@provides p\n@needs q: why, in words\n    more words\n*/\nvar s = "@needs r";\n// @needs s: no\n';
  assert.deepEqual(declarations(code), { provides: ['p'], needs: ['q'] });
  assert.deepEqual(declarations('var x; /* @provides nothing */'), { provides: [], needs: [] });
});
