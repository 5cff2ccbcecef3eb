'use strict';
// A table whose cells are sentences (the streamline post's 2013 findings
// beside ours) wraps them: a data table's cells otherwise stay on one line,
// and at 1100 px the finding column alone pushed the 2013 and "measured here"
// columns out of view.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { dataTable } = require('../../site/render/chart-html');

test('a column marked wrap: true wraps its cells, the row label too; other columns stay whole', () => {
  const t = { id: 't', caption: 'c', env: 'x', source: null,
    columns: [{ key: 'finding', title: 'Finding', wrap: true }, { key: 'then', title: '2013', wrap: true }, { key: 'n', title: 'n', num: true }],
    rows: [{ finding: 'raw callbacks against the three modes', then: '2–3× faster', n: 5 }] };
  const html = dataTable(t);
  assert.match(html, /<th scope="row" class="wrap">raw callbacks against the three modes<\/th>/);
  assert.match(html, /<td class="wrap">2–3× faster<\/td>/);
  assert.match(html, /<td class="num">5<\/td>/);
  const css = fs.readFileSync(path.join(__dirname, '..', '..', 'assets', 'css', 'charts.css'), 'utf8');
  assert.match(css, /\.data-table th\.wrap, \.data-table td\.wrap \{[^}]*white-space: normal/);
});
