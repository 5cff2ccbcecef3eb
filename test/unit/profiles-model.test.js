'use strict';
// The site's model of data/profiles.json (site/models/profiles.js) on a
// hand-written file (test/fixtures/profiles/data/): the table of where each
// style's time goes, the view the article's claim checks read, the prose
// shortcode's numbers, and the errors that say what is missing and how to
// profile it.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { makeLoader } = require('../../site/lib/data-files');
const { ProseNumberError } = require('../../site/lib/lookup');
const { tableModel, PROSE } = require('../../site/models');
const { profileView, shareText, bytesText } = require('../../site/models/profiles');

const DATA = path.join(__dirname, '..', 'fixtures', 'profiles', 'data');
const load = makeLoader({ dataDir: DATA });
const prose = (variant, kw) => PROSE.profile(load, [variant], kw);
const refused = (fn, re) => assert.throws(fn, (err) => err instanceof ProseNumberError && re.test(err.message));

test('the table: one row per variant asked for, the largest parts\' shares, bytes and promises per call', () => {
  const model = tableModel('profile', { variants: 'promises-q,original,promises-native', runtime: 'node-24' }, load);
  // The four parts of largest share in any row: node (50 in original), q (42), gc (40), harness (30).
  assert.deepEqual(model.columns.map((c) => c.title), ['Variant', 'Node', 'q', 'GC', 'Harness and fakes', 'The rest', 'Allocated per call', 'Native promises per call']);
  assert.deepEqual(model.rows, [
    { variant: 'promises-q', 'part:node': '10', 'part:q': '42', 'part:gc': '40', 'part:harness': '6', rest: '2', alloc: '54 kB', promises: '0' },
    { variant: 'original', 'part:node': '50', 'part:q': '0', 'part:gc': '10', 'part:harness': '30', rest: '10', alloc: '6.7 kB', promises: '0' },
    { variant: 'promises-native', 'part:node': '40', 'part:q': '0', 'part:gc': '20', 'part:harness': '9', rest: '31', alloc: '940 bytes', promises: '22' },
  ]);
  assert.match(model.caption, /Node 24\.21\.0: each part’s share of the busy time .* over 2 warm batches of n = 1000 calls sampled every 100 µs/);
  assert.equal(model.env, 'node 24.21.0, AMD EPYC · kernel …v782 (2 cores), 2026-12-01, commit 0123456789');
  assert.deepEqual(model.commands, ['npm run profiles']);
  const chosen = tableModel('profile', { variants: 'promises-q', parts: 'variant,q' }, load);
  assert.deepEqual(chosen.columns.slice(1, 3).map((c) => c.title), ['Its own file', 'q'], 'parts= names the columns');
  assert.throws(() => tableModel('profile', { variants: 'promises-q', parts: 'bluebird' }, load), /parts="bluebird" names "bluebird", which no row has \(they have: adapter, gc/);
});

test('the table in a browser: no allocation or promise counts, each saying why; a skipped variant keeps its row with the reason', () => {
  const model = tableModel('profile', { runtime: 'chromium', variants: 'promises-bluebird,fibrous' }, load);
  assert.match(model.caption, /Chromium 143\.0\.7499\.0, in a dedicated worker/);
  const [bluebird, fibrous] = model.rows;
  assert.equal(bluebird['part:bluebird'], '60');
  assert.deepEqual(bluebird.alloc, { text: '–', title: 'allocations are sampled in the Node processes only' });
  assert.equal(fibrous['part:bluebird'].text, '–');
  assert.match(fibrous['part:bluebird'].title, /^skipped: needs fibers/);
});

test('without data/profiles.json the table says it is not measured, and a figure stops the build naming the command', (t) => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-profiles-'));
  t.after(() => fs.rmSync(empty, { recursive: true, force: true }));
  const none = makeLoader({ dataDir: empty });
  const model = tableModel('profile', { variants: 'promises-q' }, none);
  assert.deepEqual(model.rows, []);
  assert.match(model.empty, /make data\/profiles\.json with npm run profiles/);
  refused(() => profileView(none, { variant: 'promises-q' }), /data\/profiles\.json does not exist yet; make it with npm run profiles/);
  assert.throws(() => none('profiles'), /profiles\.json: missing; the site draws from it\. Make it with: npm run profiles$/m, 'the data check names the command too');
});

test('profileView: the parts by share, the allocation and async counts, Bluebird\'s scheduler', () => {
  const q = profileView(load, { variant: 'promises-q', runtime: 'node-24' });
  assert.deepEqual(q.categories.map((c) => [c.name, c.share]), [['q', 0.42], ['gc', 0.4], ['node', 0.1], ['harness', 0.06], ['variant', 0.015], ['adapter', 0.005]]);
  assert.equal(q.allocPerCall, 54474);
  assert.deepEqual(q.asyncPerCall, { TickObject: 7.001, Timeout: 7 });
  assert.equal(q.scheduler.kind, 'setImmediate');
  assert.equal(q.runtime, 'node-24@24.21.0');
  assert.equal(profileView(load, { variant: 'promises-q' }).runtime, 'node-24@24.21.0', 'unnamed, the runtime is now\'s');
  assert.equal(profileView(load, { variant: 'promises-q', runtime: 'node-24@24.21.0' }).profile, 'node-24', 'or named by its id');
  const old = profileView(load, { variant: 'promises-q', runtime: 'node-12' });
  assert.equal(old.allocPerCall, null);
  assert.match(old.allocationNote, /keeps no samples of objects a collection freed/);
  const browser = profileView(load, { variant: 'promises-bluebird', runtime: 'chromium' });
  assert.equal(browser.where, 'worker');
  assert.equal(browser.asyncPerCall, null);
  assert.equal(browser.scheduler.kind, 'promise-then');
  assert.equal(browser.longStackTraces, true);
});

test('profileView refuses what the file does not hold, saying what it holds and how to profile it', () => {
  refused(() => profileView(load, { variant: 'generators-co' }),
    /holds no profile of generators-co on node-24 \(on node-24 it has: original, promises-native, promises-q\); profile it with npm run profiles -- --runtimes node-24 --variants '\^generators-co\$' --out data\/profiles\.json --resume/);
  refused(() => profileView(load, { variant: 'promises-q', runtime: 'node-20' }), /holds no pair on node-20 \(it has: chromium, node-12, node-24\)/);
  refused(() => profileView(load, { variant: 'fibrous', runtime: 'chromium' }), /has no profile of fibrous on chromium: it was skipped \(needs fibers/);
  refused(() => profileView(load, {}), /name the variant \(it has: original, promises-bluebird/);
});

test('the prose shortcode: a share as a whole percent, bytes with one rule, counts per call, the scheduler in words', () => {
  assert.equal(prose('promises-q', { part: 'q' }), '42 %');
  assert.equal(prose('promises-q', { part: 'adapter', field: 'share' }), '1 %', 'a half percent rounds up');
  assert.equal(prose('promises-q', { field: 'allocPerCall' }), '54 kB');
  assert.equal(prose('promises-q', { field: 'allocPerCall', part: 'q' }), '47 kB');
  assert.equal(prose('original', { field: 'allocPerCall' }), '6.7 kB');
  assert.equal(prose('promises-native', { field: 'asyncPerCall', type: 'PROMISE' }), '22');
  assert.equal(prose('original', { field: 'asyncPerCall', type: 'PROMISE' }), '0', 'a type the file knows, which this pair never made');
  assert.equal(prose('promises-q', { field: 'asyncPerCall', type: 'TickObject' }), '7');
  assert.equal(prose('promises-bluebird', { runtime: 'chromium', field: 'scheduler' }), 'a resolved native promise’s then (a microtask)');
  assert.equal(prose('promises-bluebird', { runtime: 'chromium', field: 'longStackTraces' }), 'on');
  refused(() => prose('promises-q', {}), /part= names the part whose share to give \(promises-q on node-24@24\.21\.0 has: adapter, gc, harness, node, q, variant\)/);
  refused(() => prose('promises-q', { part: 'bluebird' }), /part="bluebird" is no part of promises-q on node-24@24\.21\.0's CPU profile/);
  refused(() => prose('promises-q', { runtime: 'node-12', field: 'allocPerCall' }), /has no allocation figure: the sampling heap profiler of V8 7\.8/);
  refused(() => prose('promises-bluebird', { runtime: 'chromium', field: 'asyncPerCall', type: 'PROMISE' }), /counted in the Node processes only/);
  refused(() => prose('promises-q', { field: 'asyncPerCall', type: 'Promise' }), /type= names an async resource type \(the file has: PROMISE, TickObject, Timeout\)/);
  refused(() => prose('promises-q', { field: 'selfMs' }), /unknown field="selfMs"/);
});

test('the rules of the numbers in words', () => {
  assert.equal(shareText(0.425), '43 %');
  assert.equal(shareText(0), '0 %');
  assert.equal(shareText(0.004), 'under 1 %');
  assert.equal(bytesText(640.4), '640 bytes');
  assert.equal(bytesText(999.6), '1 kB', 'a figure that rounds to 1,000 bytes is 1 kB');
  assert.equal(bytesText(4249), '4.2 kB');
  assert.equal(bytesText(54474), '54 kB');
  assert.equal(bytesText(1234567), '1,235 kB');
});
