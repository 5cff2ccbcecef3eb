'use strict';
// The Promises/A+ chains post in a real Chromium, built as a draft preview
// from a chains.json of a quick harness run of five real variants, recorded
// once (test/fixtures/recorded/record.js) so the hovered point is where the
// test expects it on every machine (q-0-9 for the prose): every chart
// draws, hovering a legend entry highlights its series, a typed regex hides
// exactly the matching series, Reset brings back the author's filter, and a
// point's tooltip names its n. Screenshots land in test/artifacts/.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const fs = require('node:fs');
const { startSession } = require('../helpers/browser-session');
const { dataDir } = require('../helpers/data-dir');
const { buildDraftsSite } = require('../helpers/drafts-site');
const { chartSteps } = require('./chart-steps');
const { file: recorded } = require('../fixtures/recorded/record');

const PAGE = '/posts/promises-aplus-chains/';
const FIG = '#chart-chains-async-after-first';

const { plotted, legend, typeFilter, hoverEntry, pointAt } = chartSteps(FIG);

test('chains post charts in Chromium, drawn from a measured chains.json', async (t) => {
  const data = dataDir({ drop: ['chains'] });
  t.after(data.remove);
  fs.copyFileSync(recorded('chains-browser'), path.join(data.dir, 'chains.json'));
  const site = buildDraftsSite({ CHARTS_DATA_DIR: data.dir });
  const s = await startSession({ root: site.output });
  t.after(() => s.close());

  await t.test('every chart draws, light and dark, without errors or CSP violations', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const { page, problems } = await s.open(PAGE, { colorScheme });
      const ids = await page.$$eval('figure[data-chart]', (fs) => fs.map((f) => f.id));
      assert.ok(ids.length >= 5, `expected the chains charts on ${PAGE}, found ${ids}`);
      for (const id of ids) await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelectorAll('figure[data-chart]')].every((f) => f.dataset.drawn === 'true'));
      for (const id of ids) {
        const labels = await plotted(page, `#${id}`);
        assert.ok(labels.length >= 3, `${id} plots ${labels}`);
      }
      assert.deepEqual(await plotted(page), ['async', 'bluebird', 'native'], 'Q is left out by the author\'s filter');
      await page.evaluate(() => window.scrollTo(0, 0));
      await s.snapshot(page, `chains-post-${colorScheme}.png`, { fullPage: true });
      assert.deepEqual(problems.list(), []);
    }
  });

  const { page, problems } = await s.open(PAGE);
  await page.locator(FIG).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${FIG}[data-drawn="true"]`);

  await t.test('hovering a legend entry highlights its series; leaving restores', async () => {
    await hoverEntry(page, 'native');
    assert.equal(await page.getAttribute(FIG, 'data-highlighted'), 'native');
    await page.mouse.move(5, 5);
    assert.equal(await page.getAttribute(FIG, 'data-highlighted'), null);
  });

  await t.test('a typed regex hides exactly the matching series, and Reset brings back the author\'s filter', async () => {
    assert.equal(await page.inputValue(`${FIG} .chart-filter`), '^q');
    await typeFilter(page, 'native|^b');
    assert.deepEqual(await legend(page), ['async', 'q', 'q-0-9']);
    assert.deepEqual(await plotted(page), ['async', 'q', 'q-0-9']);
    await page.click(`${FIG} .chart-reset`);
    assert.equal(await page.inputValue(`${FIG} .chart-filter`), '^q');
    assert.deepEqual(await plotted(page), ['async', 'bluebird', 'native']);
  });

  await t.test('hovering a point shows its variant, n and median', async () => {
    const at = await pointAt(page, 'native', 1);
    await page.mouse.move(at.x - 30, at.y + 20);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await page.waitForSelector(`${FIG} .chart-tooltip:not([hidden])`);
    const text = await page.textContent(`${FIG} .chart-tooltip`);
    assert.match(text, /Native promises/, 'the variant by its name (issue 43)');
    assert.match(text, /n = 2/);
    assert.match(text, /median/);
    await s.snapshot(page.locator(FIG), 'chains-tooltip.png');
    assert.deepEqual(problems.list(), []);
  });
});
