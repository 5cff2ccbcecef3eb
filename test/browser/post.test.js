'use strict';
// The placeholder post in a real browser, served with netlify.toml's headers:
// it must load cleanly under the production CSP in light and dark mode.
// Screenshots land in test/artifacts/ for a human to look at.
const test = require('node:test');
const assert = require('node:assert/strict');
const { startSession } = require('../helpers/browser-session');
const { buildSiteCheck } = require('../helpers/site-check');

const POST = '/posts/site-check/';

test('post page under the deployed headers', async (t) => {
  // The post is a test fixture: serve a build that includes it.
  const site = buildSiteCheck();
  const session = await startSession({ root: site.output });
  t.after(() => session.close());

  for (const colorScheme of ['light', 'dark']) {
    await t.test(`${colorScheme} mode: no errors, no failed requests, no CSP violations`, async () => {
      const { page, problems, response } = await session.open(POST, { colorScheme });
      assert.equal(response.status(), 200);
      assert.match(response.headers()['content-security-policy'], /script-src 'self'/);
      await page.waitForLoadState('networkidle');
      assert.deepEqual(problems.list(), []);

      // The stylesheet really applied (a blocked or missing one leaves the
      // browser defaults: transparent background, serif text).
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(bg, colorScheme === 'dark' ? 'rgb(22, 24, 28)' : 'rgb(253, 253, 252)');
      assert.ok(await page.locator('.prose math').count() >= 4, 'formulas render as MathML');

      await session.snapshot(page, `post-${colorScheme}.png`, { fullPage: true });
    });
  }

  await t.test('phone width: no horizontal scrolling of the page', async () => {
    const { page, problems } = await session.open(POST, { viewport: { width: 375, height: 740 } });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone screen`);
    assert.deepEqual(problems.list(), []);
    await session.snapshot(page, 'post-phone.png', { fullPage: true });
  });

  await t.test('home page lists the post and loads cleanly', async () => {
    const { page, problems } = await session.open('/');
    assert.equal(await page.locator(`.post-list a[href="${POST}"]`).count(), 1);
    assert.deepEqual(problems.list(), []);
    await session.snapshot(page, 'home-light.png');
  });
});
