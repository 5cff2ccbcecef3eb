'use strict';
// scripts/measure-page.js with no arguments measures the build of the
// committed data/ in _site/ (issue 25, item 9: it used to build a fixture
// whose perf.json holds node-20.20.2 only, which the article's
// {% runtimeVersion "node-24" %} refuses). Only the output's shape is checked:
// the figures are timings.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { ensureSite, ROOT } = require('../../scripts/site-tools/site');

const SCRIPT = path.join(ROOT, 'scripts', 'measure-page.js');
const env = () => {
  const e = { ...process.env };
  delete e.CHARTS_DATA_DIR;
  return e;
};

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { cwd: ROOT, env: env() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

test('measure-page with no arguments measures _site, the build of data/', { timeout: 180000 }, async () => {
  ensureSite();
  const r = await run([]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^site: _site, page \/posts\/analysis-async-patterns-2013-and-now\//m);
  assert.match(r.stdout, /^first load \(before any scroll\): \d+\.\d KB gzipped in \d+ files/m);
  assert.match(r.stdout, /^chart bundle \(fetched on scrolling to the first chart\): \d+\.\d KB gzipped/m);
  assert.match(r.stdout, /^first chart drawn after it is scrolled to: median \d+\.\d ms/m);
  assert.match(r.stdout, /^legend hover redraw, chart-stress-200 \(200 series\): median \d+\.\d ms/m);
});

test('measure-page --site with no such page exits 2 naming the page, before any browser starts', () => {
  const r = spawnSync(process.execPath, [SCRIPT, '--site', path.join(ROOT, 'test', 'fixtures'), '--page', '/no/such/page/'], { cwd: ROOT, env: env(), encoding: 'utf8', timeout: 30000 });
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /--page \/no\/such\/page\/: .*no\/such\/page\/index\.html does not exist/);
});
