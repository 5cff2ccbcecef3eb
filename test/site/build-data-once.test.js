'use strict';
// Build time (issue 16): every data file in data/ is parsed once per build,
// although both the charts (the build loader in site/lib/per-build.js) and
// Eleventy's global data (every data/*.json, and `perfNow.hosts` in
// posts/results.md) use it. A runtime profile's perf file is megabytes and
// grows with every rerun, so a second parse is a second or so of build time
// later on. Counts parses, not seconds.
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildSiteWith } = require('../helpers/eleventy');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');

const DATA = path.join(__dirname, '..', '..', 'data');
const PRELOAD = path.join(__dirname, '..', 'helpers', 'json-parse-count.js');

test('a site build parses each data/*.json and the variant manifest once, the default runtime\'s perf file included', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-parse-count-'));
  try {
    const countFile = path.join(tmp, 'counts.json');
    const r = buildSiteWith({
      NODE_OPTIONS: `${process.env.NODE_OPTIONS || ''} --require=${PRELOAD}`.trim(),
      JSON_PARSE_COUNT_FILE: countFile,
      CHARTS_DATA_DIR: '',
    });
    assert.ok(r.ok, r.log);
    const counts = JSON.parse(fs.readFileSync(countFile, 'utf8'));
    const files = fs.readdirSync(DATA).filter((f) => f.endsWith('.json'));
    assert.ok(files.includes(`${DEFAULT_PERF}.json`));
    let checked = 0;
    for (const f of files) {
      const text = fs.readFileSync(path.join(DATA, f), 'utf8').trim();
      if (text.length < 10000) continue; // the counter leaves small texts out
      const key = crypto.createHash('sha1').update(text).digest('hex');
      assert.equal(counts[key], 1, `data/${f} parsed ${counts[key] || 0} times in one build; it should be read once, through the build loader`);
      checked++;
    }
    assert.ok(checked >= 3, `only ${checked} data files were large enough to count`);
    // The variant list, asked for by every variant link in the prose.
    const manifest = fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'manifest.json'), 'utf8').trim();
    const key = crypto.createHash('sha1').update(manifest).digest('hex');
    assert.equal(counts[key], 1, `examples/manifest.json parsed ${counts[key] || 0} times in one build; read it through buildManifest() (site/lib/per-build.js)`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('perBuild works a value out once per build and again after the next build renews the loader', () => {
  const { perBuild, renewBuildLoader } = require('../../site/lib/per-build');
  let made = 0;
  const value = perBuild(() => ({ n: ++made }));
  renewBuildLoader();
  const first = value();
  assert.equal(value(), first, 'the same build must get the same value');
  assert.equal(made, 1);
  renewBuildLoader(); // what the charts plugin does before each (re)build
  assert.notEqual(value(), first, 'a rebuild must work the value out again (--serve sees edited files)');
  assert.equal(made, 2);
});
