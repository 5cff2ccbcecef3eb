// The runtime matrix loads the wrappers in examples/lib/ and every variant of
// era "2013" unchanged on Node 0.11, which predates most of ES2015: a `const`
// there would not fail here on Node 20 but would break that run. So this test
// parses those files with Esprima 4 and walks the tree for syntax newer than
// ES5, allowing only generator functions and yield, which 0.11 has behind
// --harmony and the generator styles need.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { EXAMPLES } = require('../../scripts/lib/manifest');
const { checkFile, findNewerSyntax } = require('../helpers/es5-syntax');

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'portability');

test('the fakes and wrappers in examples/lib use ES5 syntax only (plus generators)', () => {
  const dir = path.join(EXAMPLES, 'lib');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
  assert.ok(files.length > 0, `no .js files found in ${dir}`);
  const found = files.flatMap((f) => checkFile(path.join(dir, f)));
  assert.deepStrictEqual(found, [], 'ES2015+ syntax in examples/lib; rewrite it in ES5:\n' + found.join('\n'));
});

// Harness modules that child.js loads on Node 0.11, checked here by name:
// the changepoint classifier of warm series, the CPU clock, the GC event watch
// and the clocks around a timed span (issue 41).
const CHILD_MODULES = ['scripts/lib/measure/steady-state.js', 'scripts/harness/cpu-clock.js', 'scripts/harness/gc-events.js',
  'scripts/lib/measure/timed-span.js'];

test('the harness modules listed for the child on Node 0.11 use ES5 syntax only (plus generators)', () => {
  const found = CHILD_MODULES.flatMap((f) => checkFile(path.join(ROOT, f)));
  assert.deepStrictEqual(found, [], 'ES2015+ syntax in a module the child loads on Node 0.11; rewrite it in ES5:\n' +
    found.join('\n'));
});

test('the check fails on a file that uses const, naming the line', () => {
  assert.deepStrictEqual(checkFile(path.join(FIXTURES, 'uses-const.js')),
    ['test/fixtures/portability/uses-const.js:3:1 "const" declaration']);
});

test('the check passes ES5 with getters, keyword property names and generators', () => {
  assert.deepStrictEqual(checkFile(path.join(FIXTURES, 'es5-with-generators.js')), []);
});

test('the check reports each kind of newer syntax on its own line', () => {
  const found = checkFile(path.join(FIXTURES, 'es2015-everything.js'));
  const byLine = (line) => found.filter((f) => f.split(':')[1] === String(line)).map((f) => f.replace(/^\S+ /, ''));
  const expected = {
    1: '"let" declaration', 2: 'arrow function', 3: 'class', 4: 'template literal', 5: 'destructuring pattern',
    6: 'default value', 7: 'shorthand property', 8: 'for-of loop', 9: 'async function', 10: 'exponent operator',
    11: 'binary or octal literal', 12: 'regular expression flag "u"', 13: 'tagged template'
  };
  for (const [line, what] of Object.entries(expected)) {
    assert.ok(byLine(line).includes(what), `line ${line}: expected "${what}", got ${JSON.stringify(byLine(line))}`);
  }
  for (const what of ['rest parameter or element', 'spread', 'shorthand method', 'computed property key', 'await']) {
    assert.ok(found.some((f) => f.endsWith(' ' + what)), `expected a "${what}" finding, got:\n${found.join('\n')}`);
  }
});

test('a file Esprima cannot parse is reported, not skipped', () => {
  assert.deepStrictEqual(findNewerSyntax('var x = ;\n', 'broken.js').length, 1);
  assert.match(findNewerSyntax('export default 1;\n', 'module.js')[0], /^module\.js:1: cannot parse/);
});
