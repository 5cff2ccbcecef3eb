'use strict';
// assets/js/chart-format.js: the one formatting module the build's tables and
// the page's tooltips and CSV share. It must load in Node (required by
// site/) and be bundled ahead of charts.js (read as window.chartFormat).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const format = require('../../assets/js/chart-format');
const { ourFiles } = require('../../_config/chart-bundle');

test('measurements keep about three significant figures, at most two decimals', () => {
  assert.deepEqual([0.04167, 3.14159, 12.345, 123.5, 4567.8, -250.4].map(format.measurement), ['0.04', '3.14', '12.3', '124', '4568', '-250']);
});

test('axis ticks: four significant figures, whole thousands as k', () => {
  assert.deepEqual([0.1, 2, 12.3456, 100000].map(format.plainNumber), ['0.1', '2', '12.35', '100000']);
  assert.deepEqual([500, 1000, 20000, 1500].map(format.thousands), ['500', '1k', '20k', '1500']);
});

test('a summary reads "median (min–max)", a single run its median, none a dash', () => {
  assert.equal(format.range([12.34, 11.5, 13.25], 1), '12.3 (11.5–13.3)');
  assert.equal(format.range([0.5, null, null], 2), '0.50');
  assert.equal(format.range(null, 1), '–');
});

test('CSV quotes labels with commas or quotes and leaves single runs empty', () => {
  const text = format.csv('n, parallel', 'ms', [
    { label: 'say "hi"', data: [[10, 1.5, 1, 2, 3]] },
    { label: 'plain', data: [[10, 4, null, null, 1]] },
  ]);
  assert.equal(text, 'series,"n, parallel",median ms,min ms,max ms,repetitions\n"say ""hi""",10,1.5,1,2,3\nplain,10,4,,,1\n');
});

test('in a browser the module defines window.chartFormat, and the bundle loads it before charts.js', () => {
  const file = path.join(__dirname, '..', '..', 'assets', 'js', 'chart-format.js');
  const sandbox = { self: {} };
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), sandbox);
  assert.equal(typeof sandbox.self.chartFormat.csv, 'function');
  const ours = ourFiles();
  const at = (name) => ours.indexOf(`assets/js/${name}`);
  assert.ok(at('chart-format.js') >= 0 && at('chart-format.js') < at('charts.js'), ours.join(', '));
});

test('readWire skips the cells a table adds after the medians (wire.xt), and still checks the count', () => {
  const wire = { n: [1000], r: 5, xt: 2, s: [['a', null, [1], [2]]] };
  assert.deepEqual(format.readWire(wire, [['a', '10', '9–12', 'callbacks']]).s[0], ['a', [10], [9], [12]]);
  assert.throws(() => format.readWire(wire, [['a', '10', '9–12']]), /has 0 values for 1 x values/);
});

test('CSV names the ends of a range that is not min and max', () => {
  const text = format.csv('n', 'ms', [{ label: 'a', data: [[1000, 10, 9, 12, 25]] }], ['95 % low', '95 % high']);
  assert.equal(text.split('\n')[0], 'series,n,median ms,95 % low ms,95 % high ms,repetitions');
});
