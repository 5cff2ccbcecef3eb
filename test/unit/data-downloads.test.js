'use strict';
// The raw data files for download (issue 29, site/render/data-downloads.js):
// every JSON of the build's data folder by name, then data/SCHEMA.md, each
// with its size and a link under /downloads/.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { downloadableFiles, dataFilesHtml, size } = require('../../site/render/data-downloads');

const attrs = (html, re) => [...html.matchAll(re)].map((m) => m[1]);

test('the raw data files: every JSON of the data folder by name, then SCHEMA.md, with sizes and download links', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-downloads-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'perf-node-24.json'), '{"schema":"asyncbench/perf@1"}');
  fs.writeFileSync(path.join(dir, 'perf-node-24.json.lock'), 'not data');
  fs.writeFileSync(path.join(dir, 'perf-node-4.json'), '{}');
  fs.writeFileSync(path.join(dir, 'complexity.json'), '{}');
  const files = downloadableFiles(dir).filter((f) => f.name !== 'perf-node-4.json' && f.name !== 'complexity.json');
  assert.deepEqual(downloadableFiles(dir).map((f) => f.name), ['complexity.json', 'perf-node-4.json', 'perf-node-24.json', 'SCHEMA.md'], 'numbers in names count');
  assert.equal(files[0].bytes, fs.statSync(path.join(dir, 'perf-node-24.json')).size);
  const html = dataFilesHtml(files);
  assert.ok(!/\n\s*\n/.test(html), 'a blank line would end the HTML block in markdown');
  assert.deepEqual(attrs(html, /<a href="([^"]+)" download>/g), ['/downloads/perf-node-24.json', '/downloads/SCHEMA.md']);
  assert.match(html, /the 1 JSON file of its data folder/);
  assert.equal(size(4_700_000), '4.7 MB');
  assert.equal(size(41_301), '41 KB');
  assert.equal(size(300), '1 KB');
  assert.throws(() => downloadableFiles(path.join(dir, 'missing')), /cannot list the data folder .*missing \(ENOENT\)/);
});
