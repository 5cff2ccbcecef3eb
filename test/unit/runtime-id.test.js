'use strict';
// scripts/lib/runtime-id.js, a runtime's identity in one module (issue 40,
// item 1), on fixture ids: it makes and parses ids, finds the profile a page's
// name means, names runtimes for readers, orders them by release, and reads
// profiles.json (with ASYNCBENCH_RUNTIME_PROFILES swapping it) for the
// harness and the site alike.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const ids = require('../../scripts/lib/runtime-id');

const { runtimeId, parseRuntimeId, profileName, runtimeMatches, runtimeInfo, exactName, compareVersions, orderRuntimes, runtimesOfCells, byRelease } = ids;

test('an id is made from its parts and parsed back into them', () => {
  const cases = [
    ['node-24@24.21.0', { profile: 'node-24', name: 'node', version: '24.21.0', flags: [] }],
    ['node-0.11@0.11.14', { profile: 'node-0.11', name: 'node', version: '0.11.14', flags: [] }],
    ['bun@1.4.5', { profile: 'bun', name: 'bun', version: '1.4.5', flags: [] }],
    ['chromium@143.0.7499.0', { profile: 'chromium', name: 'chromium', version: '143.0.7499.0', flags: [] }],
    ['node-20.20.2', { profile: null, name: 'node', version: '20.20.2', flags: [] }],
    ['node-0.11.14 --harmony', { profile: null, name: 'node', version: '0.11.14', flags: ['--harmony'] }],
    ['deno-2.9.6 run -A', { profile: null, name: 'deno', version: '2.9.6', flags: ['run', '-A'] }],
    // A lever's configuration of a profile (scripts/lib/levers.js).
    ['node-24@24.21.0 --no-concurrent-osr +warm-gc', { profile: 'node-24', name: 'node', version: '24.21.0', flags: ['--no-concurrent-osr', '+warm-gc'] }],
  ];
  for (const [id, parts] of cases) {
    assert.deepEqual(parseRuntimeId(id), parts, id);
    assert.equal(runtimeId(parts), id, id);
  }
});

test('a page\'s name or an id gives its profile; a binary\'s id has none', () => {
  assert.equal(profileName('node-24@24.21.0'), 'node-24');
  assert.equal(profileName('node-24'), 'node-24');
  assert.equal(profileName('bun@1.4.5'), 'bun');
  assert.equal(profileName('node-20.20.2'), 'node-20.20.2', 'given back whole, which names no profile');
  assert.equal(profileName(''), '');
});

test('a page\'s name matches its ids up to a version separator, and no longer name', () => {
  assert.ok(runtimeMatches('node-24@24.21.0', 'node-24'));
  assert.ok(runtimeMatches('node-20.20.2', 'node-20'));
  assert.ok(runtimeMatches('node-0.11.14 --harmony', 'node-0.11'));
  assert.ok(!runtimeMatches('node-240@1', 'node-24'));
  assert.ok(!runtimeMatches('node-2@2.0.0', 'node-24'));
});

// A perf@1 file's runs, as the harness records them (data/SCHEMA.md).
const RECORDS = {
  'node-0.11@0.11.14': { name: 'node', version: '0.11.14', engine: 'v8', released: '2014-09-24', profile: 'node-0.11', flags: ['--harmony'] },
  'node-22@22.23.3': { name: 'node', version: '22.23.3', engine: 'v8', released: '2026-09-23', profile: 'node-22', flags: [] },
  'node-24@24.21.0': { name: 'node', version: '24.21.0', engine: 'v8', released: '2026-09-08', profile: 'node-24', flags: [] },
  'bun@1.4.5': { name: 'bun', version: '1.4.5', engine: 'jsc', released: '2026-11-19', profile: 'bun', flags: [] },
  'deno@2.9.6': { name: 'deno', version: '2.9.6', engine: 'v8', released: '2026-08-27', profile: 'deno', flags: [] },
  'chromium@143.0.7499.0': { name: 'chromium', version: '143.0.7499.0', engine: 'v8', released: '2025-12-02', profile: 'chromium', flags: [], browser: { driver: 'playwright-core' } },
  'node-20.20.2': { name: 'node', version: 'v20.20.2', flags: [] },
};
const perf = { runs: { r: { runtimes: RECORDS } } };

test('each runtime has one name for readers: its line, or its profile\'s label', () => {
  const label = (id) => runtimeInfo(perf, id).label;
  assert.equal(label('node-0.11@0.11.14'), 'Node 0.11');
  assert.equal(label('node-24@24.21.0'), 'Node 24');
  assert.equal(label('bun@1.4.5'), 'Bun 1.4');
  assert.equal(label('deno@2.9.6'), 'Deno 2.9');
  assert.equal(label('chromium@143.0.7499.0'), 'Chromium (V8 in a browser)');
  assert.equal(label('node-20.20.2'), 'Node 20', 'a binary is named by its line too, its "v" dropped');
  // A run that recorded no more than the id is completed from the profile.
  const bare = runtimeInfo({ runs: {} }, 'bun@1.4.5');
  assert.deepEqual([bare.name, bare.version, bare.engine, bare.label], ['bun', '1.4.5', 'jsc', 'Bun 1.4']);
  assert.match(bare.released, /^\d{4}-\d\d-\d\d$/);
});

test('the exact name says what ran: name, version and flags', () => {
  assert.equal(exactName(RECORDS['node-0.11@0.11.14']), 'node 0.11.14 --harmony');
  assert.equal(exactName(RECORDS['bun@1.4.5']), 'bun 1.4.5');
  assert.equal(exactName({ name: 'node', version: '24.21.0' }), 'node 24.21.0');
});

test('one release order: families by first release, versions up, a browser last', () => {
  const cells = Object.keys(RECORDS).filter((id) => id !== 'node-20.20.2').reverse().map((runtime) => ({ runtime }));
  assert.deepEqual(runtimesOfCells(perf, cells).map((r) => r.id),
    ['node-0.11@0.11.14', 'node-22@22.23.3', 'node-24@24.21.0', 'deno@2.9.6', 'bun@1.4.5', 'chromium@143.0.7499.0']);
  assert.ok(compareVersions('0.11.14', '4.9.1') < 0);
  assert.ok(compareVersions('22.23.3', '24.21.0') < 0);
  assert.equal(compareVersions('1.4', '1.4.0'), 0);
  const infos = [{ name: 'b', version: '2', released: '2001' }, { name: 'a', version: '1', released: '2002' }];
  assert.deepEqual(orderRuntimes(infos).map((r) => r.name), ['b', 'a'], 'by the family\'s first release, not by name');
});

// A profiles file of our own, as ASYNCBENCH_RUNTIME_PROFILES names one.
function withProfiles(t, data) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-runtime-id-'));
  const file = path.join(dir, 'profiles.json');
  fs.writeFileSync(file, JSON.stringify(data));
  const before = process.env.ASYNCBENCH_RUNTIME_PROFILES;
  process.env.ASYNCBENCH_RUNTIME_PROFILES = file;
  t.after(() => {
    if (before === undefined) delete process.env.ASYNCBENCH_RUNTIME_PROFILES;
    else process.env.ASYNCBENCH_RUNTIME_PROFILES = before;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return file;
}

const profile = (runtime, version, released, extra = {}) => ({ runtime, engine: 'v8', package: 'p', version, released, binary: 'bin/x', flags: [], gcFlags: [], libraries: 'set', fibers: {}, ...extra });

test('profiles.json is read through ASYNCBENCH_RUNTIME_PROFILES by the harness and the site alike', (t) => {
  const file = withProfiles(t, {
    profiles: {
      'z-2': profile('z', '2.0.0', '2020-01-01'),
      'node-9': profile('node', '9.0.0', '2019-06-01', { label: 'Node Nine' }),
      'node-10': profile('node', '10.1.0', '2018-01-01'),
    },
    browsers: { $comment: 'none', browsy: { runtime: 'browsy', engine: 'v8', released: '2000-01-01', label: 'Browsy' } },
    librarySets: { set: { packages: {} } },
  });
  assert.equal(ids.profilesFile(), file);
  assert.deepEqual(ids.profileNames(), ['z-2', 'node-9', 'node-10']);
  assert.deepEqual(ids.browserNames(), ['browsy']);
  assert.deepEqual(byRelease(), ['node-9', 'node-10', 'z-2'], 'Node came out first (10 in 2018), then its versions go up');
  // The site's names come from the same file (it used to require profiles.json itself).
  assert.equal(runtimeInfo({ runs: {} }, 'node-9@9.0.0').label, 'Node Nine');
  assert.equal(runtimeInfo({ runs: {} }, 'browsy@1.0').label, 'Browsy');
  assert.equal(runtimeInfo({ runs: {} }, 'browsy@1.0').browser, true);
});

test('a profiles file that cannot be read, or names a missing library set, is refused naming the file', (t) => {
  const file = withProfiles(t, { profiles: { 'x-1': profile('x', '1.0.0', '2020-01-01', { libraries: 'gone' }) }, librarySets: {} });
  assert.throws(() => ids.loadProfiles(), (err) => err.message.startsWith(`${file}: profile x-1 names library set "gone"`));
  assert.throws(() => ids.loadProfiles(path.join(path.dirname(file), 'missing.json')), /missing\.json: cannot read the runtime profiles/);
});
