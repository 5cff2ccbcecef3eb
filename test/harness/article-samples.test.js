'use strict';
// The article's code samples are real files (posts/analysis/samples/), shown
// on the page by the codeSample shortcode. Each one ends with the output it
// claims to print; running it here keeps that claim true, so the samples
// cannot rot while the prose around them stays put.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const SAMPLES = path.join(ROOT, 'posts', 'analysis', 'samples');
const ARTICLE = path.join(ROOT, 'posts', 'analysis-async-patterns-2013-and-now.md');

// The "// Output:" comment block that closes a sample, as lines.
function claimedOutput(source, file) {
  const m = /\n\/\/ Output:\n((?:\/\/.*\n?)+)\s*$/.exec(source);
  assert.ok(m, `${file} must end with an "// Output:" comment block listing what it prints`);
  return m[1].trimEnd().split('\n').map((l) => l.replace(/^\/\/ ?/, ''));
}

const samples = fs.readdirSync(SAMPLES).filter((f) => f.endsWith('.js')).sort();

test('there are samples to run', () => {
  assert.ok(samples.length > 0, `no *.js in ${path.relative(ROOT, SAMPLES)}`);
});

for (const file of samples) {
  test(`${file} prints what its Output comment says`, () => {
    const full = path.join(SAMPLES, file);
    const expected = claimedOutput(fs.readFileSync(full, 'utf8'), file);
    const r = spawnSync(process.execPath, [full], { cwd: ROOT, encoding: 'utf8', timeout: 10000 });
    assert.equal(r.status, 0, `${file} exited with ${r.status}: ${r.stderr}`);
    assert.equal(r.stderr, '', `${file} wrote to stderr`);
    assert.deepEqual(r.stdout.trimEnd().split('\n'), expected);
  });
}

test('the article shows every sample and helper, and nothing else from that folder', () => {
  const article = fs.readFileSync(ARTICLE, 'utf8');
  const shown = [...article.matchAll(/{%\s*codeSample\s+"posts\/analysis\/samples\/([^"]+)"\s*%}/g)].map((m) => m[1]);
  const helpers = fs.readdirSync(path.join(SAMPLES, 'lib')).filter((f) => f.endsWith('.js')).map((f) => `lib/${f}`);
  assert.deepEqual([...new Set(shown)].sort(), [...samples, ...helpers].sort());
});
