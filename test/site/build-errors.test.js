'use strict';
// A mistake in an article or a data file must stop the build with a message
// that says where, not publish raw TeX, uncoloured code or wrong charts.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { buildFixture, buildSiteWith } = require('../helpers/eleventy');
const { dataDir } = require('../helpers/data-dir');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');
const { makeLoader, DataCheckError } = require('../../site/lib/data-files');

test('a malformed formula fails the build, naming file and line', (t) => {
  const { ok, log } = buildFixture('broken-math');
  assert.equal(ok, false, 'build should fail');
  assert.match(log, /test\/fixtures\/broken-math\/posts\/broken\.md:7: cannot render math/);
  assert.match(log, /KaTeX parse error/);
});

test('a fence with an unknown language fails the build, naming file and line', (t) => {
  const { ok, log } = buildFixture('unknown-language');
  assert.equal(ok, false, 'build should fail');
  assert.match(log, /test\/fixtures\/unknown-language\/posts\/listing\.md:5: unknown code language "javscript"/);
});

// ---- data files: the production build publishes only real, valid, finished data.
// Each build reads a temporary copy of data/ with one file broken
// (CHARTS_DATA_DIR); a failing check stops the build before anything renders.

function buildWithData(broken, env = {}) {
  const data = dataDir(broken);
  try {
    return buildSiteWith({ CHARTS_DATA_DIR: data.dir, ...env });
  } finally {
    data.remove();
  }
}

// What the build's data check (site/lib/data-files.js, the first thing a build
// runs) says of a broken copy of data/, without the rest of a build: the
// test above shows that the build stops on that check and prints it.
function checkData(broken, { allowIncomplete = false } = {}) {
  const data = dataDir(broken);
  try {
    makeLoader({ dataDir: data.dir, allowIncomplete }).checkAll();
    return { ok: true, log: '' };
  } catch (err) {
    if (!(err instanceof DataCheckError)) throw err;
    return { ok: false, log: err.message };
  } finally {
    data.remove();
  }
}

test('build: missing data file fails with its name', () => {
  const { ok, log } = buildWithData({ drop: ['complexity'] });
  assert.equal(ok, false, 'a missing data file must fail the build');
  assert.match(log, /complexity\.json: missing; the site draws from it\. Make it with: npm run complexity/);
});

test('build: the default runtime\'s performance file missing fails, naming it and the command that makes it', () => {
  const { ok, log } = checkData({ drop: [DEFAULT_PERF] });
  assert.equal(ok, false, 'the build must not go on without the figures of "now"');
  assert.match(log, /perf-node-24\.json: missing; the site draws from it\. Make it with: npm run bench -- --runtimes node-24 --out data\/perf-node-24\.json/);
});

test('build: a chart naming a runtime whose file is missing fails, naming that file and its command', () => {
  // Not a data-check failure: the page that draws the node-14 table finds no file while rendering.
  const { ok, log } = buildWithData({ drop: ['perf-node-14'] });
  assert.equal(ok, false, 'the results page\'s node-14 table has no data');
  assert.match(log, /perf-node-14\.json: missing; the site draws from it\. Make it with: npm run bench -- --runtimes node-14 --out data\/perf-node-14\.json/);
});

test('build: wrong inner type fails with file and JSON path', () => {
  let at = -1;
  const { ok, log } = checkData({
    edit: {
      [DEFAULT_PERF]: (d) => {
        at = d.cells.findIndex((c) => c.status === 'ok' && c.scenario === 'upload' && c.mode === 'cpu');
        d.cells[at].time.median = String(d.cells[at].time.median); // "12.3": the chart would just lose the point
      },
    },
  });
  assert.equal(ok, false, 'a string where a number belongs must fail the build');
  assert.ok(at >= 0);
  assert.match(log, new RegExp(`perf-node-24\\.json \\$\\.cells\\[${at}\\]\\.time\\.median: must be number,null`));
});

test('build: malformed reference-2013.json names the file', () => {
  const { ok, log } = checkData({ edit: { 'reference-2013': (d) => { delete d.cpuBound.series; } } });
  assert.equal(ok, false);
  assert.match(log, /reference-2013\.json \$\.cpuBound\.series: is missing/);
  assert.doesNotMatch(log, /TypeError/);
});

test('build: unfinished run fails unless drafts allow it, and then shows the banner', () => {
  let runId = null;
  // A run that cells draw from (a run whose cells were all measured again draws none).
  const broken = { edit: { [DEFAULT_PERF]: (d) => { runId = d.cells.find((c) => c.samples.length).run; d.runs[runId].finished = null; } } };

  const strict = checkData(broken);
  assert.equal(strict.ok, false, 'an interrupted run must not be published');
  assert.ok(strict.log.includes(`perf-node-24.json $.runs[${JSON.stringify(runId)}].finished: the run did not finish`), strict.log);
  assert.match(strict.log, /ASYNCBENCH_ALLOW_INCOMPLETE=1/);

  const draft = buildWithData(broken, { ASYNCBENCH_ALLOW_INCOMPLETE: '1' });
  assert.ok(draft.ok, draft.log);
  const results = fs.readFileSync(path.join(draft.output, 'posts', 'results', 'index.html'), 'utf8');
  const banner = results.match(/<div class="data-banner[^"]*" role="note">([\s\S]*?)<\/div>/);
  assert.ok(banner, 'the results page has no incomplete-data banner');
  assert.match(banner[1], /Draft: incomplete data/);
  assert.match(banner[1], /perf-node-24\.json: 1 unfinished run<\/li>/);
  // The figures drawn from perf-node-24.json say so too; the 2013 ones do not.
  assert.match(results, /id="chart-perf-cpu-time"[^]*?<figcaption>[^]*?class="chart-incomplete">Incomplete data/);
  assert.doesNotMatch(results.match(/id="chart-2013-cpu"[^]*?<\/figcaption>/)[0], /chart-incomplete/);
  const home = fs.readFileSync(path.join(draft.output, 'index.html'), 'utf8');
  assert.doesNotMatch(home, /data-banner/, 'a page without data gets no banner');
});

// Issue 25, item 6: a summary that contradicts its samples (edited by hand,
// or written by a broken tool) reached the table, the CSV, the feed and the
// chart. The samples stay untouched; only the published figure is absurd.
for (const [what, median, message] of [
  ['negative', -50, 'is -50, negative; it is a magnitude derived from the samples'],
  ['huge', 1e308, 'is 1e\\+308 but the samples give \\d'],
]) {
  test(`build: a cell's time.median that its samples contradict (${what}: ${median}) fails, naming file and JSON path`, () => {
    let at = -1;
    const { ok, log } = checkData({
      edit: {
        [DEFAULT_PERF]: (d) => {
          at = d.cells.findIndex((c) => c.status === 'ok' && c.scenario === 'upload' && c.mode === 'cpu' && c.samples.length > 2);
          d.cells[at].time.median = median;
        },
      },
    });
      assert.ok(at >= 0);
    assert.equal(ok, false, `a time.median of ${median} beside untouched samples must fail the build`);
    assert.match(log, new RegExp(`perf-node-24\\.json \\$\\.cells\\[${at}\\]\\.time\\.median: ${message}`));
  });
}
