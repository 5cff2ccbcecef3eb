// `npm run runtimes`: invalid input exits 2 naming what is wrong, before
// anything is downloaded; fibers is refused, with the reason, where it cannot load.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { runCli, tempCache } = require('../helpers/runtimes');
const { loadProfiles } = require('../../scripts/lib/runtime-id');

test('an unknown profile exits 2 naming it, whatever the command, and creates nothing', (t) => {
  const cache = tempCache(t);
  for (const command of ['install', 'probe', 'path', 'fibers', 'libs']) {
    const r = runCli([command, 'node-0.99'], { ASYNCBENCH_CACHE: cache });
    assert.equal(r.code, 2, `${command}: ${r.stderr}`);
    assert.match(r.lastError, /^runtimes: unknown runtime profile "node-0\.99"; known: node-0\.11, .*deno/, command);
  }
  // A bad name later in the list stops the command before the good ones download.
  const r = runCli(['install', 'node-0.11', 'nodejs-22'], { ASYNCBENCH_CACHE: cache });
  assert.equal(r.code, 2);
  assert.match(r.lastError, /"nodejs-22"/);
  assert.deepEqual(fs.readdirSync(cache), []);
});

test('an unknown command or option, or no command, exits 2 naming it', () => {
  let r = runCli(['instal', 'node-0.11']);
  assert.equal(r.code, 2);
  assert.match(r.lastError, /unknown command "instal"/);
  r = runCli(['list', '--jsn']);
  assert.equal(r.code, 2);
  assert.match(r.lastError, /list: unknown option "--jsn"/);
  r = runCli([]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /Usage: npm run runtimes/);
  r = runCli(['install']);
  assert.equal(r.code, 2);
  assert.match(r.lastError, /name at least one profile/);
});

test('fibers is refused on Node 16 and later, Bun and Deno, with the reason, without a download', (t) => {
  const cache = tempCache(t);
  const r16 = runCli(['fibers', 'node-16'], { ASYNCBENCH_CACHE: cache });
  assert.equal(r16.code, 1);
  assert.match(r16.lastError, /^runtimes: node-16: fibers does not load on Node 16\+: .*aborts at load/);
  for (const name of ['node-18', 'node-20', 'node-22', 'node-24', 'node-26']) {
    const r = runCli(['fibers', name], { ASYNCBENCH_CACHE: cache });
    assert.equal(r.code, 1, name);
    assert.match(r.lastError, new RegExp(`^runtimes: ${name}: fibers does not load on Node 16\\+: `));
  }
  for (const [name, why] of [['bun', /fibers does not load on Bun: .*JavaScriptCore/], ['deno', /fibers does not load on Deno: /]]) {
    const r = runCli(['fibers', name], { ASYNCBENCH_CACHE: cache });
    assert.equal(r.code, 1, name);
    assert.match(r.lastError, why);
  }
  assert.deepEqual(fs.readdirSync(cache), [], 'nothing was downloaded or built');
});

test('list shows every profile, none installed in an empty cache', (t) => {
  const cache = tempCache(t);
  const r = runCli(['list', '--json'], { ASYNCBENCH_CACHE: cache });
  assert.equal(r.code, 0, r.stderr);
  const rows = JSON.parse(r.stdout);
  const { profiles } = loadProfiles();
  assert.deepEqual(rows.map((x) => x.name), Object.keys(profiles));
  assert.ok(rows.every((x) => x.installed === false && x.capabilities === null));
});
