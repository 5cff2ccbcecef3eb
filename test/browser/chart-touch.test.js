'use strict';
// The chart legend on a touch screen (Chromium with touch emulation at phone
// width): there is no hover, so a first tap on an entry highlights its
// series, a second tap on the same entry hides it, a tap on a hidden entry
// shows it again, and a tap anywhere else clears the highlight. Before,
// one tap both hid the series and left every other series dimmed around it.
// Mouse behaviour (hover highlights, click toggles) is covered in
// test/browser/charts.test.js and checked again here at the end.
const test = require('node:test');
const assert = require('node:assert/strict');
const { startSession, watch } = require('../helpers/browser-session');
const { chartSteps } = require('./chart-steps');

const PAGE = '/posts/results/';
const FIG = '#chart-2013-cpu';

const { highlighted: lit, plotted } = chartSteps(FIG);
const pressed = (page, label) => page.getAttribute(`${FIG} [data-series="${label}"]`, 'aria-pressed');

test('legend on a touch screen at 390 px', async (t) => {
  const s = await startSession();
  t.after(() => s.close());
  const context = await s.browser.newContext({ baseURL: s.baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  t.after(() => context.close());
  const page = await context.newPage();
  const problems = await watch(page);
  await page.goto(PAGE);
  await page.locator(FIG).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${FIG}[data-drawn="true"]`);
  const entry = (label) => `${FIG} [data-series="${label}"]`;
  // Chromium turns a tap into a click asynchronously, possibly after
  // page.tap() returns: each tap waits for its own click to be handled.
  await page.evaluate(() => {
    window.__clicks = 0;
    document.addEventListener('click', () => { window.__clicks++; });
  });
  let taps = 0;
  const tap = async (sel) => {
    await page.tap(sel);
    taps++;
    await page.waitForFunction((n) => window.__clicks >= n, taps);
  };

  await t.test('first tap highlights and hides nothing', async () => {
    await tap(entry('co.js'));
    assert.equal(await lit(page), 'co.js');
    // Chromium follows a tap with emulated mouse and hover updates (a
    // mouseout of the tapped entry among them); the highlight outlives them.
    await page.waitForTimeout(600);
    assert.equal(await lit(page), 'co.js');
    assert.equal(await pressed(page, 'co.js'), 'true');
    assert.ok((await plotted(page)).includes('co.js'));
    await s.snapshot(page, 'chart-touch-highlight-390.png');
  });

  await t.test('tapping another entry moves the highlight', async () => {
    await tap(entry('genny.js'));
    assert.equal(await lit(page), 'genny.js');
    assert.ok((await plotted(page)).includes('genny.js'));
  });

  await t.test('a second tap on the same entry hides it and leaves nothing dimmed', async () => {
    await tap(entry('genny.js'));
    assert.equal(await pressed(page, 'genny.js'), 'false');
    assert.ok(!(await plotted(page)).includes('genny.js'));
    assert.equal(await lit(page), null, 'the other series stay dimmed around a hidden one');
    assert.equal(await page.getAttribute(FIG, 'data-highlighted'), null);
  });

  await t.test('a tap on a hidden entry shows it again, highlighted', async () => {
    await tap(entry('genny.js'));
    assert.equal(await pressed(page, 'genny.js'), 'true');
    assert.ok((await plotted(page)).includes('genny.js'));
    assert.equal(await lit(page), 'genny.js');
  });

  await t.test('a tap elsewhere clears the highlight', async () => {
    await tap(`${FIG} figcaption`);
    assert.equal(await lit(page), null);
    await tap(entry('co.js'));
    assert.equal(await lit(page), 'co.js');
    // Chromium follows a tap with emulated mouse and hover updates (a
    // mouseout of the tapped entry among them); the highlight outlives them.
    await page.waitForTimeout(600);
    assert.equal(await lit(page), 'co.js');
    await tap('h1');
    assert.equal(await lit(page), null);
  });

  await t.test('the page fits the phone and nothing went wrong', async () => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
    assert.deepEqual(problems.list(), []);
  });
});

test('mouse and keyboard are unchanged: click toggles at once, focus on a hidden entry highlights nothing', async (t) => {
  const s = await startSession();
  t.after(() => s.close());
  const { page, problems } = await s.open(PAGE);
  await page.locator(FIG).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${FIG}[data-drawn="true"]`);
  await page.click(`${FIG} [data-series="co.js"]`);
  assert.equal(await pressed(page, 'co.js'), 'false');
  assert.equal(await lit(page), null, 'the focused entry of a hidden series dims the others');
  await page.mouse.move(5, 5);
  await page.focus(`${FIG} [data-series="genny.js"]`);
  await page.keyboard.press('Enter');
  assert.equal(await pressed(page, 'genny.js'), 'false');
  assert.equal(await lit(page), null);
  await page.keyboard.press('Enter');
  assert.equal(await pressed(page, 'genny.js'), 'true');
  assert.deepEqual(problems.list(), []);
});
