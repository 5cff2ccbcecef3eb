'use strict';
// The matrix's runtime labels when the axis is crowded (assets/js/chart-series.js):
// a name over its version, and a long label wrapped so it is no wider than
// its neighbours' (Chromium's label hid Bun's before).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const root = { chartFormat: {} };
vm.runInNewContext(fs.readFileSync(path.join(__dirname, '..', '..', 'assets', 'js', 'chart-series.js'), 'utf8'), { self: root });
const { stackedLabel, lastLabelRoom } = root.chartSeries;

test('a runtime and its version stack; a long label wraps into short lines', () => {
  assert.equal(stackedLabel('Node 0.11'), 'Node<br>0.11');
  assert.equal(stackedLabel('Bun 1.4.5'), 'Bun<br>1.4.5');
  assert.equal(stackedLabel('Chromium (V8 in a browser)'), 'Chromium<br>(V8 in a<br>browser)');
  for (const line of stackedLabel('Chromium (V8 in a browser)').split('<br>')) assert.ok(line.length <= 9, line);
  assert.equal(stackedLabel('Deno'), 'Deno');
});

test('the plot leaves room on its right for the last label, centred on its tick', () => {
  const cats = ['Node 24', 'Bun 1.4', 'Chromium (V8 in a browser)'];
  assert.ok(lastLabelRoom({ cats }, true) > lastLabelRoom({ cats: cats.slice(0, 2) }, true), 'a longer last label, more room');
  assert.equal(lastLabelRoom({ cats: ['Node 24', 'Bun 1.4'] }, true), 12, 'a short name over its version fits the usual margin');
  assert.equal(lastLabelRoom({}, false), 12, 'an axis over n has no category labels');
});
