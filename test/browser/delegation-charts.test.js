'use strict';
// The generator delegation post in Chromium, built as a draft from the
// committed data (a file, so its points lie where they lay yesterday: a run
// made during the test once put genny's point where co-thunks' was, and the
// hover found the wrong runner, issue 25 item 8; the post's conclusions name
// runners a small recorded run does not hold). Its charts draw, hovering a
// point shows that point's figures, and the reader's filter changes which
// runners are plotted.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSession } = require('../helpers/browser-session');
const ROOT_DIR = path.join(__dirname, '..', '..');
const { buildDraftsSite } = require('../helpers/drafts-site');
const { chartSteps } = require('./chart-steps');

const PAGE = '/posts/generator-delegation/';
const FIG = '#chart-delegation-depth-1-throughput';

const { plotted, typeFilter, colourPixels, pointAt, waitPlotted } = chartSteps(FIG);

// The runners "now" (Node 24) holds at n, as the charts label them.
function runnersAt(dir, n) {
  const data = JSON.parse(fs.readFileSync(path.join(dir, 'delegation.json'), 'utf8'));
  return [...new Set(data.cells.filter((c) => c.status === 'ok' && c.n === n && /^node-24@/.test(c.runtime)).map((c) => c.variant.replace(/^delegation-/, '')))].sort();
}

test('delegation post charts in Chromium, from the committed data', async (t) => {
  const runners = runnersAt(path.join(ROOT_DIR, 'data'), 1);
  assert.ok(runners.includes('genny') && runners.some((r) => /bluebird/.test(r)));
  const site = buildDraftsSite();
  assert.ok(fs.existsSync(path.join(site.output, 'posts', 'generator-delegation', 'index.html')));

  const s = await startSession({ root: site.output });
  t.after(() => s.close());
  const { page, problems } = await s.open(PAGE);

  await t.test('the measured charts draw a series per runner', async () => {
    for (const id of ['chart-delegation-depth-1-throughput', 'chart-delegation-n-flat-time', 'chart-delegation-n-d5-time']) {
      const fig = await page.$(`#${id}`);
      assert.ok(fig, `${id} is on the page`);
      await fig.scrollIntoViewIfNeeded();
      await page.waitForSelector(`#${id}[data-drawn="true"]`, { state: 'attached' });
      assert.ok((await colourPixels(page, `#${id}`)) > 10, `${id} has no drawn series`);
      assert.ok((await plotted(page, `#${id}`)).length >= 3, `${id}: a series per runner`);
    }
    assert.deepEqual((await plotted(page, FIG)).sort(), runners);
  });

  await t.test('hovering a point shows its runner and figure', async () => {
    await page.locator(FIG).scrollIntoViewIfNeeded();
    // genny alone: at one coroutine the runners' points lie close enough
    // for another's to be under the pointer (label and name are both "genny").
    await typeFilter(page, '^(?!genny$)');
    await waitPlotted(page, 1);
    const at = await pointAt(page, 'genny', 1);
    await page.mouse.move(at.x - 30, at.y + 20);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await page.waitForSelector(`${FIG} .chart-tooltip:not([hidden])`);
    const text = await page.textContent(`${FIG} .chart-tooltip`);
    assert.match(text, /genny/);
    await page.click(`${FIG} .chart-reset`);
    await waitPlotted(page, runners.length);
  });

  await t.test('the filter hides the runners it matches', async () => {
    const left = runners.filter((r) => !/bluebird/.test(r));
    await typeFilter(page, 'bluebird');
    await waitPlotted(page, left.length);
    assert.deepEqual((await plotted(page, FIG)).sort(), left);
  });

  assert.deepEqual(problems.list(), [], "no console errors, page errors, failed requests or CSP violations");
});
