'use strict';
// "Run it in your browser" (issue 30) in a real Chromium under the deployed
// CSP: the runner's script, stylesheet, settings and workers load only when its
// panel opens, with the Flot chart of our ratios (the first load carries the
// section's prose and the closed panel), runs the default styles to
// completion in fresh workers and fills its table and the Flot chart beside
// ours, a stop keeps what finished, the download validates against the perf
// schema, a compiled style (regenerator-co) runs like any other, and a
// variant that fails its conformance check in the worker (a fixture,
// test/fixtures/browser-runner/) is shown failed and never timed. Before a
// run the panel says how long it will take (issue 43: the quick run ticked,
// the full set one click away, each with its estimate from the shipped
// costs); after it, no figure says "no interval yet", and the verdict
// accounts for every pair of styles.
// The run uses a small batch and few repetitions (window.asyncbenchRunnerTest)
// so the test takes seconds; no assertion reads a timed value or an order.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSession } = require('../helpers/browser-session');
const { buildSiteWith } = require('../helpers/eleventy');
const { keyOfName, validator } = require('../../scripts/lib/schemas');
const { DEFAULT_STYLES } = require('../../site/lib/browser-variants');
const plan = require('../../assets/js/runner/plan');

const PAGE = '/posts/analysis-async-patterns-2013-and-now/';
const FIXTURE = path.join('test', 'fixtures', 'browser-runner', 'manifest.json');
const FAILING = 'calls-back-twice';
// A tolerance no window misses: every repetition has a warm figure, whatever the timings.
// 6 warm batches hold one segment at most (the classifier's shortest is 5): every series is steady.
const QUICK = { n: 20, reps: 3, warmBatches: 6, warmMinSteady: 6 };
const RUNNER_FILES = /\/assets\/f\/(runner|runner-config|worker-[a-z0-9-]+)\.[0-9a-f]+\.(js|css|json)$/;

async function openPanel(page, settings = QUICK) {
  if (settings) await page.evaluate((s) => { window.asyncbenchRunnerTest = s; }, settings);
  await page.locator('details[data-runner] > summary').click();
  await page.waitForSelector('.runner-controls .runner-start', { timeout: 30000 });
}

async function choose(page, ids) {
  await page.$$eval('.runner-styles input', (boxes, want) => {
    boxes.forEach((b) => { if (!b.disabled) b.checked = want.includes(b.value); });
  }, ids);
}

async function waitForEnd(page) {
  await page.waitForSelector('details[data-runner][data-runner-state]', { timeout: 180000 });
  return page.getAttribute('details[data-runner]', 'data-runner-state');
}

async function runToEnd(page) {
  await page.locator('.runner-start').click();
  return waitForEnd(page);
}

const runnerConfig = (page) => page.evaluate(() => fetch(document.querySelector('details[data-runner]').dataset.runnerConfig).then((r) => r.json()));
const checked = (page) => page.$$eval('.runner-styles input:checked', (bs) => bs.map((b) => b.value).sort());

// Every pair of the run's styles, by title, named once by the verdict: ranked,
// not told apart, or left out because one of the two has no interval.
async function verdictPairs(page, titles) {
  const v = await page.$$eval('.runner-verdict li', (lis) => lis.map((li) => li.textContent));
  const unranked = titles.filter((t) => v.some((line) => line.startsWith(`${t}: `)));
  const pairs = [];
  for (let i = 0; i < titles.length; i++) {
    for (let j = i + 1; j < titles.length; j++) {
      const [a, b] = [titles[i], titles[j]];
      if (unranked.includes(a) || unranked.includes(b)) continue;
      const named = v.filter((line) => line === `${a} and ${b}` || line === `${b} and ${a}` ||
        line.startsWith(`${a} is faster than ${b} `) || line.startsWith(`${b} is faster than ${a} `));
      pairs.push([`${a} / ${b}`, named.length]);
    }
  }
  return { lines: v, unranked, pairs };
}

const rowStatus = (page) => page.$$eval('.runner-table tbody tr', (trs) => trs.map((tr) => ({
  id: tr.dataset.style, status: tr.dataset.status, cells: Array.from(tr.cells).slice(1).map((td) => td.textContent.trim()),
})));

test('the in-browser runner', { timeout: 600000 }, async (t) => {
  const site = buildSiteWith({ ASYNCBENCH_RUNNER_EXTRA: FIXTURE });
  assert.ok(site.ok, site.log);
  const s = await startSession({ root: site.output });
  t.after(() => s.close());

  await t.test('none of the runner\'s files is on the first load: they come when the panel opens', async () => {
    const { page, problems } = await s.open(PAGE);
    const requested = [];
    page.on('request', (r) => { if (RUNNER_FILES.test(new URL(r.url()).pathname)) requested.push(new URL(r.url()).pathname); });
    await page.waitForLoadState('networkidle');
    const early = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    assert.deepEqual(early.filter((p) => RUNNER_FILES.test(p)), [], 'runner files on the first load');
    assert.equal(await page.locator('#run-it-in-your-browser').count(), 1);
    assert.equal(await page.locator('details[data-runner]').getAttribute('open'), null, 'the panel starts closed');
    assert.equal(await page.locator('#chart-browser-ratios').count(), 0, 'the chart of our ratios comes with the panel');
    await openPanel(page, null);
    await page.waitForSelector('#chart-browser-ratios[data-drawn="true"]', { state: 'attached' });
    // Its filter says what every chart's says; it opens on the quick run's styles, the rest one click away.
    assert.equal((await page.textContent('#chart-browser-ratios .chart-filter-label')).trim(), 'Hide series matching');
    const shown = await page.evaluate(() => window.jQuery('#chart-browser-ratios .chart-canvas').data('plot').getShownSeries());
    assert.deepEqual([...shown].sort(), [...DEFAULT_STYLES].sort());
    assert.match(await page.textContent('#chart-browser-ratios .chart-view'), /^Show all \d+ styles$/);
    assert.ok(requested.some((p) => /\/runner\.[0-9a-f]+\.js$/.test(p)), `requested: ${requested}`);
    assert.ok(requested.some((p) => /\/runner-config\./.test(p)), `requested: ${requested}`);
    assert.ok(!requested.some((p) => /\/worker-/.test(p)), 'a worker loaded before any run');
    const label = await page.textContent('.runner-label');
    assert.match(label, /cores? reported|cores not reported/);
    assert.match(label, /Chrom|HeadlessChrome/);
    const defaults = await page.$$eval('.runner-styles input:checked', (bs) => bs.map((b) => b.value));
    assert.deepEqual(defaults.sort(), [...DEFAULT_STYLES].sort());
    assert.ok(await page.locator('.runner-unavailable li').count() > 0, 'the styles a browser cannot run are listed with why');
    assert.deepEqual(problems.list(), []);
  });

  await t.test('before a run the panel says how long it will take: the quick run ticked, the full set one click away', async () => {
    const { page, problems } = await s.open(PAGE);
    await openPanel(page, null);
    const config = await runnerConfig(page);
    const quick = config.plan.quick;
    const ours = config.comparison.settings.warmBatches;
    const about = (p) => plan.duration(plan.estimate(p, config.costs).ms);
    assert.deepEqual(await checked(page), [...DEFAULT_STYLES].sort());
    assert.equal(await page.getAttribute('.runner-quick', 'aria-pressed'), 'true');
    assert.equal(await page.inputValue('.runner-warm select'), String(quick.warmBatches));
    const first = await page.textContent('.runner-estimate');
    assert.match(first, new RegExp(`^Estimated time: about ${about(quick)}, at most ${plan.duration(plan.estimate(quick, config.costs).mostMs)} `));
    assert.match(await page.textContent('.runner-quick'), new RegExp(`${quick.styles.length} styles, about ${about(quick)}$`));
    // The full set: every style the browser can run, our warm series.
    await page.click('.runner-full');
    const all = config.styles.map((x) => x.id);
    assert.deepEqual(await checked(page), [...all].sort());
    assert.equal(await page.inputValue('.runner-warm select'), String(ours));
    assert.equal(await page.getAttribute('.runner-full', 'aria-pressed'), 'true');
    assert.equal(await page.getAttribute('.runner-quick', 'aria-pressed'), 'false');
    const full = { styles: all, reps: quick.reps, warmBatches: ours };
    assert.match(await page.textContent('.runner-estimate'), new RegExp(`^Estimated time: about ${about(full)},`));
    assert.match(await page.textContent('.runner-full'), new RegExp(`${all.length} styles, about ${about(full)}$`));
    // A change of its own is priced at once.
    await page.click('.runner-quick');
    await page.check('.runner-styles input[value="generators-co"]');
    const more = { ...quick, styles: [...quick.styles, 'generators-co'] };
    assert.match(await page.textContent('.runner-estimate'), new RegExp(`^Estimated time: about ${about(more)},`));
    assert.equal(await page.getAttribute('.runner-quick', 'aria-pressed'), 'false');
    assert.deepEqual(problems.list(), []);
  });

  let download = null;
  await t.test('runs the default styles to completion and fills the table and the chart', async () => {
    const { page, problems } = await s.open(PAGE);
    await openPanel(page);
    assert.equal(await runToEnd(page), 'done');
    const rows = await rowStatus(page);
    assert.deepEqual(rows.map((r) => r.id).sort(), [...DEFAULT_STYLES].sort());
    for (const r of rows) {
      assert.equal(r.status, 'done', `${r.id}: ${r.cells.join(' | ')}`);
      assert.notEqual(r.cells[0], '–', `${r.id} has a cold figure`);
      assert.notEqual(r.cells[1], '–', `${r.id} has a warm figure`);
      assert.match(r.cells[4], new RegExp(`^${QUICK.reps}\\b`), `${r.id} ran ${QUICK.reps} repetitions: ${r.cells[4]}`);
      // Three repetitions give a median no interval: once Done, the table says why, not "yet".
      assert.match(r.cells[1], /no interval: only 3 steady repetitions$/, `${r.id}: ${r.cells[1]}`);
    }
    assert.equal(await page.textContent('.runner-status'), 'Done.');
    assert.doesNotMatch(await page.textContent('.runner-controls'), /no interval yet/);
    // Nothing to rank without intervals, and the verdict says so per style.
    const config = await runnerConfig(page);
    const titles = DEFAULT_STYLES.map((id) => config.styles.find((x) => x.id === id).title);
    const v = await verdictPairs(page, titles);
    assert.deepEqual(v.unranked.sort(), [...titles].sort(), v.lines.join('\n'));
    assert.match(await page.textContent('.runner-verdict'), /^Your run ranks none of the 3 pairs of its 3 styles\./);
    // The chart is the site's Flot chart, with the reader's column filled in.
    const fig = page.locator('#chart-browser-ratios');
    await fig.scrollIntoViewIfNeeded();
    await page.waitForSelector('#chart-browser-ratios[data-drawn="true"]', { state: 'attached' });
    const wire = JSON.parse(await fig.locator('.chart-json').textContent());
    assert.match(wire.xc[1], /\(yours\)$/);
    const filled = wire.s.filter((row) => (row[1] ? row[1][1] !== null : true));
    assert.ok(filled.length >= DEFAULT_STYLES.length, 'the reader column has a figure per style run');
    // The table lists every style of ours (the chart opens on those run, the
    // rest one click away): a figure in the reader's column for each style
    // run, none for the others.
    const tableYours = await fig.locator('.chart-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.cells[0].dataset.series, tr.cells[2].textContent]));
    const ranRows = tableYours.filter(([id]) => DEFAULT_STYLES.includes(id));
    assert.deepEqual(ranRows.map(([id]) => id).sort(), [...DEFAULT_STYLES].sort(), `the data table's rows: ${tableYours}`);
    assert.ok(ranRows.every(([, v]) => v !== '–'), `the data table's reader column, styles run: ${ranRows}`);
    assert.ok(tableYours.filter(([id]) => !DEFAULT_STYLES.includes(id)).every(([, v]) => v === '–'), `the data table's reader column, styles not run: ${tableYours}`);
    assert.equal(await page.evaluate(() => typeof window.jQuery.plot), 'function', 'drawn by Flot');
    await s.snapshot(page, 'runner-chart.png');
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('.runner-download').click()]);
    download = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
    assert.deepEqual(problems.list(), []);
  });

  await t.test('after a run whose styles have intervals, the verdict names every pair once', async () => {
    const { page, problems } = await s.open(PAGE);
    // Six steady repetitions each (warm series of 6 batches are one segment), so every median has an interval.
    await openPanel(page, { ...QUICK, reps: 6 });
    assert.equal(await runToEnd(page), 'done');
    const config = await runnerConfig(page);
    const titles = DEFAULT_STYLES.map((id) => config.styles.find((x) => x.id === id).title);
    const v = await verdictPairs(page, titles);
    assert.deepEqual(v.unranked, [], v.lines.join('\n'));
    assert.deepEqual(v.pairs.filter(([, named]) => named !== 1), [], `each pair named once:\n${v.lines.join('\n')}`);
    assert.match(await page.textContent('.runner-verdict'), /^Your run ranks (every pair|none of the 3 pairs|[12] of the 3 pairs) of its 3 styles\./);
    assert.doesNotMatch(await page.textContent('.runner-controls'), /no interval yet/);
    await s.snapshot(page.locator('.runner-results'), 'runner-verdict.png');
    assert.deepEqual(problems.list(), []);
  });

  await t.test('the downloaded results validate against the perf schema', () => {
    assert.ok(download, 'the run above produced a download');
    const validate = validator(keyOfName('asyncbench/perf@1'));
    assert.ok(validate(download), JSON.stringify(validate.errors, null, 1));
    assert.deepEqual(download.cells.map((c) => c.variant).sort(), [...DEFAULT_STYLES].sort());
    for (const c of download.cells) {
      assert.equal(c.status, 'ok');
      assert.equal(c.samples.length, QUICK.reps);
      assert.equal(c.n, QUICK.n);
    }
    const run = Object.values(download.runs)[0];
    assert.deepEqual(run.git, { commit: null, dirty: null });
    assert.ok(Number.isInteger(run.host.cores));
  });

  await t.test('stop keeps the rows that finished', async () => {
    const { page, problems } = await s.open(PAGE);
    await openPanel(page, { ...QUICK, reps: 40 });
    await choose(page, ['promises-native']);
    await page.locator('.runner-start').click();
    await page.waitForFunction(() => Array.from(document.querySelectorAll('.runner-table tbody tr'))
      .every((tr) => /^[1-9]/.test(tr.cells[tr.cells.length - 1].textContent)), null, { timeout: 120000 });
    await page.locator('.runner-stop').click();
    await page.waitForSelector('details[data-runner][data-runner-state="stopped"]', { timeout: 60000 });
    const rows = await rowStatus(page);
    assert.equal(rows.length, 2);
    for (const r of rows) {
      assert.notEqual(r.cells[1], '–', `${r.id} keeps its warm figure`);
      assert.match(r.cells[4], /^[1-9]/);
    }
    assert.match(await page.textContent('.runner-status'), /Stopped/);
    assert.equal(await page.locator('.runner-download').isDisabled(), false);
    assert.deepEqual(problems.list(), []);
  });

  await t.test('a repetition during which the tab was hidden is flagged and run again', async () => {
    const { page, problems } = await s.open(PAGE);
    // Repetitions long enough to be caught running: a series of 60 warm batches.
    await openPanel(page, { ...QUICK, reps: 2, warmBatches: 60 });
    await choose(page, []);
    await page.locator('.runner-start').click();
    await page.waitForFunction(() => document.querySelector('.runner-table tr[data-status="running"]'), null, { timeout: 60000, polling: 10 });
    // The tab goes to the background and comes back while a repetition runs.
    const flip = (state) => page.evaluate((st) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => st });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
    await flip('hidden');
    await page.waitForTimeout(200);
    await flip('visible');
    assert.equal(await waitForEnd(page), 'done');
    assert.match(await page.textContent('.runner-results'), /run again because the tab was hidden/);
    const rows = await rowStatus(page);
    assert.match(rows[0].cells[4], /^2, .*rerun: tab hidden/);
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('.runner-download').click()]);
    const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
    assert.ok(Object.values(data.runs)[0].harness.hiddenReruns >= 1);
    assert.equal(data.cells[0].samples.length, 2, 'the hidden repetition was replaced, not kept');
    assert.deepEqual(problems.list(), []);
  });

  await t.test('a compiled style is offered, passes its conformance check in the worker and runs; one whose runtime does not bundle is listed with why', async () => {
    const { page, problems } = await s.open(PAGE);
    await openPanel(page);
    const offered = await page.$$eval('.runner-styles input', (bs) => bs.map((b) => b.value));
    assert.ok(offered.includes('regenerator-co'), `offered: ${offered}`);
    const reasons = await page.$$eval('.runner-unavailable li', (lis) => lis.map((li) => li.textContent));
    assert.ok(reasons.some((r) => /the package stratifiedjs requires Node’s "(path|fs)" module, which a browser does not have/.test(r)), reasons.join('\n'));
    assert.deepEqual(reasons.filter((r) => /compiles nothing/.test(r)), [], 'no style is refused for having a compile step');
    await choose(page, ['regenerator-co']);
    assert.equal(await runToEnd(page), 'done');
    const row = (await rowStatus(page)).find((r) => r.id === 'regenerator-co');
    assert.equal(row.status, 'done', `regenerator-co: ${row.cells.join(' | ')}`);
    assert.match(row.cells[4], new RegExp(`^${QUICK.reps}\\b`));
    assert.deepEqual(problems.list(), []);
  });

  await t.test('a variant that fails its conformance check in the worker is shown failed, never timed', async () => {
    const { page, problems } = await s.open(PAGE);
    await openPanel(page);
    await choose(page, [FAILING]);
    assert.equal(await runToEnd(page), 'done');
    const rows = await rowStatus(page);
    const bad = rows.find((r) => r.id === FAILING);
    assert.equal(bad.status, 'failed');
    assert.match(bad.cells.join(' '), /failed its conformance check, not timed: .*called 2 times/);
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('.runner-download').click()]);
    const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
    const cell = data.cells.find((c) => c.variant === FAILING);
    assert.equal(cell.status, 'crash');
    assert.deepEqual(cell.samples, []);
    assert.match(cell.error, /conformance/);
    assert.deepEqual(problems.list(), []);
  });
});
