'use strict';
// The generator delegation post in Chromium, built as a draft from the
// committed data plus a delegation.json written by a real quick harness run:
// its charts draw, hovering a point shows that point's figures, and the
// reader's filter changes which runners are plotted.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { startSession } = require('../../scripts/site-tools/browser');
const { dataDir } = require('../helpers/data-dir');
const { buildDraftsSite } = require('../helpers/drafts-site');
const { ROOT, BENCH } = require('../fixtures/bench/helpers');
const { chartSteps } = require('./chart-steps');

const PAGE = '/posts/generator-delegation/';
const FIG = '#chart-delegation-depth-1-throughput';

function colourPixels(page, fig) {
  return page.evaluate((sel) => {
    const c = document.querySelector(`${sel} canvas.flot-base`);
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) n++;
    return n;
  }, fig);
}

const { plotted, typeFilter } = chartSteps(FIG);

test('delegation post charts in Chromium, from a quick run', async (t) => {
  const d = dataDir({ drop: ['delegation'] });
  t.after(d.remove);
  const r = spawnSync(process.execPath, [BENCH, '--scenario', 'delegation', '--variants', '^delegation-(co-thunks|bluebird|genny)$',
    '--n', '1,4', '--reps', '1', '--out', path.join(d.dir, 'delegation.json')],
  { cwd: ROOT, encoding: 'utf8', env: Object.assign({}, process.env, { ASYNCBENCH_FAKE_INTERFERENCE: '0' }) });
  assert.equal(r.status, 0, r.stderr);
  const site = buildDraftsSite({ CHARTS_DATA_DIR: d.dir });
  t.after(site.cleanup);
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
      assert.deepEqual((await plotted(page, `#${id}`)).sort(), ['bluebird', 'co-thunks', 'genny']);
    }
  });

  await t.test('hovering a point shows its runner and figure', async () => {
    await page.locator(FIG).scrollIntoViewIfNeeded();
    const at = await page.evaluate((sel) => {
      const plot = jQuery(`${sel} .chart-canvas`).data('plot');
      const s = plot.getData().find((x) => x.label === 'genny');
      const o = plot.pointOffset({ x: s.data[1][0], y: s.data[1][1] });
      const box = document.querySelector(`${sel} .chart-canvas`).getBoundingClientRect();
      return { x: box.left + o.left, y: box.top + o.top };
    }, FIG);
    await page.mouse.move(at.x - 30, at.y + 20);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await page.waitForSelector(`${FIG} .chart-tooltip:not([hidden])`);
    const text = await page.textContent(`${FIG} .chart-tooltip`);
    assert.match(text, /genny/);
  });

  await t.test('the filter hides the runners it matches', async () => {
    await typeFilter(page, 'bluebird');
    await page.waitForFunction((sel) => jQuery(`${sel} .chart-canvas`).data('plot').getData().length === 2, FIG);
    assert.deepEqual((await plotted(page, FIG)).sort(), ['co-thunks', 'genny']);
  });

  assert.deepEqual(problems.list(), [], "no console errors, page errors, failed requests or CSP violations");
});
