'use strict';
// The Promises/A+ chains post in a real Chromium, built as a draft preview
// from the committed chains.json: its prose makes claims the build checks
// against that file ({% claim %}), which a small recorded run cannot bear
// out. The series and sizes expected are read from the same file: every
// chart draws, hovering a legend entry highlights its series, a typed regex
// hides exactly the matching series, Reset brings back the author's filter,
// and a point's tooltip names its n. Screenshots land in test/artifacts/.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const fs = require('node:fs');
const { startSession } = require('../helpers/browser-session');
const { buildDraftsSite } = require('../helpers/drafts-site');
const { chartSteps } = require('./chart-steps');
const { ROOT } = require('../fixtures/bench/helpers');

const PAGE = '/posts/promises-aplus-chains/';
const FIG = '#chart-chains-async-after-first';

const { plotted, legend, typeFilter, hoverEntry, pointAt } = chartSteps(FIG);

// The series the after-first chart of async steps draws ("now", Node 24),
// labelled as the chart labels them, and the sizes (n) it draws them at.
function drawn() {
  const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'chains.json'), 'utf8'));
  const cells = data.cells.filter((c) => c.status === 'ok' && c.mode === 'async' && /^node-24@/.test(c.runtime));
  return { labels: [...new Set(cells.map((c) => c.variant.replace(/^chains-/, '')))].sort(), ns: [...new Set(cells.map((c) => c.n))].sort((a, b) => a - b) };
}

test('chains post charts in Chromium, drawn from the committed chains.json', async (t) => {
  const { labels, ns } = drawn();
  const but = (re) => labels.filter((l) => !re.test(l));
  assert.ok(labels.includes('native') && labels.includes('bluebird') && labels.some((l) => /^q/.test(l)) && ns.length >= 2, `${labels} at ${ns}`);
  const site = buildDraftsSite();
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
      assert.deepEqual(await plotted(page), but(/^q/), 'Q is left out by the author\'s filter');
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
    assert.deepEqual(await legend(page), but(/native|^b/));
    assert.deepEqual(await plotted(page), but(/native|^b/));
    await page.click(`${FIG} .chart-reset`);
    assert.equal(await page.inputValue(`${FIG} .chart-filter`), '^q');
    assert.deepEqual(await plotted(page), but(/^q/));
  });

  await t.test('hovering a point shows its variant, n and median', async () => {
    // Native promises alone, so no other series' point lies under the pointer.
    await typeFilter(page, '^(?!native$|Native promises$)'); // matched by label and by name
    assert.deepEqual(await plotted(page), ['native']);
    const at = await pointAt(page, 'native', 1);
    await page.mouse.move(at.x - 30, at.y + 20);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await page.waitForSelector(`${FIG} .chart-tooltip:not([hidden])`);
    const text = await page.textContent(`${FIG} .chart-tooltip`);
    assert.match(text, /Native promises/, 'the variant by its name (issue 43)');
    assert.match(text, new RegExp(`n = ${ns[1]}(?!\\d)`));
    assert.match(text, /median/);
    await s.snapshot(page.locator(FIG), 'chains-tooltip.png');
    assert.deepEqual(problems.list(), []);
  });
});
