'use strict';
// The reader's view of each chart lives in the URL fragment (charts.js with
// assets/js/chart-state.js): changing a chart changes the URL, opening that
// URL in a new page shows the same view, several charts keep their own
// parts, the "#" permalinks carry the view, and a malformed fragment leaves
// the page working in the author's view. Uses the results page's 2013
// charts, whose data (data/reference-2013.json) never change.
const test = require('node:test');
const assert = require('node:assert/strict');
const { startSession } = require('../helpers/browser-session');
const { chartSteps } = require('./chart-steps');

const PAGE = '/posts/results/';
const CPU = '#chart-2013-cpu';
const IO = '#chart-2013-io';

// Everything a reader can change on one chart, as the page shows it.
async function view(page, fig) {
  const dom = await page.evaluate((sel) => {
    const f = document.querySelector(sel);
    return {
      filter: f.querySelector('.chart-filter').value,
      legend: [...f.querySelectorAll('.chart-legend [data-series]')].map((b) => `${b.dataset.series}:${b.getAttribute('aria-pressed')}`),
      log: f.querySelector('.chart-log') ? f.querySelector('.chart-log').checked : null,
      table: f.querySelector('.chart-table').open,
      error: f.querySelector('.chart-error').textContent,
    };
  }, fig);
  return { ...dom, ...(await plotState(page, fig)) };
}

async function drawn(page, fig) {
  await page.locator(fig).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${fig}[data-drawn="true"]:not([aria-busy])`, { state: 'attached' });
}

const { plotState } = chartSteps();

const hashOf = (page) => page.evaluate(() => location.hash);

test('chart state in the URL fragment', async (t) => {
  const s = await startSession();
  t.after(() => s.close());
  const { page, problems } = await s.open(PAGE);
  await drawn(page, CPU);
  await drawn(page, IO);
  const authorCpu = await view(page, CPU);
  const authorIo = await view(page, IO);
  assert.equal(await hashOf(page), '', 'the author view needs no fragment');

  let url;
  await t.test('filter, hidden series, log axis and table of two charts go into the fragment', async () => {
    await page.fill(`${CPU} .chart-filter`, 'co|genny');
    await page.waitForSelector(`${CPU}:not([aria-busy])`, { state: 'attached' });
    await page.click(`${CPU} [data-series="async.js"]`);
    await page.check(`${CPU} .chart-log`);
    await page.click(`${IO} .chart-table summary`);
    await page.click(`${IO} [data-series="${authorIo.legend[0].split(':')[0]}"]`);
    // Written once the reader pauses, so wait for the whole view, not a step on the way.
    await page.waitForFunction(() => /2013-io=h:[^;&]+;t:1/.test(location.hash) && /2013-cpu=r:[^;&]+;h:[^;&]+;l:1/.test(location.hash));
    const hash = decodeURIComponent(await hashOf(page));
    assert.match(hash, /^#chart-2013-io&/, 'the anchor is the chart changed last');
    assert.match(hash, /2013-cpu=r:co\|genny;h:async\.js;l:1/);
    assert.match(hash, /2013-io=h:[^;&]+;t:1/);
    const href = await page.getAttribute(`${CPU} .chart-permalink`, 'href');
    assert.match(href, /^#chart-2013-cpu&.*2013-cpu=.*2013-io=/, 'the permalink carries the whole view');
    url = page.url();
  });

  await t.test('the URL opened in a new page shows the same view on both charts', async () => {
    const cpu = await view(page, CPU);
    const io = await view(page, IO);
    assert.notDeepEqual(cpu, authorCpu);
    assert.notDeepEqual(io, authorIo);
    const other = await s.open(url.replace(s.baseURL, ''));
    await drawn(other.page, CPU);
    await drawn(other.page, IO);
    assert.deepEqual(await view(other.page, CPU), cpu);
    assert.deepEqual(await view(other.page, IO), io);
    assert.equal(cpu.yMode, 'log');
    await s.snapshot(other.page.locator(CPU), 'chart-state-shared-light.png');
    assert.deepEqual(other.problems.list(), []);
  });

  await t.test('a link to a view goes to its chart by itself: the browser cannot (no element has that id), so the chart loader does', async () => {
    const other = await s.open(url.replace(s.baseURL, ''));
    // No scrolling here: the anchored chart comes into view, the bundle loads, the view applies.
    await other.page.waitForSelector(`${IO}[data-drawn="true"]`, { state: 'attached' });
    const inView = await other.page.$eval(IO, (f) => { const r = f.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; });
    assert.ok(inView, 'the anchored chart is on screen');
    assert.equal((await view(other.page, IO)).table, true);
    assert.deepEqual(other.problems.list(), []);
  });

  await t.test('Reset takes a chart out of the fragment; the other keeps its part', async () => {
    await page.click(`${CPU} .chart-reset`);
    await page.waitForFunction(() => !/2013-cpu=/.test(location.hash));
    assert.match(await hashOf(page), /2013-io=/);
    assert.deepEqual(await view(page, CPU), authorCpu);
  });

  await t.test('a new fragment in the same tab (hashchange) applies; a plain anchor keeps the view', async () => {
    await page.evaluate(() => { location.hash = '#chart-2013-cpu&2013-cpu=h:co.js'; });
    await page.waitForFunction((sel) => document.querySelector(`${sel} [data-series="co.js"]`).getAttribute('aria-pressed') === 'false', CPU);
    assert.deepEqual(await view(page, IO), authorIo, 'a chart the fragment leaves out returns to the author view');
    await page.evaluate(() => { location.hash = '#chart-2013-memory'; });
    await page.waitForFunction(() => /2013-cpu=h:co\.js/.test(location.hash));
    assert.match(await hashOf(page), /^#chart-2013-memory&/);
  });

  await t.test('every chart and table has a named "#" permalink, shown on hover and on keyboard focus', async () => {
    const links = await page.$$eval('figure.chart, figure.data-table', (fs) => fs.map((f) => {
      const a = f.querySelector('figcaption > a.chart-permalink');
      return { id: f.id, href: a && a.getAttribute('href'), name: a && a.getAttribute('aria-label') };
    }));
    assert.ok(links.some((l) => !l.id.startsWith('chart-')), 'the page has tables too');
    for (const l of links) {
      assert.ok(l.href && l.href.startsWith(`#${l.id}`), `${l.id}: permalink ${l.href}`);
      assert.match(l.name, /^Link to this (chart|table)$/, l.id);
    }
    const opacity = () => page.$eval(`${IO} .chart-permalink`, (a) => getComputedStyle(a).opacity);
    await page.mouse.move(1, 1);
    await page.waitForFunction((sel) => getComputedStyle(document.querySelector(`${sel} .chart-permalink`)).opacity === '0', IO);
    await page.hover(`${IO} .chart-canvas`);
    await page.waitForFunction((sel) => getComputedStyle(document.querySelector(`${sel} .chart-permalink`)).opacity === '1', IO);
    await page.mouse.move(1, 1);
    await page.focus(`${IO} .chart-filter`);
    await page.keyboard.press('Shift+Tab'); // back onto the permalink, the figure's first stop
    assert.equal(await page.evaluate(() => document.activeElement.className), 'chart-permalink');
    await page.waitForFunction((sel) => getComputedStyle(document.querySelector(`${sel} .chart-permalink`)).opacity === '1', IO);
    assert.equal(await opacity(), '1');
  });

  await t.test('no console errors or CSP violations', () => {
    assert.deepEqual(problems.list(), []);
  });

  await t.test('malformed fragments: the page works, in the author view, and charts still respond', async () => {
    const bad = [
      '#%E0%A4%A',
      '#chart-2013-cpu&2013-cpu=r:%E0%A4%A;h:%ZZ;l:maybe;t:2;zz:1',
      '#&&==;;::,,&2013-cpu=&2013-cpu&=r:x',
      '#2013-cpu=r:co(',
      '#2013-cpu=h:no-such-series,,;l:1&no-such-chart=h:x&__proto__=h:co.js',
      `#2013-cpu=r:${'a'.repeat(9000)}`,
      '#<img src=x onerror=alert(1)>&2013-cpu=h:%3Cb%3E',
    ];
    for (const frag of bad) {
      const { page: p, problems: pr } = await s.open(PAGE + frag);
      await drawn(p, CPU);
      const v = await view(p, CPU);
      assert.equal(v.filter, authorCpu.filter, frag);
      assert.equal(v.error, '', frag);
      assert.ok(v.plotted.length > 0, frag);
      await p.click(`${CPU} [data-series="co.js"]`);
      assert.ok(!(await view(p, CPU)).plotted.includes('co.js'), `${frag}: the legend no longer toggles`);
      assert.deepEqual(pr.list(), [], frag);
      await p.context().close();
    }
    // The one usable field of a half-broken link is still applied.
    const { page: p } = await s.open(`${PAGE}#2013-cpu=h:genny.js,%ZZ;l:1;r:%E0`);
    await drawn(p, CPU);
    const v = await view(p, CPU);
    assert.ok(v.legend.includes('genny.js:true'), 'a broken h: field is dropped whole');
    assert.equal(v.log, true, 'the valid l: field is applied');
    assert.equal(v.filter, authorCpu.filter, 'the broken r: field is dropped');
    await p.context().close();
  });
});
